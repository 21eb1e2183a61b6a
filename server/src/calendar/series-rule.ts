/**
 * Which dates a series gives once its rule or start changed, and where a changed rule starts
 * (docs/decisions/041-repeat-rules-and-occurrence-routes.md): a new rule takes effect on its
 * first date on or after the old start, and exceptions stay only on dates the series still gives.
 */
import type { EventRecord } from './occurrences.ts';
import { dateMs, firstStarts, isoDate, seriesStarts, timingOf } from './occurrences.ts';

const DAY_MS = 86_400_000;

/** Is `date` an occurrence the series gives (exceptions aside)? Never for a single event. */
export function givesDate(series: EventRecord, date: string): boolean {
  const timing = timingOf(series);
  const day = dateMs(date);
  if (!series.rrule || !timing || Number.isNaN(day)) return false;
  return seriesStarts(series, timing, day, day).length > 0;
}

/**
 * The row moved to the first date its rule gives on or after `from`, its last day with it:
 * a weekly Tuesday meeting changed to Wednesdays starts on the next Wednesday. A rule that gives
 * nothing leaves the row as it is, for the shape check to refuse.
 */
export function startOnRule(row: EventRecord, from: string): EventRecord {
  if (!row.rrule) return row;
  const first = firstStarts({ ...row, event_date: from }, 1)[0];
  if (!first || first === row.event_date) return row;
  const shift = dateMs(first) - dateMs(row.event_date);
  const end = row.end_date ? dateMs(row.end_date) : Number.NaN;
  return {
    ...row,
    event_date: first,
    end_date: Number.isNaN(end) ? (row.end_date ?? null) : isoDate(end + shift),
  };
}

/** A series' exceptions sorted into those it still gives a date for and those it no longer does. */
export function exceptionsKept(
  series: EventRecord,
  exdates: readonly string[],
  overrides: readonly EventRecord[],
): { exdates: string | null; kept: EventRecord[]; dropped: EventRecord[] } {
  const gives = (d: string) => givesDate(series, d);
  const kept = overrides.filter((o) => gives(o.recurrence_date ?? ''));
  return {
    exdates: exdates.filter(gives).join(',') || null,
    kept,
    dropped: overrides.filter((o) => !kept.includes(o)),
  };
}

/** The dates `series` gives before `date` (exceptions included, as COUNT counts them). */
export function datesBefore(series: EventRecord, date: string): string[] {
  const timing = timingOf(series);
  if (!timing || !series.rrule) return [];
  const from = timing.startMs - (timing.startMs % DAY_MS);
  return seriesStarts(series, timing, from, dateMs(date) - DAY_MS).map(isoDate);
}

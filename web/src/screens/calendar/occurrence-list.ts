/**
 * The window of series occurrences the calendar list reads
 * (docs/decisions/042-series-in-the-calendar-list.md); the rows themselves are built by
 * protocol/src/calendar-list.ts.
 */
import { addDays } from '@scout/protocol/wall-clock';

/**
 * Days before today the list first reads series for, so recent meetings stay behind Show earlier
 * events; older ones are read a window at a time when asked for (windowBefore).
 */
export const SERIES_DAYS_BEFORE = 35;
/** The server's longest window is 400 days (decision 041); the rest lies ahead of today. */
export const SERIES_WINDOW_DAYS = 400;

/** The window of series occurrences the list reads, for a YYYY-MM-DD today. */
export function seriesWindow(today: string): { from: string; to: string } {
  const from = addDays(today, -SERIES_DAYS_BEFORE);
  return { from, to: addDays(from, SERIES_WINDOW_DAYS - 1) };
}

/** The window of SERIES_WINDOW_DAYS days just before `from`: where "Show earlier events" reads next. */
export function windowBefore(from: string): { from: string; to: string } {
  const to = addDays(from, -1);
  return { from: addDays(to, -(SERIES_WINDOW_DAYS - 1)), to };
}

/** The first day any series among Data API rows starts (its own row or a changed occurrence's); null for none. */
export function earliestSeriesStart(rows: readonly Record<string, unknown>[]): string | null {
  let first: string | null = null;
  for (const r of rows) {
    const date = typeof r.eventDate === 'string' ? r.eventDate : '';
    if ((r.rrule || r.seriesId) && date !== '' && (first === null || date < first)) first = date;
  }
  return first;
}

/** Lists read over several windows as one; an occurrence reaching into two windows once. */
export function joinWindows<T extends { id: string }>(lists: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const out: T[] = [];
  for (const list of lists)
    for (const e of list)
      if (!seen.has(e.id)) {
        seen.add(e.id);
        out.push(e);
      }
  return out;
}

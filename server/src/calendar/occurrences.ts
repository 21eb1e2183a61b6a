/**
 * Calendar rows -> the occurrences a window of local dates shows. Pure: a series is one row
 * expanded here with the `rrule` library, never stored once per occurrence
 * (docs/decisions/040-recurring-event-storage.md). Dates and times are wall-clock values in the
 * troop's zone throughout, so a daylight-saving change moves no meeting; given the zone, a time
 * its clocks skip is answered as they show it (protocol/src/wall-clock.ts).
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { shownSpan } from '@scout/protocol/wall-clock';
import rrulePackage from 'rrule';
import { readRepeatRule, ruleOptions } from './repeat-rule.ts';
import { readBoolean } from '../store/sql-values.ts';
import { isoDay } from '@scout/protocol/wall-clock';

const { RRule } = rrulePackage;

/** A row of calendar_events as either store returns it (booleans may be 0/1 on SQLite). */
export interface EventRecord {
  id: string;
  /** Always stored; optional so the feed's tests can leave it out. */
  user_id?: string;
  event_name: string | null;
  event_date: string | null;
  event_time: string | null;
  end_date?: string | null;
  end_time?: string | null;
  all_day?: boolean | number | string | null;
  location?: string | null;
  description?: string | null;
  category?: string | null;
  rrule?: string | null;
  status?: string | null;
  cancel_reason?: string | null;
  exdates?: string | null;
  series_id?: string | null;
  recurrence_date?: string | null;
  /** An instant (ISO 8601, UTC) after which only leaders change answers. */
  rsvp_deadline?: string | null;
  /** People going at most; past it, answers wait on a waitlist. */
  capacity?: number | string | null;
  hyperlink: string | null;
  creator_name: string | null;
  created_at: string | null;
  updated_at: string | null;
  sequence: number | string | null;
  /** The unit the row is of, where a read of a troop and its council asked for it. */
  troop_id?: string;
}

export type Occurrence = WireOccurrence;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const isAllDay = (v: EventRecord['all_day']) => readBoolean(v);

/** `YYYY-MM-DD` -> ms at midnight UTC, or NaN. */
export function dateMs(date: string | null | undefined): number {
  const m = DATE.exec(date ?? '');
  if (!m) return Number.NaN;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return isoDay(ms) === date ? ms : Number.NaN;
}

/** `ms` as its UTC day, `YYYY-MM-DD` (protocol/src/wall-clock.ts). */
export const isoDate = isoDay;

/** Minutes after midnight of `HH:mm`, or null. */
export function minutesOf(time: string | null | undefined): number | null {
  const m = TIME.exec(time ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Where an event starts and how long it lasts, in whole days and an end time. */
export interface EventTiming {
  startMs: number;
  allDay: boolean;
  time: string | null;
  /** Days from the first to the last day. */
  spanDays: number;
  endTime: string | null;
}

export function timingOf(row: EventRecord): EventTiming | null {
  const day = dateMs(row.event_date);
  if (Number.isNaN(day)) return null;
  const start = minutesOf(row.event_time);
  const allDay = isAllDay(row.all_day) || start === null;
  const endDay = row.end_date ? dateMs(row.end_date) : day;
  const spanDays = Number.isNaN(endDay) || endDay < day ? 0 : Math.round((endDay - day) / DAY_MS);
  return {
    startMs: day + (allDay ? 0 : (start ?? 0) * 60_000),
    allDay,
    time: allDay ? null : (row.event_time ?? null),
    spanDays,
    endTime: allDay ? null : minutesOf(row.end_time) === null ? null : (row.end_time ?? null),
  };
}

export const exdateList = (raw: string | null | undefined): string[] =>
  raw ? raw.split(',').filter((d) => d !== '') : [];

function occurrenceOf(
  row: EventRecord,
  timing: EventTiming,
  dayMs: number,
  series: EventRecord | null,
  seriesRule: string | null,
  timeZone: string | undefined,
): Occurrence {
  const occurrence: Occurrence = {
    eventId: row.id,
    seriesId: series?.id ?? row.series_id ?? null,
    occurrenceDate: series ? isoDate(dayMs) : (row.recurrence_date ?? null),
    rrule: series?.rrule ?? seriesRule,
    date: isoDate(dayMs),
    time: timing.time,
    endDate: isoDate(dayMs + timing.spanDays * DAY_MS),
    endTime: timing.endTime,
    allDay: timing.allDay,
    name: row.event_name?.trim() || 'Troop event',
    location: row.location ?? null,
    description: row.description ?? null,
    category: row.category ?? null,
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    cancelReason: row.cancel_reason ?? null,
    hyperlink: row.hyperlink ?? null,
    rsvpDeadline: row.rsvp_deadline ?? null,
    capacity: row.capacity === null || row.capacity === undefined ? null : Number(row.capacity),
    creatorName: row.creator_name ?? null,
    userId: row.user_id ?? '',
  };
  return timeZone ? shownSpan(timeZone, occurrence) : occurrence;
}

/** The local start dates (ms at midnight UTC) of a series from `fromMs` to `toMs`, exceptions not removed. */
export function seriesStarts(
  row: EventRecord,
  timing: EventTiming,
  fromMs: number,
  toMs: number,
): number[] {
  const rule = readRepeatRule(row.rrule ?? '');
  const r = new RRule(ruleOptions(rule, new Date(timing.startMs)));
  return r
    .between(new Date(fromMs), new Date(toMs + DAY_MS - 1), true)
    .map((d) => Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
}

/**
 * Every occurrence reaching into [from, to] (local dates, both included), by date, time, id.
 * Rows that cannot be read (a bad date, a rule the checks would refuse) are left out, so one
 * bad row never hides the rest. With the troop's `timeZone`, times are as its clocks show them:
 * a start the clocks skip is answered as late as the skip is long (protocol/src/wall-clock.ts).
 */
export function expandOccurrences(
  rows: readonly EventRecord[],
  from: string,
  to: string,
  timeZone?: string,
): Occurrence[] {
  const fromMs = dateMs(from);
  const toMs = dateMs(to);
  const overrides = new Map<string, Set<string>>();
  const rules = new Map<string, string>();
  for (const row of rows) {
    if (row.rrule) rules.set(row.id, row.rrule);
    if (!row.series_id || !row.recurrence_date) continue;
    let dates = overrides.get(row.series_id);
    if (!dates) overrides.set(row.series_id, (dates = new Set()));
    dates.add(row.recurrence_date);
  }
  const out: Occurrence[] = [];
  for (const row of rows) {
    const timing = timingOf(row);
    if (!timing) continue;
    const first = dateMs(row.event_date);
    if (!row.rrule) {
      const last = first + timing.spanDays * DAY_MS;
      const rule = row.series_id ? (rules.get(row.series_id) ?? null) : null;
      if (last >= fromMs && first <= toMs)
        out.push(occurrenceOf(row, timing, first, null, rule, timeZone));
      continue;
    }
    let starts: number[];
    try {
      starts = seriesStarts(row, timing, fromMs - timing.spanDays * DAY_MS, toMs);
    } catch {
      continue;
    }
    const skip = new Set([...exdateList(row.exdates), ...(overrides.get(row.id) ?? [])]);
    for (const day of starts) {
      if (!skip.has(isoDate(day))) out.push(occurrenceOf(row, timing, day, row, null, timeZone));
    }
  }
  return out.sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      (a.time ?? '').localeCompare(b.time ?? '') ||
      a.eventId.localeCompare(b.eventId),
  );
}

/** The occurrence dates of a series from its start up to `limit` of them (for checks and splits). */
export function firstStarts(row: EventRecord, limit: number): string[] {
  const timing = timingOf(row);
  if (!timing || !row.rrule) return [];
  const r = new RRule(ruleOptions(readRepeatRule(row.rrule), new Date(timing.startMs)));
  return r
    .all((_, i) => i < limit)
    .map((d) => isoDate(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())));
}

/** The series on one of its dates, as a changed occurrence that changes nothing. */
export function occurrenceOn(series: EventRecord, date: string): EventRecord {
  const span = timingOf(series)?.spanDays ?? 0;
  return {
    ...series,
    event_date: date,
    end_date: series.end_date ? isoDate(dateMs(date) + span * DAY_MS) : null,
    rrule: null,
    exdates: null,
    series_id: series.id,
    recurrence_date: date,
  };
}

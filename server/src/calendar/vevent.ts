/**
 * One calendar row -> its VEVENT lines (RFC 5545 3.6.1): a single event, a series with RRULE and
 * EXDATE, or a changed occurrence with RECURRENCE-ID under its series' UID. Pure.
 *
 * Times are wall-clock times in the troop's zone (DTSTART;TZID=...); all-day events are DATE
 * values with the exclusive end (DTEND the day after the last day), as calendar apps expect.
 */
import { EVENT_CATEGORY_LABELS, type EventCategory } from '@scout/protocol/calendar-events';
import {
  contentLine,
  escapeText,
  floatingFields,
  formatDate,
  formatLocalDateTime,
  formatUtcDateTime,
  type LocalDateTime,
} from './ics.ts';
import { dateMs, exdateList, isAllDay, minutesOf, type EventRecord } from './occurrences.ts';
import { readRepeatRule, withEnd } from './repeat-rule.ts';
import { MAX_YEAR, MIN_YEAR } from './vtimezone.ts';
import { readWallClock, shownTimes, wallClockKind } from '@scout/protocol/wall-clock';

const DAY_MS = 86_400_000;
/** Events without an end carry a start time only; a calendar app needs a length to draw them (docs/operations.md). */
export const DEFAULT_EVENT_DURATION = 'PT1H';

export interface VEventOptions {
  timeZone: string;
  hostname: string;
  nowMs: number;
}

/** Only web links become URL properties; `javascript:` and the like never reach a calendar app. */
export function safeLink(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  try {
    const url = new URL(raw.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface EventStart {
  date: Pick<LocalDateTime, 'year' | 'month' | 'day'>;
  /** Absent when the row has no usable time: the event is then a whole day. */
  time?: Pick<LocalDateTime, 'hour' | 'minute' | 'second'>;
}

/** `YYYY-MM-DD` (an ISO date-time's date part is accepted too) and `HH:mm[:ss]`. */
export function parseEventStart(date: string | null, time: string | null): EventStart | undefined {
  const d = /^(\d{4})-(\d{2})-(\d{2})(?:$|T)/.exec((date ?? '').trim());
  if (!d) return undefined;
  const [year, month, day] = [Number(d[1]), Number(d[2]), Number(d[3])];
  const check = new Date(0);
  check.setUTCFullYear(year, month - 1, day);
  if (
    year < MIN_YEAR ||
    year > MAX_YEAR ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day
  )
    return undefined;
  const t = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec((time ?? '').trim());
  const hour = Number(t?.[1]);
  const minute = Number(t?.[2]);
  const second = Number(t?.[3] ?? 0);
  if (!t || hour > 23 || minute > 59 || second > 59) return { date: { year, month, day } };
  return { date: { year, month, day }, time: { hour, minute, second } };
}

/** Midnight of a date as floating ms; Date.UTC would read years 0-99 as 1900-1999. */
function dayMsOf(date: EventStart['date']): number {
  const d = new Date(0);
  d.setUTCFullYear(date.year, date.month - 1, date.day);
  return d.getTime();
}

/** A wall-clock time in `timeZone` -> the instant (for UNTIL, which must be UTC beside a TZID start). */
export const zonedToUtcMs = (timeZone: string, floatingMs: number): number =>
  readWallClock(timeZone, floatingMs).instant;

/** DTSTART-like property for a day and a time of day in seconds (a DATE when null). */
function when(name: string, dayMs: number, seconds: number | null, opts: VEventOptions): string {
  if (seconds === null)
    return contentLine(name, formatDate(floatingFields(dayMs)), [{ name: 'VALUE', value: 'DATE' }]);
  return contentLine(name, formatLocalDateTime(floatingFields(dayMs + seconds * 1000)), [
    { name: 'TZID', value: opts.timeZone },
  ]);
}

/**
 * A time as the troop's clocks show it (never one they skip: shownTimes). One they show twice
 * is written in UTC as the first of the two, as RFC 5545 reads it: apps differ on which a zoned
 * time means there (ical.js takes the second).
 */
function pinnedWhen(name: string, floating: number, opts: VEventOptions): string {
  if (wallClockKind(opts.timeZone, floating) === 'repeated')
    return contentLine(name, formatUtcDateTime(readWallClock(opts.timeZone, floating).instant));
  return when(name, floating, 0, opts);
}

const toMs = (iso: string | null | undefined) => (iso ? Date.parse(iso) : Number.NaN);

function sequenceOf(raw: EventRecord['sequence']): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

function descriptionOf(event: EventRecord, link: string | undefined): string | undefined {
  const parts: string[] = [];
  if (event.description?.trim()) parts.push(event.description.trim());
  if (event.status === 'cancelled')
    parts.push(event.cancel_reason ? `Cancelled: ${event.cancel_reason}` : 'Cancelled');
  const creator = event.creator_name?.trim();
  if (creator) parts.push(`Created by ${creator}`);
  if (link) parts.push(link);
  return parts.length > 0 ? parts.join('\n') : undefined;
}

/** The stored rule as a feed writes it: UNTIL in UTC beside a timed start, a DATE beside a day. */
function ruleLine(event: EventRecord, startSeconds: number | null, opts: VEventOptions): string {
  const rule = readRepeatRule(event.rrule ?? '');
  if (!rule.until) return contentLine('RRULE', rule.text);
  const untilDay = dateMs(rule.until);
  const until =
    startSeconds === null
      ? formatDate(floatingFields(untilDay))
      : formatUtcDateTime(zonedToUtcMs(opts.timeZone, untilDay + DAY_MS - 1000));
  const text = withEnd(rule.text, {}).concat(`;UNTIL=${until}`);
  return contentLine('RRULE', text);
}

/** A rule stored before the checks knew it is left out: the event then shows once, never breaks the feed. */
function readableRule(event: EventRecord, minutes: number | null, opts: VEventOptions) {
  try {
    return ruleLine(event, minutes, opts);
  } catch {
    return null;
  }
}

const secondsOf = (start: EventStart | undefined, allDay: boolean) =>
  !start?.time || allDay
    ? null
    : start.time.hour * 3600 + start.time.minute * 60 + start.time.second;

/** The lines of one row whose start has been read. */
export function veventLines(
  event: EventRecord,
  start: EventStart,
  opts: VEventOptions,
  series?: EventRecord,
): string[] {
  const day = dayMsOf(start.date);
  const seconds = secondsOf(start, isAllDay(event.all_day));
  const endDay = dateMs(event.end_date);
  const lastDay = Number.isNaN(endDay) || endDay < day ? day : endDay;
  const endMinutes = minutesOf(event.end_time);
  const uidOf = series ?? event;
  // A series' start stays as stored: its rule repeats that time of day. A row standing for one
  // occurrence says its times as the troop's clocks show them (pinned).
  const pin = !event.rrule && seconds !== null;
  const shown = pin
    ? shownTimes(
        opts.timeZone,
        day + seconds * 1000,
        endMinutes === null ? Number.NaN : lastDay + endMinutes * 60_000,
      )
    : null;
  const lines = [
    'BEGIN:VEVENT',
    contentLine('UID', escapeText(`${uidOf.id}@${opts.hostname}`)),
    contentLine('DTSTAMP', formatUtcDateTime(opts.nowMs)),
    shown ? pinnedWhen('DTSTART', shown.start, opts) : when('DTSTART', day, seconds, opts),
  ];
  if (seconds === null) lines.push(when('DTEND', lastDay + DAY_MS, null, opts));
  else if (shown && endMinutes !== null) lines.push(pinnedWhen('DTEND', shown.end, opts));
  else if (endMinutes !== null) lines.push(when('DTEND', lastDay, endMinutes * 60, opts));
  // A timed start with an end date only: through the whole last day.
  else if (lastDay > day) lines.push(when('DTEND', lastDay + DAY_MS, 0, opts));
  else lines.push(contentLine('DURATION', DEFAULT_EVENT_DURATION));
  if (series && event.recurrence_date) {
    const seriesStart = parseEventStart(series.event_date, series.event_time);
    const seriesSeconds = secondsOf(seriesStart, isAllDay(series.all_day));
    lines.push(when('RECURRENCE-ID', dateMs(event.recurrence_date), seriesSeconds, opts));
  } else if (event.rrule) {
    const rule = readableRule(event, seconds, opts);
    if (rule) {
      lines.push(rule);
      for (const d of exdateList(event.exdates))
        if (!Number.isNaN(dateMs(d))) lines.push(when('EXDATE', dateMs(d), seconds, opts));
    }
  }
  lines.push(contentLine('SEQUENCE', String(sequenceOf(event.sequence))));
  const created = toMs(event.created_at);
  const modified = toMs(event.updated_at);
  if (Number.isFinite(created)) lines.push(contentLine('CREATED', formatUtcDateTime(created)));
  const lastModified = Number.isFinite(modified) ? modified : created;
  if (Number.isFinite(lastModified))
    lines.push(contentLine('LAST-MODIFIED', formatUtcDateTime(lastModified)));
  lines.push(contentLine('SUMMARY', escapeText(event.event_name?.trim() || 'Troop event')));
  lines.push(contentLine('STATUS', event.status === 'cancelled' ? 'CANCELLED' : 'CONFIRMED'));
  if (event.location?.trim())
    lines.push(contentLine('LOCATION', escapeText(event.location.trim())));
  const label = EVENT_CATEGORY_LABELS[event.category as EventCategory] as string | undefined;
  if (label) lines.push(contentLine('CATEGORIES', escapeText(label)));
  const link = safeLink(event.hyperlink);
  const description = descriptionOf(event, link);
  if (description) lines.push(contentLine('DESCRIPTION', escapeText(description)));
  // URL is a URI value, not TEXT: written as the parsed URL gives it, never escaped.
  if (link) lines.push(contentLine('URL', link));
  lines.push('END:VEVENT');
  return lines;
}

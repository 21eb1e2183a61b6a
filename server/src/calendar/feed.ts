/**
 * Troop calendar events -> one iCalendar document (RFC 5545), for the subscribed feed and for
 * the "Add to calendar" download of a single event. Pure: rows in, text out.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { contentLine, escapeText, serialize } from './ics.ts';
import { clockChangeDates } from './clock-change-dates.ts';
import { firstStarts, occurrenceOn, type EventRecord } from './occurrences.ts';
import { readRepeatRule } from './repeat-rule.ts';
import {
  DEFAULT_EVENT_DURATION,
  parseEventStart,
  safeLink,
  veventLines,
  type VEventOptions,
} from './vevent.ts';
import { buildVTimezone, MAX_YEAR } from './vtimezone.ts';

/** A row of calendar_events, as either store returns it. */
export type CalendarEventRow = EventRecord;

export interface DocumentOptions extends VEventOptions {
  /** X-WR-CALNAME for a subscribed feed; a single-event file has none, so apps import it into a calendar of the user's choice. */
  calendarName?: string;
}

export const PRODID = `-//${PRODUCT_NAME}//Troop Calendar//EN`;
export const FEED_CALENDAR_NAME = `${PRODUCT_NAME} Troop Calendar`;
export { DEFAULT_EVENT_DURATION, parseEventStart, safeLink };
/** How often subscribed apps are asked to poll (RFC 7986 REFRESH-INTERVAL; X-PUBLISHED-TTL for older apps). */
export const FEED_REFRESH_INTERVAL = 'PT1H';
/** Years of zone data a series without an end carries past today (apps use their own zone data beyond). */
const OPEN_SERIES_YEARS = 5;

/** The years a row's occurrences fall in, for the VTIMEZONE. */
function yearsOf(event: EventRecord, first: number, nowYear: number): number[] {
  if (!event.rrule) return [first];
  let last = Math.max(first, nowYear) + OPEN_SERIES_YEARS;
  try {
    const rule = readRepeatRule(event.rrule);
    if (rule.until) last = Number(rule.until.slice(0, 4));
    else if (rule.count !== null)
      last = Number(firstStarts(event, rule.count).at(-1)?.slice(0, 4) ?? first);
  } catch {
    return [first];
  }
  const years: number[] = [];
  for (let y = first; y <= Math.min(last, MAX_YEAR, first + 30); y++) years.push(y);
  return years;
}

/**
 * The document. Rows whose date cannot be read are left out rather than failing the whole feed:
 * one bad row must not cut a family off from every other event.
 */
export function buildCalendarDocument(
  events: readonly CalendarEventRow[],
  opts: DocumentOptions,
): string {
  const nowYear = new Date(opts.nowMs).getUTCFullYear();
  const usable = events.flatMap((e) => {
    const start = parseEventStart(e.event_date, e.event_time);
    return start ? [{ event: e, start }] : [];
  });
  const ids = new Map(usable.map((u) => [u.event.id, u.event]));
  const years = new Set([nowYear]);
  for (const u of usable)
    for (const y of yearsOf(u.event, u.start.date.year, nowYear)) years.add(y);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    contentLine('PRODID', escapeText(PRODID)),
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
  ];
  if (opts.calendarName !== undefined) {
    lines.push(
      contentLine('X-WR-CALNAME', escapeText(opts.calendarName)),
      contentLine('NAME', escapeText(opts.calendarName)),
      contentLine('X-WR-TIMEZONE', escapeText(opts.timeZone)),
      contentLine('REFRESH-INTERVAL', FEED_REFRESH_INTERVAL, [
        { name: 'VALUE', value: 'DURATION' },
      ]),
      contentLine('X-PUBLISHED-TTL', FEED_REFRESH_INTERVAL),
    );
  }
  lines.push(...buildVTimezone(opts.timeZone, years));
  const changed = new Set(
    usable.map(({ event }) => `${event.series_id ?? ''}|${event.recurrence_date ?? ''}`),
  );
  for (const { event, start } of usable) {
    // A changed occurrence goes under its series' UID; without its series it stands alone.
    const series = event.series_id ? ids.get(event.series_id) : undefined;
    lines.push(...veventLines(event, start, opts, series?.rrule ? series : undefined));
    if (!event.rrule) continue;
    // Occurrences at a time the clocks skip or show twice, written with their times pinned.
    const own = yearsOf(event, start.date.year, nowYear);
    for (const date of clockChangeDates(event, opts.timeZone, own)) {
      if (changed.has(`${event.id}|${date}`)) continue;
      const at = parseEventStart(date, event.event_time);
      if (at) lines.push(...veventLines(occurrenceOn(event, date), at, opts, event));
    }
  }
  lines.push('END:VCALENDAR');
  return serialize(lines);
}

/**
 * A download name made of ASCII letters, digits, spaces, `-` and `_` only: it goes inside a
 * quoted Content-Disposition parameter, where a quote, backslash or line break could break out.
 */
export function eventFileName(name: string | null): string {
  const base = (name ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9 _-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80)
    .trim();
  return `${base || 'event'}.ics`;
}

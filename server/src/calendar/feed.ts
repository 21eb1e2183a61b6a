/**
 * Troop calendar events -> one iCalendar document (RFC 5545), for the subscribed feed and for
 * the "Add to calendar" download of a single event. Pure: rows in, text out.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import {
  contentLine,
  escapeText,
  formatDate,
  formatLocalDateTime,
  formatUtcDateTime,
  serialize,
  type LocalDateTime,
} from './ics.ts';
import { buildVTimezone, MAX_YEAR, MIN_YEAR } from './vtimezone.ts';

/** A row of calendar_events, as either store returns it. */
export interface CalendarEventRow {
  id: string;
  event_name: string | null;
  event_date: string | null;
  event_time: string | null;
  hyperlink: string | null;
  creator_name: string | null;
  created_at: string | null;
  updated_at: string | null;
  sequence: number | string | null;
}

export interface DocumentOptions {
  /** IANA name of the troop's zone; event dates and times are wall-clock times there. */
  timeZone: string;
  /** Host name of PUBLIC_URL: UIDs are `<event id>@<host>`, stable across every download. */
  hostname: string;
  /** When the document is made (DTSTAMP: with METHOD:PUBLISH, the creation of the object). */
  nowMs: number;
  /** X-WR-CALNAME for a subscribed feed; a single-event file has none, so apps import it into a calendar of the user's choice. */
  calendarName?: string;
}

export const PRODID = `-//${PRODUCT_NAME}//Troop Calendar//EN`;
export const FEED_CALENDAR_NAME = `${PRODUCT_NAME} Troop Calendar`;
/** Events carry a start time only; a calendar app needs a length to draw them (docs/operations.md). */
export const DEFAULT_EVENT_DURATION = 'PT1H';
/** How often subscribed apps are asked to poll (RFC 7986 REFRESH-INTERVAL; X-PUBLISHED-TTL for older apps). */
export const FEED_REFRESH_INTERVAL = 'PT1H';

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

interface EventStart {
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

const toMs = (iso: string | null) => (iso ? Date.parse(iso) : Number.NaN);

function sequenceOf(raw: CalendarEventRow['sequence']): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

function descriptionOf(event: CalendarEventRow, link: string | undefined): string | undefined {
  const parts: string[] = [];
  const creator = event.creator_name?.trim();
  if (creator) parts.push(`Created by ${creator}`);
  if (link) parts.push(link);
  return parts.length > 0 ? parts.join('\n') : undefined;
}

function eventLines(event: CalendarEventRow, start: EventStart, opts: DocumentOptions): string[] {
  const lines = [
    'BEGIN:VEVENT',
    contentLine('UID', escapeText(`${event.id}@${opts.hostname}`)),
    contentLine('DTSTAMP', formatUtcDateTime(opts.nowMs)),
  ];
  if (start.time) {
    lines.push(
      contentLine('DTSTART', formatLocalDateTime({ ...start.date, ...start.time }), [
        { name: 'TZID', value: opts.timeZone },
      ]),
      contentLine('DURATION', DEFAULT_EVENT_DURATION),
    );
  } else {
    lines.push(
      contentLine('DTSTART', formatDate(start.date), [{ name: 'VALUE', value: 'DATE' }]),
      contentLine('DURATION', 'P1D'),
    );
  }
  lines.push(contentLine('SEQUENCE', String(sequenceOf(event.sequence))));
  const created = toMs(event.created_at);
  const modified = toMs(event.updated_at);
  if (Number.isFinite(created)) lines.push(contentLine('CREATED', formatUtcDateTime(created)));
  const lastModified = Number.isFinite(modified) ? modified : created;
  if (Number.isFinite(lastModified))
    lines.push(contentLine('LAST-MODIFIED', formatUtcDateTime(lastModified)));
  lines.push(contentLine('SUMMARY', escapeText(event.event_name?.trim() || 'Troop event')));
  const link = safeLink(event.hyperlink);
  const description = descriptionOf(event, link);
  if (description) lines.push(contentLine('DESCRIPTION', escapeText(description)));
  // URL is a URI value, not TEXT: written as the parsed URL gives it, never escaped.
  if (link) lines.push(contentLine('URL', link));
  lines.push('END:VEVENT');
  return lines;
}

/**
 * The document. Rows whose date cannot be read are left out rather than failing the whole feed:
 * one bad row must not cut a family off from every other event.
 */
export function buildCalendarDocument(
  events: readonly CalendarEventRow[],
  opts: DocumentOptions,
): string {
  const usable = events.flatMap((e) => {
    const start = parseEventStart(e.event_date, e.event_time);
    return start ? [{ event: e, start }] : [];
  });
  const years = new Set(usable.map((u) => u.start.date.year));
  years.add(new Date(opts.nowMs).getUTCFullYear());
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
  for (const { event, start } of usable) lines.push(...eventLines(event, start, opts));
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

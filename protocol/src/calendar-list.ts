/**
 * The calendar list's rows (docs/decisions/042-series-in-the-calendar-list.md): single events as
 * the Data API stores them, and every series as its occurrences within a window. A series is one
 * stored row with a rule, and its changed occurrences are rows of their own; neither is a row of
 * the list, the occurrences read (`GET /api/calendar/{projectId}/occurrences`) gives each date
 * with its details instead. The web app builds its list with `calendarList`, and the server's
 * tests check it against the API and the feed.
 *
 * Rows are camelCase, as the SDK answers them.
 */
import { EVENT_CATEGORIES, type EventCategory, type WireOccurrence } from './calendar-events.ts';
import { shownSpan } from './wall-clock.ts';

/** A troop calendar event as the app lists it (docs/product.md section 3, table calendar_events). */
export interface CalendarListEvent {
  /** 'event_' + creation time in ms + '_' + a short random suffix. */
  id: string;
  /** The creator; the server sets it to the signed-in caller whatever the body says. */
  userId: string;
  eventName: string;
  /** YYYY-MM-DD, a day on the calendar with no time zone attached. */
  eventDate: string;
  /** HH:mm, 24-hour. */
  eventTime: string;
  /** An http(s) URL, or null when the event has no link. */
  hyperlink: string | null;
  creatorName: string;
  /** ISO-8601. */
  createdAt: string;
  /** A whole day (or days): no time; eventTime is ''. */
  allDay: boolean;
  /** YYYY-MM-DD, the last day of an event over several days; null for one day. */
  endDate: string | null;
  /** HH:mm, 24-hour, on the last day; null when the event gives no end. */
  endTime: string | null;
  /** Free text (an address or a place); shown with a map link. */
  location: string | null;
  /** Plain text; line breaks kept, web addresses shown as links. */
  description: string | null;
  category: EventCategory | null;
  status: 'confirmed' | 'cancelled';
  cancelReason: string | null;
  /** An RFC 5545 RRULE value when the event is a series (docs/decisions/041-repeat-rules-and-occurrence-routes.md). */
  rrule: string | null;
  /** An instant (ISO 8601, UTC) after which only leaders change answers; null for none. */
  rsvpDeadline: string | null;
  /** People going at most; past it, answers wait on a waitlist. Null for no limit. */
  capacity: number | null;
  /**
   * On insert, false tells nobody of the new event: no "New event" mail
   * (docs/decisions/064-notice-batches.md). Absent or true, members hear of it as of any new
   * event. Stored as the `notify` column (true by default) and read only when the row is
   * inserted: its later changes are told as any event's. The list does not read it.
   */
  notify?: boolean;
  /** Set on a list row that is one occurrence of a series. */
  occurrence?: OccurrenceRef;
}

/** Which occurrence of a series a list row is: changes to it go through the occurrence routes. */
export interface OccurrenceRef {
  /** The series row, which the occurrence routes are called on. */
  seriesId: string;
  /** The date the series gives it (before any move): the routes' `{date}`. */
  date: string;
}

const text = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

const categoryOf = (v: unknown): EventCategory | null =>
  (EVENT_CATEGORIES as readonly string[]).includes(text(v)) ? (text(v) as EventCategory) : null;

function capacityOf(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v !== '' ? Number(v) : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * The event's times as the troop's clocks show them: a time they skip (02:30 on the day they go
 * forward) moves forward by the skip, as the occurrences read and calendar apps place it
 * (wall-clock.ts).
 */
export function onTroopClocks(event: CalendarListEvent, timeZone: string): CalendarListEvent {
  if (event.allDay || event.eventTime === '') return event;
  const span = {
    date: event.eventDate,
    time: event.eventTime,
    endDate: event.endDate ?? event.eventDate,
    endTime: event.endTime,
  };
  const shown = shownSpan(timeZone, span);
  if (shown === span) return event;
  return {
    ...event,
    eventDate: shown.date,
    eventTime: shown.time ?? event.eventTime,
    endDate:
      event.endDate === null && (event.endTime === null || shown.endDate === shown.date)
        ? null
        : shown.endDate,
    endTime: shown.endTime,
  };
}

/**
 * A row as the Data API answers it, made safe to render: other clients may have written rows
 * with missing or odd fields, and a row never breaks the list. With the troop's zone (when the
 * app knows it), its times are as the troop's clocks show them (onTroopClocks).
 */
export function eventFromRow(
  row: Record<string, unknown>,
  timeZone?: string | null,
): CalendarListEvent {
  const event: CalendarListEvent = {
    id: text(row.id),
    userId: text(row.userId),
    eventName: text(row.eventName),
    eventDate: text(row.eventDate),
    eventTime: text(row.eventTime),
    hyperlink: text(row.hyperlink) || null,
    creatorName: text(row.creatorName),
    createdAt: text(row.createdAt),
    allDay: row.allDay === true || row.allDay === 1,
    endDate: text(row.endDate) || null,
    endTime: text(row.endTime) || null,
    location: text(row.location) || null,
    description: text(row.description) || null,
    category: categoryOf(row.category),
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    cancelReason: text(row.cancelReason) || null,
    rrule: text(row.rrule) || null,
    rsvpDeadline: text(row.rsvpDeadline) || null,
    capacity: capacityOf(row.capacity),
  };
  return timeZone ? onTroopClocks(event, timeZone) : event;
}

/** A Data API row that stands for a series or one of its changed occurrences. */
export const isSeriesRow = (row: Record<string, unknown>) =>
  Boolean(row.rrule) || Boolean(row.seriesId);

/** A list key unique per occurrence, also for a DOM id (`event-<id>`). */
export const occurrenceKey = (seriesId: string, date: string) => `${seriesId}__${date}`;

/** One occurrence of a series as a row of the list; null for a single event (read as a row). */
export function eventFromOccurrence(o: WireOccurrence): CalendarListEvent | null {
  if (!o.seriesId || !o.occurrenceDate) return null;
  return {
    id: occurrenceKey(o.seriesId, o.occurrenceDate),
    userId: o.userId,
    eventName: o.name,
    eventDate: o.date,
    eventTime: o.allDay ? '' : (o.time ?? ''),
    hyperlink: o.hyperlink,
    creatorName: o.creatorName ?? '',
    createdAt: '',
    allDay: o.allDay,
    endDate: o.endDate && o.endDate !== o.date ? o.endDate : null,
    endTime: o.endTime,
    location: o.location,
    description: o.description,
    category: categoryOf(o.category),
    status: o.status === 'cancelled' ? 'cancelled' : 'confirmed',
    cancelReason: o.cancelReason,
    rrule: o.rrule ?? null,
    rsvpDeadline: o.rsvpDeadline ?? null,
    capacity: o.capacity ?? null,
    occurrence: { seriesId: o.seriesId, date: o.occurrenceDate },
  };
}

/**
 * The list's rows, unsorted: the single events among Data API rows (each series' own row and its
 * changed occurrences' rows left out) and the occurrences of every series in an occurrences read.
 */
export function calendarList(
  rows: readonly Record<string, unknown>[],
  occurrences: readonly WireOccurrence[],
  timeZone: string | null,
): CalendarListEvent[] {
  const singles = rows.filter((r) => !isSeriesRow(r)).map((r) => eventFromRow(r, timeZone));
  const series = occurrences
    .map(eventFromOccurrence)
    .filter((e): e is CalendarListEvent => e !== null);
  return singles.concat(series);
}

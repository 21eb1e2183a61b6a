/**
 * An event card of a post (docs/decisions/080-newsletter-format.md): the event or the one
 * occurrence of a series its link names, read under the member's own access, with what the card
 * shows and what its answers are stored under. An event the member may not read, or one deleted
 * since, is `null`: the card says so.
 */
import { eventPath } from '@scout/protocol/app-paths';
import { eventFromRow, isSeriesRow } from '@scout/protocol/calendar-list';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import type { RsvpTarget } from '../../lib/household-answers.ts';

export interface PostEvent {
  name: string;
  date: string;
  /** '' for an all-day event. */
  time: string;
  cancelled: boolean;
  rsvpDeadline: string | null;
  /** Its day has gone by: no answers. */
  past: boolean;
  path: string;
  target: RsvpTarget;
}

/** The card of a single event's stored row; null for a series' own row (it needs a date). */
export function eventOfRow(
  row: Record<string, unknown>,
  today: string,
  timeZone: string | null = null,
): PostEvent | null {
  if (isSeriesRow(row)) return null;
  const e = eventFromRow(row, timeZone);
  return {
    name: e.eventName,
    date: e.eventDate,
    time: e.allDay ? '' : e.eventTime,
    cancelled: e.status === 'cancelled',
    rsvpDeadline: e.rsvpDeadline,
    past: (e.endDate ?? e.eventDate) < today,
    path: eventPath(e.id),
    target: { eventId: e.id, occurrence: '' },
  };
}

/** The card of the occurrence of series `id` the series dates `date`, among a window's. */
export function eventOfOccurrence(
  occurrences: readonly CalendarOccurrence[],
  id: string,
  date: string,
  today: string,
): PostEvent | null {
  const o = occurrences.find((x) => x.seriesId === id && x.occurrenceDate === date);
  if (!o) return null;
  return {
    name: o.name,
    date: o.date,
    time: o.allDay ? '' : (o.time ?? ''),
    cancelled: o.status === 'cancelled',
    rsvpDeadline: o.rsvpDeadline,
    past: o.endDate < today,
    path: eventPath(id, date),
    target: { eventId: id, occurrence: date },
  };
}

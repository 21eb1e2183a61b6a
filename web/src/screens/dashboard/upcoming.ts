/**
 * The events still ahead, for the dashboard's Calendar card (use-upcoming-events.ts): single
 * events as the Data API stores them and the occurrences of every series, merged by date and
 * time. A series' own row and its changed occurrences' rows are not events of the card: the
 * occurrences read gives each date with its details instead
 * (docs/decisions/042-series-in-the-calendar-list.md). A cancelled event stays, marked, so a
 * family who planned on it sees that it is off.
 */
import { eventFromRow, isSeriesRow } from '@scout/protocol/calendar-list';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { eventPath } from '@scout/protocol/app-paths';
import { formatEventDate, formatEventTime, localDateKey } from '../../lib/event-format.ts';
import type { RsvpTarget } from '../../lib/household-answers.ts';

export interface UpcomingEvent {
  id: string;
  eventName: string;
  eventDate: string;
  /** '' for an all-day event. */
  eventTime: string;
  /** The event's address (protocol/src/app-paths.ts): the card's event opens it. */
  path: string;
  cancelled: boolean;
  /** An instant after which the family no longer answers it; null for none. */
  rsvpDeadline: string | null;
  /** What its answers are stored under, for the card's one-tap answers. */
  target: RsvpTarget;
}

/**
 * The single events among Data API rows; with the troop's zone, at the times its clocks show (as
 * the calendar list shows them, protocol/src/calendar-list.ts).
 */
export function singleEventsOf(
  rows: readonly Record<string, unknown>[],
  timeZone: string | null = null,
): UpcomingEvent[] {
  return rows
    .filter((r) => !isSeriesRow(r))
    .map((r) => {
      const e = eventFromRow(r, timeZone);
      return {
        id: e.id,
        eventName: e.eventName,
        eventDate: e.eventDate,
        eventTime: e.allDay ? '' : e.eventTime,
        path: eventPath(e.id),
        cancelled: e.status === 'cancelled',
        rsvpDeadline: e.rsvpDeadline,
        target: { eventId: e.id, occurrence: '' },
      };
    });
}

/** The occurrences of series in a window's answer. */
export function seriesEventsOf(occurrences: readonly CalendarOccurrence[]): UpcomingEvent[] {
  return occurrences.flatMap((o) =>
    o.seriesId && o.occurrenceDate
      ? [
          {
            id: `${o.seriesId}__${o.occurrenceDate}`,
            eventName: o.name,
            eventDate: o.date,
            eventTime: o.allDay ? '' : (o.time ?? ''),
            path: eventPath(o.seriesId, o.occurrenceDate),
            cancelled: o.status === 'cancelled',
            rsvpDeadline: o.rsvpDeadline ?? null,
            target: { eventId: o.seriesId, occurrence: o.occurrenceDate },
          },
        ]
      : [],
  );
}

const order = (a: UpcomingEvent, b: UpcomingEvent) =>
  a.eventDate.localeCompare(b.eventDate) || a.eventTime.localeCompare(b.eventTime);

/**
 * The events still ahead of `now`, by date then time (all-day first on their day), at most
 * `count`. An all-day event of today is still ahead until the day ends.
 */
export function upcomingOf(events: readonly UpcomingEvent[], now: Date, count: number) {
  const today = localDateKey(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  const clock = `${pad(now.getHours())}:${pad(now.getMinutes())}`;
  return events
    .filter(
      (e) =>
        e.eventDate > today ||
        (e.eventDate === today && (e.eventTime === '' || e.eventTime >= clock)),
    )
    .sort(order)
    .slice(0, count);
}

/** When an event of the card takes place: 'Sat, Dec 05, 2026, 7:00 PM', or the day, all day. */
export const upcomingWhen = (e: UpcomingEvent) =>
  e.eventTime === ''
    ? `${formatEventDate(e.eventDate)}, all day`
    : `${formatEventDate(e.eventDate)}, ${formatEventTime(e.eventTime)}`;

export type UpcomingBlock =
  { kind: 'event'; event: UpcomingEvent } | { kind: 'empty'; key: number; label: string };

/**
 * The card's blocks: always `slots` of them, the events first and an empty block for each one
 * missing, which says so rather than looking like something still loading.
 */
export function upcomingBlocks(events: readonly UpcomingEvent[], slots: number): UpcomingBlock[] {
  const shown = events.slice(0, slots);
  const empty = Array.from({ length: slots - shown.length }, (_, i) => ({
    kind: 'empty' as const,
    key: i,
    label: i === 0 && shown.length === 0 ? 'No events planned' : 'No more events planned',
  }));
  return [...shown.map((event) => ({ kind: 'event' as const, event })), ...empty];
}

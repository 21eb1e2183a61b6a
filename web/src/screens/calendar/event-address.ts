/**
 * Events of the calendar list and their addresses (protocol/src/app-paths.ts): a single event's is its id,
 * an occurrence's is its series and the date the series gives it, so a link to one meeting of a
 * weekly series stays that meeting when it is moved to another day.
 */
import { eventPath, type EventAddress } from '@scout/protocol/app-paths';
import type { CalendarEvent } from './calendar-event.ts';

/** The path of a row of the calendar list. */
export const eventPathOf = (event: CalendarEvent): string =>
  event.occurrence
    ? eventPath(event.occurrence.seriesId, event.occurrence.date)
    : eventPath(event.id);

/**
 * The row an address names among `events` (sorted by date), or null when none is read. A
 * series' address without a date names its next meeting from `today` on, else its last one.
 */
export function addressedEvent(
  events: readonly CalendarEvent[],
  address: EventAddress,
  today: string,
): CalendarEvent | null {
  const { id, date } = address;
  if (date !== undefined)
    return events.find((e) => e.occurrence?.seriesId === id && e.occurrence.date === date) ?? null;
  const single = events.find((e) => e.id === id && !e.occurrence);
  if (single) return single;
  const meetings = events.filter((e) => e.occurrence?.seriesId === id);
  return meetings.find((e) => e.eventDate >= today) ?? meetings.at(-1) ?? null;
}

/**
 * Where a moved meeting of a series was: the series gives it one date and a change put it on
 * another, and families who planned on the first need to see it ("Moved from Tue, Dec 22,
 * 2026"). A meeting whose time alone changed stays on its day and is not called moved.
 */
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { formatEventDate } from '../../lib/event-format.ts';
import type { CalendarEvent } from './calendar-event.ts';

/** The list row's date the series gave it, when a change moved it to another day; else null. */
export function movedFrom(event: Pick<CalendarEvent, 'eventDate' | 'occurrence'>): string | null {
  const given = event.occurrence?.date;
  return given && given !== event.eventDate ? given : null;
}

/** The same for an occurrence as the month reads it. */
export function occurrenceMovedFrom(
  o: Pick<CalendarOccurrence, 'date' | 'occurrenceDate' | 'seriesId'>,
): string | null {
  return o.seriesId && o.occurrenceDate && o.occurrenceDate !== o.date ? o.occurrenceDate : null;
}

/** 'Moved from Tue, Dec 22, 2026'. */
export const movedFromText = (date: string) => `Moved from ${formatEventDate(date)}`;

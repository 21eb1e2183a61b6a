/** What an event's answers are stored under: the single event, or the series and the occurrence's date. */
import type { RsvpTarget } from '../../../lib/household-answers.ts';
import type { CalendarEvent } from '../calendar-event.ts';

export const rsvpTargetOf = (event: CalendarEvent): RsvpTarget =>
  event.occurrence
    ? { eventId: event.occurrence.seriesId, occurrence: event.occurrence.date }
    : { eventId: event.id, occurrence: '' };

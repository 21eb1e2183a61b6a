/** How toasts name an event's time, and what they add when the list was read again. */
import { formatEventDate, formatEventTime } from '../../lib/event-format.ts';
import type { CalendarEvent } from './calendar-event.ts';

export const RELOADED = 'The list was reloaded from the server.';

export const when = (e: CalendarEvent) =>
  e.allDay || !e.eventTime
    ? `${formatEventDate(e.eventDate)}, all day`
    : `${formatEventDate(e.eventDate)} at ${formatEventTime(e.eventTime)}`;

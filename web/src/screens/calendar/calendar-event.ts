import type { EventCategory } from '@scout/protocol/calendar-events';
import type { CalendarListEvent } from '@scout/protocol/calendar-list';

/**
 * A troop calendar event as the app holds it (docs/product.md section 3, table calendar_events):
 * the calendar list's row, shared with the server's tests (protocol/src/calendar-list.ts). The
 * SDK converts these camelCase fields to the table's snake_case columns and back. `council`
 * names the council of an event that is its council's, read-only in the troop (council-events.ts).
 */
export type CalendarEvent = CalendarListEvent & { council?: string };
export type { OccurrenceRef } from '@scout/protocol/calendar-list';

/** The columns the calendar reads; asking for no more keeps a 5,000-event answer small. */
export const CALENDAR_EVENT_FIELDS = [
  'id',
  'userId',
  'eventName',
  'eventDate',
  'eventTime',
  'hyperlink',
  'creatorName',
  'createdAt',
  'allDay',
  'endDate',
  'endTime',
  'location',
  'description',
  'category',
  'status',
  'cancelReason',
  'rrule',
  'rsvpDeadline',
  'capacity',
] as const satisfies readonly (keyof CalendarEvent)[];

/** The table in camelCase, as the app names tables (docs/product.md section 3); the SDK sends it as calendar_events. */
export const CALENDAR_EVENTS_TABLE = 'calendarEvents';

export interface EventCreator {
  id: string;
  email?: string | null;
  displayName?: string | null;
}

/** docs/product.md section 3: the display name, else the part of the email before the @, else 'Anonymous'. */
export function creatorNameOf(user: Omit<EventCreator, 'id'> | null | undefined): string {
  const display = user?.displayName?.trim();
  if (display) return display;
  const local = (user?.email ?? '').split('@')[0]?.trim();
  return local || 'Anonymous';
}

/** Six base-36 characters: two people creating an event in the same millisecond get two ids. */
export function randomIdSuffix(randomValues: (bytes: Uint8Array) => Uint8Array): string {
  return Array.from(randomValues(new Uint8Array(6)), (b) => (b % 36).toString(36)).join('');
}

/** docs/product.md section 3: 'event_' followed by a timestamp; the suffix keeps ids unique. */
export const newEventId = (nowMs: number, suffix: string) => `event_${nowMs}_${suffix}`;

/** What the create form hands over once it is valid. */
export interface NewEventInput {
  eventName: string;
  eventDate: string;
  eventTime: string;
  hyperlink: string | null;
  allDay?: boolean;
  endDate?: string | null;
  endTime?: string | null;
  location?: string | null;
  description?: string | null;
  category?: EventCategory | null;
  /** Set when the event repeats; see repeat-rule.ts. */
  rrule?: string | null;
  rsvpDeadline?: string | null;
  capacity?: number | null;
  /** False: nobody is told of the new event (a term entered or imported quietly). */
  notify?: boolean;
}

export function buildCalendarEvent(
  input: NewEventInput,
  creator: EventCreator,
  nowMs: number,
  suffix: string,
): CalendarEvent {
  return {
    id: newEventId(nowMs, suffix),
    userId: creator.id,
    eventName: input.eventName.trim(),
    eventDate: input.eventDate,
    eventTime: input.eventTime,
    hyperlink: input.hyperlink?.trim() || null,
    creatorName: creatorNameOf(creator),
    createdAt: new Date(nowMs).toISOString(),
    allDay: input.allDay ?? false,
    endDate: input.endDate ?? null,
    endTime: input.endTime ?? null,
    location: input.location?.trim() || null,
    description: input.description?.trim() || null,
    category: input.category ?? null,
    status: 'confirmed',
    cancelReason: null,
    rrule: input.rrule ?? null,
    rsvpDeadline: input.rsvpDeadline ?? null,
    capacity: input.capacity ?? null,
    // Sent only to keep families untold: the server's default tells them.
    ...(input.notify === false ? { notify: false } : {}),
  };
}

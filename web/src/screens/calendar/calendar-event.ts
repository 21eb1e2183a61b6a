/**
 * A troop calendar event as the app holds it (docs/product.md section 3, table calendar_events). The SDK
 * converts these camelCase fields to the table's snake_case columns and back.
 */
export interface CalendarEvent {
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
}

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
] as const satisfies readonly (keyof CalendarEvent)[];

/** The table, named as the spec names it; the SDK sends it as calendar_events. */
export const CALENDAR_EVENTS_TABLE = 'calendarEvents';

export interface EventCreator {
  id: string;
  email?: string | null;
  displayName?: string | null;
}

const text = (v: unknown) =>
  typeof v === 'string' ? v : v === null || v === undefined ? '' : String(v);

/**
 * A row as the Data API answers it, made safe to render: other clients may have written rows
 * with missing or odd fields, and a row never breaks the list.
 */
export function eventFromRow(row: Record<string, unknown>): CalendarEvent {
  return {
    id: text(row.id),
    userId: text(row.userId),
    eventName: text(row.eventName),
    eventDate: text(row.eventDate),
    eventTime: text(row.eventTime),
    hyperlink: text(row.hyperlink) || null,
    creatorName: text(row.creatorName),
    createdAt: text(row.createdAt),
  };
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
  };
}

/**
 * The fields of a calendar event, checked the same way by the web's event form (before anything
 * is sent) and by the server (on every write, docs/protocol.md, Calendar events), in the same
 * words. Plain functions: the web bundle carries no schema library for them.
 */
import {
  EVENT_CANCEL_REASON_MAX_LENGTH,
  EVENT_CATEGORIES,
  EVENT_DESCRIPTION_MAX_LENGTH,
  EVENT_LOCATION_MAX_LENGTH,
  EVENT_MAX_SPAN_DAYS,
  type EventCategory,
} from './calendar-events.ts';
import { EVENT_LINK_MAX_LENGTH, EVENT_NAME_MAX_LENGTH } from './limits.ts';

export const EVENT_FIELD_MESSAGES = {
  nameRequired: 'Event name is required',
  nameTooLong: `Event names can be at most ${EVENT_NAME_MAX_LENGTH} characters`,
  dateRequired: 'Event date is required',
  dateInvalid: 'Event date must be a real date, written YYYY-MM-DD',
  timeRequired: 'Event time is required',
  timeInvalid: 'Event time must be written HH:mm (24-hour), such as 19:30',
  endDateInvalid: 'End date must be a real date, written YYYY-MM-DD',
  endTimeInvalid: 'End time must be written HH:mm (24-hour), such as 20:30',
  endDateBeforeStart: 'The last day cannot be before the first',
  endBeforeStart: 'The end must be after the start',
  spanTooLong: `An event can last at most ${EVENT_MAX_SPAN_DAYS} days`,
  allDayEndTime: 'An all-day event has no end time',
  linkScheme: 'Links must start with http:// or https://',
  linkInvalid: 'Enter a full web address, such as https://troop.example/camp',
  linkTooLong: `Links can be at most ${EVENT_LINK_MAX_LENGTH} characters`,
  locationTooLong: `Locations can be at most ${EVENT_LOCATION_MAX_LENGTH} characters`,
  descriptionTooLong: `Descriptions can be at most ${EVENT_DESCRIPTION_MAX_LENGTH} characters`,
  cancelReasonTooLong: `Cancel reasons can be at most ${EVENT_CANCEL_REASON_MAX_LENGTH} characters`,
  categoryUnknown: `Category must be one of ${EVENT_CATEGORIES.join(', ')}`,
} as const;

const M = EVENT_FIELD_MESSAGES;

/** A field's value as it will be stored, or why it is refused. */
export type FieldCheck<T> = { ok: true; value: T } | { ok: false; message: string };

const refuse = (message: string): { ok: false; message: string } => ({ ok: false, message });

/** Required, trimmed, at most EVENT_NAME_MAX_LENGTH characters. */
export function readEventName(text: string): FieldCheck<string> {
  const name = text.trim();
  if (name === '') return refuse(M.nameRequired);
  if (name.length > EVENT_NAME_MAX_LENGTH) return refuse(M.nameTooLong);
  return { ok: true, value: name };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Midnight UTC of a `YYYY-MM-DD` day that exists, else NaN (February 30 does not). */
function dayMs(text: string): number {
  const m = DATE.exec(text);
  if (!m) return Number.NaN;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo, d);
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo && date.getUTCDate() === d;
  return real ? date.getTime() : Number.NaN;
}

/** A calendar day written `YYYY-MM-DD` that exists. */
export const isEventDate = (text: string) => !Number.isNaN(dayMs(text));

/** A time of day written `HH:mm`, 24-hour. */
export const isEventTime = (text: string) => TIME.test(text);

/**
 * The optional link: empty is none (null); anything else is an http(s) address a browser may
 * open, never `javascript:` or `data:`, which would run in every member's session.
 */
export function checkEventLink(text: string): FieldCheck<string | null> {
  const value = text.trim();
  if (value === '') return { ok: true, value: null };
  if (value.length > EVENT_LINK_MAX_LENGTH) return refuse(M.linkTooLong);
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    // "troop.example/camp" has no scheme: say what is missing rather than "invalid".
    return refuse(/^[a-z][a-z0-9+.-]*:/i.test(value) ? M.linkScheme : M.linkInvalid);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return refuse(M.linkScheme);
  return { ok: true, value };
}

/** Optional text (location, description): line breaks as `\n`, trimmed, empty as null. */
function readOptionalText(text: string, max: number, tooLong: string): FieldCheck<string | null> {
  const value = text.replace(/\r\n?/g, '\n').trim();
  if (value.length > max) return refuse(tooLong);
  return { ok: true, value: value === '' ? null : value };
}

export const readEventLocation = (text: string) =>
  readOptionalText(text, EVENT_LOCATION_MAX_LENGTH, M.locationTooLong);

export const readEventDescription = (text: string) =>
  readOptionalText(text, EVENT_DESCRIPTION_MAX_LENGTH, M.descriptionTooLong);

export const readCancelReason = (text: string) =>
  readOptionalText(text, EVENT_CANCEL_REASON_MAX_LENGTH, M.cancelReasonTooLong);

export const isEventCategory = (value: unknown): value is EventCategory =>
  (EVENT_CATEGORIES as readonly unknown[]).includes(value);

/** When an event starts and ends; the end is optional, the dates and times already checked. */
export interface EventSpan {
  date: string;
  /** `HH:mm`; empty or null for an all-day event. */
  time: string | null;
  allDay: boolean;
  endDate: string | null;
  endTime: string | null;
}

/**
 * Whether the end comes after the start: the last day not before the first, within
 * EVENT_MAX_SPAN_DAYS, and on a one-day event an end time after the start time. An all-day
 * event has no end time. Answers the field at fault and why, or null.
 */
export function eventEndProblem(
  e: EventSpan,
): { field: 'endDate' | 'endTime'; message: string } | null {
  if (e.allDay && e.endTime) return { field: 'endTime', message: M.allDayEndTime };
  const start = dayMs(e.date);
  const end = e.endDate ? dayMs(e.endDate) : start;
  if (end < start) return { field: 'endDate', message: M.endDateBeforeStart };
  if ((end - start) / 86_400_000 > EVENT_MAX_SPAN_DAYS)
    return { field: 'endDate', message: M.spanTooLong };
  const oneDay = end === start;
  if (oneDay && !e.allDay && e.time && e.endTime && e.endTime <= e.time)
    return { field: 'endTime', message: M.endBeforeStart };
  return null;
}

/**
 * Dates and times as the app shows them (docs/product.md section 2): 'MMM dd, yyyy' and 12-hour time
 * with AM/PM. An event's date is a calendar day, not an instant: '2026-07-04' is read as that day
 * in the browser's own zone, never as UTC midnight, which a browser west of Greenwich would show
 * as July 3.
 */
import { format } from 'date-fns';
import { formatClockTime, parseClockTime } from '@scout/protocol/clock-time';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a YYYY-MM-DD day, or null when the text is not a real day. */
export function parseLocalDate(text: string): Date | null {
  const m = DATE.exec(text);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])];
  // setFullYear, unlike new Date(y, m, d), does not read years 0-99 as 1900-1999.
  const date = new Date(0);
  date.setFullYear(y, mo, d);
  date.setHours(0, 0, 0, 0);
  // February 30 rolls over to March: such a day does not exist.
  if (date.getFullYear() !== y || date.getMonth() !== mo || date.getDate() !== d) return null;
  return date;
}

/** 'HH:mm' (seconds tolerated) -> [hours, minutes], or null: the app's and the mails' one reading. */
export const parseTime = parseClockTime;

/** The spec's 'MMM dd, yyyy' behind the weekday. */
const DAY = 'EEE, MMM dd, yyyy';

/**
 * 'Sat, Jul 04, 2026': 'MMM dd, yyyy' (docs/product.md section 2) behind the weekday, which families plan by;
 * text that is not a date is shown as it is.
 */
export function formatEventDate(eventDate: string): string {
  const date = parseLocalDate(eventDate);
  return date ? format(date, DAY) : eventDate;
}

/** An ISO instant, or null when the text is not one. */
function parseInstant(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * The day of an instant (an invitation's end, an audit entry) on this device's clock, as lists
 * show dates: 'Sat, Dec 05, 2026'; text that is not an instant is shown as it is.
 */
export function formatDay(iso: string): string {
  const date = parseInstant(iso);
  return date ? format(date, DAY) : iso;
}

/** The day and time of an instant on this device's clock: 'Sat, Dec 05, 2026, 7:30 PM'. */
export function formatDayTime(iso: string): string {
  const date = parseInstant(iso);
  return date ? format(date, `${DAY}, h:mm a`) : iso;
}

/** '7:30 PM'; text that is not a time is shown as it is (the mails say it the same way). */
export const formatEventTime = formatClockTime;

/** The machine-readable form for <time dateTime>: '2026-07-04T19:30', or the date alone. */
export function eventDateTimeAttr(eventDate: string, eventTime: string): string | undefined {
  if (!parseLocalDate(eventDate)) return undefined;
  const time = parseTime(eventTime);
  if (!time) return eventDate;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${eventDate}T${pad(time[0])}:${pad(time[1])}`;
}

/** Today in the browser's zone as YYYY-MM-DD, the form event dates are compared in. */
export const localDateKey = (date: Date) => format(date, 'yyyy-MM-dd');

/** The fields that say when an event starts and ends (protocol/src/calendar-list.ts). */
export interface EventSpan {
  eventDate: string;
  eventTime: string;
  allDay: boolean;
  endDate: string | null;
  endTime: string | null;
}

/**
 * An event over several days, start and end each with its weekday: 'Fri, Dec 11, 6:00 PM to
 * Sun, Dec 13, 12:00 PM', or 'Fri, Dec 11 to Sun, Dec 13' for whole days. The year is left out
 * when both days fall in `thisYear`, as a calendar does for the weeks ahead, and given on both
 * days otherwise, so a campout over New Year reads right. Null for an event of one day.
 */
export function formatMultiDay(event: EventSpan, thisYear: number): string | null {
  const { eventDate, endDate } = event;
  if (!endDate || endDate <= eventDate) return null;
  const start = parseLocalDate(eventDate);
  const end = parseLocalDate(endDate);
  if (!start || !end) return `${eventDate} to ${endDate}`;
  const withYear = start.getFullYear() !== thisYear || end.getFullYear() !== thisYear;
  const day = (date: Date) => format(date, withYear ? DAY : 'EEE, MMM dd');
  const at = (time: string | null) =>
    event.allDay || !time || !parseTime(time) ? '' : `, ${formatEventTime(time)}`;
  return `${day(start)}${at(event.eventTime)} to ${day(end)}${at(event.endTime)}`;
}

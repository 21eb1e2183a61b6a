/**
 * The month view's days: weeks Sunday first as US troop calendars print them, and where the
 * arrow keys move the focused day (the WAI-ARIA grid pattern: arrows by day and week, Home and
 * End to the week's ends, Page Up and Page Down by month). Dates are YYYY-MM-DD days in the
 * troop's calendar; arithmetic is on UTC days so no zone or daylight-saving change moves them.
 */
import { addDays, isoDay } from '@scout/protocol/wall-clock';

const toMs = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d);
};

/** The same day `months` later, or the month's last day when it has no such day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return isoDay(first.getTime());
}

/** The first and last day of a date's month. */
export function monthBounds(date: string): { from: string; to: string } {
  const from = `${date.slice(0, 7)}-01`;
  return { from, to: addDays(addMonths(from, 1), -1) };
}

/** The month's weeks, Sunday first; days of the months around it are null. */
export function monthWeeks(date: string): (string | null)[][] {
  const { from, to } = monthBounds(date);
  const lead = new Date(toMs(from)).getUTCDay();
  const days: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  while (days.length % 7 !== 0) days.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return weeks;
}

/** Where a key moves the focused day; null for a key the grid leaves alone. */
export function moveDay(date: string, key: string): string | null {
  const weekday = new Date(toMs(date)).getUTCDay();
  switch (key) {
    case 'ArrowLeft':
      return addDays(date, -1);
    case 'ArrowRight':
      return addDays(date, 1);
    case 'ArrowUp':
      return addDays(date, -7);
    case 'ArrowDown':
      return addDays(date, 7);
    case 'Home':
      return addDays(date, -weekday);
    case 'End':
      return addDays(date, 6 - weekday);
    case 'PageUp':
      return addMonths(date, -1);
    case 'PageDown':
      return addMonths(date, 1);
    default:
      return null;
  }
}

/** Every day of [date, endDate] inside [from, to]: where an event shows in a month. */
export function daysWithin(date: string, endDate: string, from: string, to: string): string[] {
  const days: string[] = [];
  const start = date < from ? from : date;
  const end = endDate > to ? to : endDate;
  for (let d = start; d <= end && days.length < 31; d = addDays(d, 1)) days.push(d);
  return days;
}

/** How a day's number looks: today outlined, the chosen day filled, both when it is both. */
export type DayLook = 'plain' | 'today' | 'chosen' | 'chosen-today';

export function dayLook(date: string, today: string, chosen: string): DayLook {
  if (date === chosen) return date === today ? 'chosen-today' : 'chosen';
  return date === today ? 'today' : 'plain';
}

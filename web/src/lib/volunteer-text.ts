/**
 * How sign-up slots read on the Volunteer screen, an event's sheet and the dashboard's card
 * (protocol/src/volunteer.ts): when a slot is, how full it is, and the drivers' seats against
 * the people going. Pure, so the words are the same everywhere and tested on their own.
 */
import type { WireSeatsSummary, WireSlotOnDate } from '@scout/protocol/volunteer';
import { formatEventDate, formatEventTime } from './event-format.ts';

/** A slot's own window, "7:00 AM to 9:00 AM"; null when it has none. */
export function slotWindow(slot: {
  timeFrom: string | null;
  timeTo: string | null;
}): string | null {
  if (!slot.timeFrom) return null;
  const from = formatEventTime(slot.timeFrom);
  return slot.timeTo ? `${from} to ${formatEventTime(slot.timeTo)}` : from;
}

/**
 * When a slot on a date is: the day, then the slot's window, else the event's start:
 * "Sat, Jul 04, 2026 · 7:00 AM to 9:00 AM", or the day alone for an all-day event.
 */
export function slotWhen(slot: Pick<WireSlotOnDate, 'date' | 'time' | 'timeFrom' | 'timeTo'>) {
  const day = formatEventDate(slot.date);
  const at = slotWindow(slot) ?? (slot.time ? formatEventTime(slot.time) : null);
  return at ? `${day} · ${at}` : day;
}

/** "Nobody yet, 4 needed", "1 of 4 taken", "Full (2 of 2)". */
export function placesText(taken: number, people: number): string {
  if (taken <= 0) return `Nobody yet, ${people} needed`;
  if (taken >= people) return `Full (${taken} of ${people})`;
  return `${taken} of ${people} taken`;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The drivers' seats against who needs one, or null when no driver slot or rider makes it worth
 * saying: "Short by 3 seats (5 riders, 2 seats)", "Enough seats: 8 for 5 riders".
 */
export function seatsText(seats: WireSeatsSummary, hasDriverSlot: boolean): string | null {
  if (!hasDriverSlot && seats.drivers === 0) return null;
  const riders = plural(seats.riders, 'rider', 'riders');
  if (seats.shortBy > 0)
    return `Short by ${plural(seats.shortBy, 'seat', 'seats')} (${riders}, ${plural(seats.seatsOffered, 'seat', 'seats')} offered)`;
  return `Enough seats: ${plural(seats.seatsOffered, 'seat', 'seats')} for ${riders}`;
}

/** A slot as a control's name reads it: "Driver to camp, Fall campout, Fri, Dec 11, 2026". */
export const slotLabel = (slot: { title: string; eventName?: string; date?: string }) =>
  [slot.title, slot.eventName, slot.date ? formatEventDate(slot.date) : undefined]
    .filter(Boolean)
    .join(', ');

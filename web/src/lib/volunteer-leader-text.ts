/**
 * What a leader reads around an event's sheet (docs/protocol.md, Volunteer): the nudge for empty
 * slots sent or refused, and the question before a slot is removed with the names of who held
 * its places. Pure, so the words are tested on their own.
 */
import { EVERY_OCCURRENCE, type WireVolunteerSlot } from '@scout/protocol/volunteer';
import { formatDayTime } from './event-format.ts';
import { failureMessage } from './failure-message.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "Nudge sent to 4 adults about 2 slots (3 places left). The next can go Sat, Dec 12, 9:00 AM." */
export function nudgeSentText(sent: {
  adults: number;
  openSlots: number;
  placesLeft: number;
  nextAt: string;
}): string {
  return (
    `Nudge sent to ${plural(sent.adults, 'adult', 'adults')} about ` +
    `${plural(sent.openSlots, 'slot', 'slots')} (${plural(sent.placesLeft, 'place', 'places')} left). ` +
    `The next can go ${formatDayTime(sent.nextAt)}.`
  );
}

const field = (err: unknown, key: 'code' | 'status' | 'userMessage' | 'details'): unknown =>
  typeof err === 'object' && err !== null && key in err
    ? (err as Record<string, unknown>)[key]
    : undefined;

/** "Sat, Dec 12, 9:00 AM" in the troop's time zone, as the server words it; null if no instant. */
function troopDayTime(iso: unknown, timeZone: string | null): string | null {
  const at = typeof iso === 'string' ? Date.parse(iso) : NaN;
  if (Number.isNaN(at)) return null;
  return new Date(at).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: timeZone ?? undefined,
  });
}

/**
 * A refused nudge: at most one a day (429, its `details` the instant the next may go, said in
 * the troop's time zone, the device's when the troop names none), or nothing to ask for (409: every slot has its people, or the event
 * is cancelled).
 */
export function nudgeFailureText(err: unknown, timeZone: string | null): string {
  if (field(err, 'code') === 'VOLUNTEER_NUDGE_TOO_SOON' || field(err, 'status') === 429) {
    const next = troopDayTime(field(err, 'details'), timeZone);
    return next
      ? `Already nudged today. The next nudge can go after ${next}.`
      : 'Already nudged today. The next nudge can go a day after the last one.';
  }
  if (field(err, 'status') === 409) {
    const said = field(err, 'userMessage');
    return typeof said === 'string' && /cancelled/i.test(said)
      ? 'This event is cancelled: there is nobody to nudge.'
      : 'Every slot is full: there is nothing to nudge for.';
  }
  return failureMessage(err, 'Could not send the nudge.');
}

/** The question before removing a slot: what goes with it, and who held its places. */
export function removeSlotText(
  slot: Pick<WireVolunteerSlot, 'title' | 'places' | 'slotOccurrence'>,
): string {
  const every =
    slot.slotOccurrence === EVERY_OCCURRENCE
      ? ' It is on every meeting of the series: the places on the other dates go too.'
      : '';
  if (slot.places.length === 0)
    return `"${slot.title}" goes from the sheet. Nobody holds a place in it.${every}`;
  const names = slot.places.map((p) => p.name).join(', ');
  return (
    `"${slot.title}" goes from the sheet with its ${plural(slot.places.length, 'place', 'places')}, ` +
    `held by ${names}. They are not told; let them know.${every}`
  );
}

/**
 * What an event or occurrence shows of its sheet (docs/protocol.md, Volunteer): every slot with
 * the names of who took each place (full slots show who has them), the places left, each
 * slot's give-back cut-off as an instant, and the seats drivers offer against the people going
 * from the RSVPs. Names only: a scout's details never come through here.
 */
import type {
  WireSeatsSummary,
  WireVolunteerSheet,
  WireVolunteerSlot,
} from '@scout/protocol/volunteer';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import type { Attendee } from '../households/answerable.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import { readAnswers, type StoredRsvp } from '../rsvps/summary.ts';
import type { Queryable } from '../store/store.ts';
import { cutoffMs, occurrenceTime } from './occurrence-time.ts';
import { placesIn, slotsOn, type Place, type Slot } from './stored-slots.ts';

export interface SheetViewer {
  /** The people the caller takes places for (households/answerable.ts); none for a service key. */
  mine: readonly Attendee[];
  /** The caller's account, for the offers made to them. */
  userId: string | null;
  manager: boolean;
  timeZone: string;
}

/** Seats offered by the drivers who took a place against who needs one (WireSeatsSummary). */
export function seatsSummary(
  slots: readonly Slot[],
  places: readonly Place[],
  answers: readonly StoredRsvp[],
): WireSeatsSummary {
  const drivers = slots.filter((s) => s.kind === 'driver');
  const seatsOf = new Map(drivers.map((s) => [s.id, s.seats ?? 0]));
  const driving = places.filter((p) => seatsOf.has(p.slotId));
  const going = answers.filter((a) => a.answer === 'going' && !a.waitlisted);
  const driverKeys = new Set(driving.map((p) => p.volunteer));
  const riders = going.filter((a) => !driverKeys.has(a.attendee)).length;
  const seatsOffered = driving.reduce((n, p) => n + (seatsOf.get(p.slotId) ?? 0), 0);
  return {
    drivers: driving.length,
    seatsOffered,
    youthGoing: going.filter((a) => a.youth).length,
    adultsGoing: going.filter((a) => !a.youth).length,
    riders,
    shortBy: Math.max(0, riders - seatsOffered),
  };
}

export function wireSlot(
  slot: Slot,
  places: readonly Place[],
  viewer: Pick<SheetViewer, 'mine' | 'timeZone'>,
  when: { date: string; time: string | null },
): WireVolunteerSlot {
  const own = new Set(viewer.mine.map((p) => p.attendee));
  const taken = places.filter((p) => p.slotId === slot.id);
  const cutoff = cutoffMs(viewer.timeZone, when, slot.cutoffHours);
  return {
    id: slot.id,
    eventId: slot.eventId,
    slotOccurrence: slot.occurrence,
    title: slot.title,
    kind: slot.kind,
    people: slot.people,
    seats: slot.seats,
    timeFrom: slot.timeFrom,
    timeTo: slot.timeTo,
    note: slot.note,
    openToScouts: slot.openToScouts,
    cutoffHours: slot.cutoffHours,
    cutoffAt: cutoff === null ? null : new Date(cutoff).toISOString(),
    places: taken.map((p) => ({
      signupId: p.id,
      volunteer: p.volunteer,
      name: p.name,
      youth: p.youth,
      mine: own.has(p.volunteer),
      offeredTo: p.offer
        ? { offerId: p.offer.id, userId: p.offer.toUser, name: p.offer.toName }
        : null,
    })),
    placesLeft: Math.max(0, slot.people - taken.length),
    full: taken.length >= slot.people,
  };
}

export async function readSheet(
  db: Queryable,
  units: CalendarUnits,
  event: EventOccurrence,
  viewer: SheetViewer,
): Promise<WireVolunteerSheet> {
  const slots = await slotsOn(db, event.troopId, event.eventId, event.occurrence);
  const places = await placesIn(
    db,
    event.troopId,
    slots.map((s) => s.id),
    event.occurrence,
  );
  const when = await occurrenceTime(db, units, event);
  return {
    eventId: event.eventId,
    occurrence: event.occurrence,
    name: event.name,
    date: when.date,
    time: when.time,
    slots: slots.map((s) => wireSlot(s, places, viewer, when)),
    seats: seatsSummary(slots, places, await readAnswers(db, event)),
    canManage: viewer.manager,
    mine: viewer.mine.map(({ attendee, name, youth }) => ({ volunteer: attendee, name, youth })),
  };
}

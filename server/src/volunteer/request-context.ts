/**
 * What every volunteer handler starts from (routes.ts): the caller, the path's troop and the
 * units whose events it reads, whether the caller manages sheets; and the steps the handlers
 * share: the slot a caller reads, the sheet as the caller sees it, a slot as a leader's change
 * answers it, the announcement of a change, and a change of places under the slot's lock.
 */
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { VolunteerChange } from '@scout/protocol/volunteer';
import type { FastifyRequest } from 'fastify';
import { unitsOf, type CalendarUnits } from '../calendar/calendar-units.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { answerableAttendees, type Attendee } from '../households/answerable.ts';
import { callerCan } from '../http/caller.ts';
import { callerOf, troopOf, type SignedInCaller } from '../http/route-guards.ts';
import { findEventOccurrence, type EventOccurrence } from '../rsvps/event-occurrence.ts';
import { mustReadEvent } from '../rsvps/readable-event.ts';
import type { Troop } from '../store/tenancy.ts';
import type { Queryable } from '../store/store.ts';
import { announceSheet } from './announce.ts';
import { occurrenceTime } from './occurrence-time.ts';
import { placeConflict } from './places.ts';
import { readSheet, wireSlot } from './sheet.ts';
import { findSlot, placesIn, type Slot } from './stored-slots.ts';

export interface VolunteerRequest {
  deps: ReadyDeps;
  caller: SignedInCaller;
  troop: Troop;
  /** The troop's and its council's: the events whose sheets the troop reads. */
  units: CalendarUnits;
  /** Whether the caller holds volunteer.manage. */
  manager: boolean;
  /** The account acting; null for a service key. */
  by: string | null;
}

export function volunteerRequest(deps: ReadyDeps, req: FastifyRequest): VolunteerRequest {
  const caller = callerOf(req);
  const troop = troopOf(req);
  return {
    deps,
    caller,
    troop,
    units: unitsOf(troop),
    manager: callerCan(deps, caller, PERMISSIONS.volunteerManage),
    by: caller.kind === 'user' ? caller.userId : null,
  };
}

/** The people the caller takes places for (households/answerable.ts); none for a service key. */
export async function callerPeople(r: VolunteerRequest, db: Queryable): Promise<Attendee[]> {
  return r.caller.kind === 'user' ? answerableAttendees(db, r.troop.id, r.caller.userId) : [];
}

/** The event or occurrence the caller reads; 404 otherwise. */
export async function readableEvent(
  r: VolunteerRequest,
  eventId: string,
  occurrence: string | undefined,
): Promise<EventOccurrence> {
  await mustReadEvent(r.deps, r.units, r.caller, eventId);
  return findEventOccurrence(r.deps.store, r.units, eventId, occurrence);
}

/** The troop's slot on an event the caller reads; 404 otherwise, whatever the id. */
export async function readableSlot(r: VolunteerRequest, slotId: string): Promise<Slot> {
  const slot = await findSlot(r.deps.store, r.troop.id, slotId);
  if (!slot) throw new ApiError('NOT_FOUND', 'Slot not found');
  await mustReadEvent(r.deps, r.units, r.caller, slot.eventId).catch(() => {
    throw new ApiError('NOT_FOUND', 'Slot not found');
  });
  return slot;
}

/** The sheet of an event or occurrence as the caller sees it. */
export async function sheetFor(r: VolunteerRequest, event: EventOccurrence) {
  return readSheet(r.deps.store, r.units, event, {
    mine: await callerPeople(r, r.deps.store),
    userId: r.by,
    manager: r.manager,
    timeZone: r.troop.timeZone,
  });
}

/** The slot as a leader's add or edit answers it, with the places of its own occurrence. */
export async function slotAnswer(r: VolunteerRequest, slot: Slot) {
  const { store } = r.deps;
  const timeZone = r.troop.timeZone;
  if (slot.occurrence === '*')
    return { slot: wireSlot(slot, [], { mine: [], timeZone }, { date: '', time: null }) };
  const event = await findEventOccurrence(
    store,
    r.units,
    slot.eventId,
    slot.occurrence || undefined,
  );
  const places = await placesIn(store, r.troop.id, [slot.id], event.occurrence);
  const mine = await callerPeople(r, store);
  return {
    slot: wireSlot(slot, places, { mine, timeZone }, await occurrenceTime(store, r.units, event)),
  };
}

/** Announces a change of places on an event or occurrence (announce.ts). */
export function announcePlaces(
  r: VolunteerRequest,
  event: Pick<EventOccurrence, 'troopId' | 'eventId' | 'ownerId' | 'occurrence'>,
  slotId: string,
  change: VolunteerChange,
): void {
  const { troopId, eventId, ownerId, occurrence } = event;
  announceSheet(r.deps, r.caller, { troopId, eventId, ownerId, occurrence, slotId }, change);
}

/** Announces a leader's change to a slot, on the channel of its event's maker too. */
export async function announceSlot(
  r: VolunteerRequest,
  slot: Pick<Slot, 'id' | 'eventId' | 'occurrence'>,
  change: VolunteerChange,
): Promise<void> {
  // The event's maker, whose own channel hears a change to a slot on every occurrence.
  const ownerId = (await findEvent(r.deps.store, r.units, slot.eventId))?.user_id ?? null;
  announceSheet(
    r.deps,
    r.caller,
    {
      troopId: r.troop.id,
      eventId: slot.eventId,
      ownerId,
      occurrence: slot.occurrence,
      slotId: slot.id,
    },
    change,
  );
}

/** Runs a change of places under the slot's lock; a store's refusal reads as the lock's. */
export function underSlotLock<T>(
  r: VolunteerRequest,
  slotId: string,
  fn: (tx: Queryable, slot: Slot) => Promise<T>,
): Promise<T> {
  return r.deps.store
    .transaction(async (tx) => {
      const slot = await findSlot(tx, r.troop.id, slotId, true);
      if (!slot) throw new ApiError('NOT_FOUND', 'Slot not found');
      return fn(tx, slot);
    })
    .catch((err: unknown) => {
      throw placeConflict(err) ?? err;
    });
}

/**
 * Places on a slot (routes.ts): taken, given back and offered by a member for themself or a
 * scout of their household (volunteers.ts), or by a leader for anyone; an offer accepted or
 * declined. Each change runs under the slot's lock, is announced, and answers the sheet.
 */
import type { Attendee } from '../households/answerable.ts';
import { ApiError } from '../errors.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import { personOf } from '../rsvps/attendees.ts';
import { mustReadEvent } from '../rsvps/readable-event.ts';
import type { Queryable } from '../store/store.ts';
import { queueLateGiveBack } from './late-notice.ts';
import { acceptOffer, dropOffer, findOffer, offerPlace } from './offers.ts';
import { cutoffMs, occurrenceTime } from './occurrence-time.ts';
import { giveBackPlace, occurrenceOfSlot, placeConflict, takePlace } from './places.ts';
import {
  announcePlaces,
  callerPeople,
  readableSlot,
  sheetFor,
  underSlotLock,
  type VolunteerRequest,
} from './request-context.ts';
import type { Slot } from './stored-slots.ts';
import { volunteerFor } from './volunteers.ts';

/** Whose place on which occurrence: the body of a take, a give-back and an offer. */
export interface PlaceChoice {
  occurrence?: string;
  volunteer?: string;
}

/**
 * Runs `change` on the person's place on the slot's occurrence, under the slot's lock, for a
 * slot on an event the caller reads; answers the occurrence and what `change` answers.
 */
async function changePlace<T>(
  r: VolunteerRequest,
  slotId: string,
  choice: PlaceChoice,
  change: (tx: Queryable, slot: Slot, on: EventOccurrence, person: Attendee) => Promise<T>,
): Promise<{ event: EventOccurrence; out: T }> {
  await readableSlot(r, slotId);
  return underSlotLock(r, slotId, async (tx, slot) => {
    const on = await occurrenceOfSlot(tx, r.units, slot, choice.occurrence);
    const person = await volunteerFor(tx, r.troop.id, r.caller, r.manager, choice.volunteer);
    return { event: on, out: await change(tx, slot, on, person) };
  });
}

export async function takeSlotPlace(r: VolunteerRequest, slotId: string, choice: PlaceChoice) {
  const { event } = await changePlace(r, slotId, choice, (tx, slot, on, person) =>
    takePlace(tx, slot, on, person, r.by, r.deps.clock.now()),
  );
  announcePlaces(r, event, slotId, 'taken');
  return sheetFor(r, event);
}

export async function giveBackSlotPlace(r: VolunteerRequest, slotId: string, choice: PlaceChoice) {
  const nowMs = r.deps.clock.now();
  const { event, out: late } = await changePlace(
    r,
    slotId,
    choice,
    async (tx, slot, on, person) => {
      await giveBackPlace(tx, slot, on, person.attendee);
      const cutoff = cutoffMs(
        r.troop.timeZone,
        await occurrenceTime(tx, r.units, on),
        slot.cutoffHours,
      );
      const past = cutoff !== null && nowMs >= cutoff;
      // A leader giving a place back knows already; a member's late give-back tells them.
      if (past && !r.manager)
        await queueLateGiveBack(tx, r.deps.config.roles, nowMs, slot, on, person.name);
      return past;
    },
  );
  announcePlaces(r, event, slotId, late ? 'given-back-late' : 'given-back');
  return { sheet: await sheetFor(r, event), late };
}

export async function offerSlotPlace(
  r: VolunteerRequest,
  slotId: string,
  choice: PlaceChoice & { to: string },
) {
  const { event } = await changePlace(r, slotId, choice, (tx, slot, on, person) =>
    offerPlace(tx, slot, on, person.attendee, choice.to, r.by, r.deps.clock.now()),
  );
  announcePlaces(r, event, slotId, 'offered');
  return sheetFor(r, event);
}

const GONE = 'This offer was withdrawn or answered';

/** An offer the caller may answer: the member it names, or (decline) its holder's side. */
export async function answerOffer(r: VolunteerRequest, offerId: string, accepting: boolean) {
  const troopId = r.troop.id;
  const nowMs = r.deps.clock.now();
  const { event, slotId } = await r.deps.store
    .transaction(async (tx) => {
      const offer = await findOffer(tx, troopId, offerId);
      const toMe = r.caller.kind === 'user' && offer.toUser === r.caller.userId;
      const holderSide =
        r.manager || (await callerPeople(r, tx)).some((p) => p.attendee === offer.holder);
      // Nobody else learns that the offer exists.
      if (!(toMe || (!accepting && holderSide))) throw new ApiError('NOT_FOUND', GONE);
      const on = await occurrenceOfSlot(tx, r.units, offer.slot, offer.occurrence || undefined);
      if (accepting) {
        const taker = await personOf(tx, troopId, `user:${offer.toUser}`);
        await acceptOffer(tx, troopId, offer, taker, nowMs);
      } else await dropOffer(tx, troopId, offer.id);
      return { event: on, slotId: offer.slot.id };
    })
    .catch((err: unknown) => {
      throw placeConflict(err) ?? err;
    });
  await mustReadEvent(r.deps, r.units, r.caller, event.eventId).catch(() => {
    throw new ApiError('NOT_FOUND', GONE);
  });
  announcePlaces(r, event, slotId, accepting ? 'offer-accepted' : 'offer-declined');
  return sheetFor(r, event);
}

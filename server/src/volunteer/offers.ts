/**
 * Offering a taken place to another member, a swap they accept or decline
 * (docs/decisions/070-volunteer-sheets.md). The holder (or an adult of the holding scout's
 * household) names a member of the troop; the place stays the holder's until the member
 * accepts, and then becomes theirs in the same row, so the slot never has a free place
 * in between that someone else could take. One open offer a place (migration 050).
 */
import crypto from 'node:crypto';
import { ApiError } from '../errors.ts';
import type { Attendee } from '../households/answerable.ts';
import { personOf } from '../rsvps/attendees.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { assertMayHold } from './places.ts';
import { findSlot, type Slot } from './stored-slots.ts';

interface SignupRow {
  id: string;
  slot_id: string;
  occurrence: string;
  volunteer: string;
}

async function signupOf(db: Queryable, troopId: string, slot: Slot, occ: string, key: string) {
  const { rows } = await db.query<SignupRow>(
    'SELECT id, slot_id, occurrence, volunteer FROM volunteer_signups WHERE troop_id = ? AND slot_id = ? AND occurrence = ? AND volunteer = ?',
    [troopId, slot.id, occ, key],
  );
  return rows[0];
}

/** Offers `holder`'s place to the member `toUserId`; replaces an earlier open offer of it. */
export async function offerPlace(
  db: Queryable,
  slot: Slot,
  event: EventOccurrence,
  holder: string,
  toUserId: string,
  by: string | null,
  nowMs: number,
): Promise<void> {
  const signup = await signupOf(db, event.troopId, slot, event.occurrence, holder);
  if (!signup) throw new ApiError('NOT_FOUND', 'No place in this slot to offer');
  const to = await personOf(db, event.troopId, `user:${toUserId}`).catch(() => {
    throw new ApiError('NOT_FOUND', 'No such member in this troop');
  });
  if (to.attendee === holder)
    throw new ApiError('VALIDATION_ERROR', 'This place is already theirs');
  assertMayHold(slot, to);
  if (await signupOf(db, event.troopId, slot, event.occurrence, to.attendee))
    throw new ApiError('CONFLICT', 'They already have a place in this slot');
  await db.query('DELETE FROM volunteer_offers WHERE troop_id = ? AND signup_id = ?', [
    event.troopId,
    signup.id,
  ]);
  await db.query(
    `INSERT INTO volunteer_offers (id, troop_id, signup_id, to_user, offered_by, offered_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [crypto.randomUUID(), event.troopId, signup.id, toUserId, by, isoInstant(nowMs)],
  );
}

export interface StoredOffer {
  id: string;
  signupId: string;
  toUser: string;
  slot: Slot;
  occurrence: string;
  holder: string;
}

/** The troop's open offer `id` with its place and slot (the slot locked); 404 when none. */
export async function findOffer(db: Queryable, troopId: string, id: string): Promise<StoredOffer> {
  const { rows } = await db.query<SignupRow & { offer_id: string; to_user: string }>(
    `SELECT o.id AS offer_id, o.to_user, p.id, p.slot_id, p.occurrence, p.volunteer
     FROM volunteer_offers o JOIN volunteer_signups p ON p.id = o.signup_id AND p.troop_id = o.troop_id
     WHERE o.troop_id = ? AND o.id = ?`,
    [troopId, id],
  );
  const row = rows[0];
  const slot = row ? await findSlot(db, troopId, row.slot_id, true) : undefined;
  if (!row || !slot) throw new ApiError('NOT_FOUND', 'This offer was withdrawn or answered');
  return {
    id: row.offer_id,
    signupId: row.id,
    toUser: row.to_user,
    slot,
    occurrence: row.occurrence,
    holder: row.volunteer,
  };
}

/** The member the offer names takes the place over: the same place, now theirs. */
export async function acceptOffer(
  db: Queryable,
  troopId: string,
  offer: StoredOffer,
  taker: Attendee,
  nowMs: number,
): Promise<void> {
  assertMayHold(offer.slot, taker);
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM volunteer_signups WHERE troop_id = ? AND slot_id = ? AND occurrence = ? AND volunteer = ?',
    [troopId, offer.slot.id, offer.occurrence, taker.attendee],
  );
  if (rows[0]) throw new ApiError('VOLUNTEER_ALREADY_SIGNED_UP');
  await db.query(
    `UPDATE volunteer_signups SET volunteer = ?, user_id = ?, scout_id = ?, taken_by = ?, taken_at = ?
     WHERE troop_id = ? AND id = ?`,
    [
      taker.attendee,
      taker.scoutId ? null : taker.userId,
      taker.scoutId,
      taker.userId,
      isoInstant(nowMs),
      troopId,
      offer.signupId,
    ],
  );
  await dropOffer(db, troopId, offer.id);
}

export async function dropOffer(db: Queryable, troopId: string, id: string): Promise<void> {
  await db.query('DELETE FROM volunteer_offers WHERE troop_id = ? AND id = ?', [troopId, id]);
}

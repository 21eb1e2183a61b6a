/**
 * Taking a place in a slot and giving it back (docs/decisions/070-volunteer-sheets.md). Runs in
 * the caller's transaction after the slot's row is locked (stored-slots.ts `findSlot`), so two
 * people taking the last place are decided one after the other; the store's unique place
 * numbers (migration 050) refuse a second holder of a place whatever happens above them.
 */
import crypto from 'node:crypto';
import { EVERY_OCCURRENCE } from '@scout/protocol/volunteer';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import { ApiError } from '../errors.ts';
import type { Attendee } from '../households/answerable.ts';
import { findEventOccurrence, type EventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Slot } from './stored-slots.ts';

/**
 * The occurrence a place in `slot` is for: the slot's own, or for a slot on every occurrence of
 * a series the one `asked` names (400 without one, 404 for a date the series does not give).
 */
export async function occurrenceOfSlot(
  db: Queryable,
  units: CalendarUnits,
  slot: Slot,
  asked: string | undefined,
): Promise<EventOccurrence> {
  const given = asked === '' ? undefined : asked;
  if (slot.occurrence === EVERY_OCCURRENCE) {
    if (given === undefined)
      throw new ApiError(
        'VALIDATION_ERROR',
        'This slot repeats on every occurrence: give the date as occurrence',
      );
    return findEventOccurrence(db, units, slot.eventId, given);
  }
  if (given !== undefined && given !== slot.occurrence)
    throw new ApiError('VALIDATION_ERROR', 'This slot is on another occurrence; leave it out');
  return findEventOccurrence(db, units, slot.eventId, slot.occurrence || undefined);
}

interface TakenRow {
  id: string;
  place: number | string;
  volunteer: string;
}

async function takenPlaces(db: Queryable, troopId: string, slotId: string, occurrence: string) {
  const { rows } = await db.query<TakenRow>(
    'SELECT id, place, volunteer FROM volunteer_signups WHERE troop_id = ? AND slot_id = ? AND occurrence = ?',
    [troopId, slotId, occurrence],
  );
  return rows.map((r) => ({ id: r.id, place: Number(r.place), volunteer: r.volunteer }));
}

/** Refuses a scout in a slot for adults. */
export function assertMayHold(slot: Slot, person: Pick<Attendee, 'youth'>): void {
  if (person.youth && !slot.openToScouts) throw new ApiError('VOLUNTEER_ADULTS_ONLY');
}

/** Stores `person` in the first free place of the slot on `event`'s occurrence. */
export async function takePlace(
  db: Queryable,
  slot: Slot,
  event: EventOccurrence,
  person: Attendee,
  by: string | null,
  nowMs: number,
): Promise<void> {
  if (event.cancelled) throw new ApiError('CONFLICT', 'This event is cancelled');
  assertMayHold(slot, person);
  const taken = await takenPlaces(db, event.troopId, slot.id, event.occurrence);
  if (taken.some((p) => p.volunteer === person.attendee))
    throw new ApiError('VOLUNTEER_ALREADY_SIGNED_UP');
  const used = new Set(taken.map((p) => p.place));
  let place = 1;
  while (used.has(place)) place++;
  if (place > slot.people) throw new ApiError('VOLUNTEER_SLOT_FULL');
  await db.query(
    `INSERT INTO volunteer_signups (id, troop_id, slot_id, occurrence, place, volunteer, user_id,
       scout_id, taken_by, taken_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      crypto.randomUUID(),
      event.troopId,
      slot.id,
      event.occurrence,
      place,
      person.attendee,
      person.scoutId ? null : person.userId,
      person.scoutId,
      by,
      isoInstant(nowMs),
    ],
  );
}

/** Removes `volunteer`'s place in the slot on the occurrence; 404 when they hold none. */
export async function giveBackPlace(
  db: Queryable,
  slot: Slot,
  event: EventOccurrence,
  volunteer: string,
): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    'DELETE FROM volunteer_signups WHERE troop_id = ? AND slot_id = ? AND occurrence = ? AND volunteer = ? RETURNING id',
    [event.troopId, slot.id, event.occurrence, volunteer],
  );
  if (rows.length === 0) throw new ApiError('NOT_FOUND', 'No place in this slot to give back');
}

/**
 * A store's refusal of a second holder of a place (unique place numbers or one place a person),
 * which only a write racing past the slot's lock meets: answered as the code the lock gives.
 */
export function placeConflict(err: unknown): ApiError | null {
  const code = (err as { code?: unknown } | null)?.code;
  if (code !== '23505' && code !== 'SQLITE_CONSTRAINT_UNIQUE') return null;
  const message = String((err as { message?: unknown }).message ?? '');
  // Both stores name the constraint's columns: (slot_id, occurrence, place) or (..., volunteer).
  return /place/.test(message)
    ? new ApiError('VOLUNTEER_SLOT_FULL')
    : new ApiError('VOLUNTEER_ALREADY_SIGNED_UP');
}

/**
 * Adding, changing and removing slots (volunteer.manage). A slot goes on a single event, on one
 * occurrence of a series (its original date, as answers are keyed), or on every occurrence of
 * a series (`*`, a recurring meeting's repeating slots). The rules a schema cannot say are here:
 * a time window is both ends or neither, seats are a driver's, and a slot never drops below the
 * places already taken in it.
 */
import crypto from 'node:crypto';
import {
  EVERY_OCCURRENCE,
  VOLUNTEER_LIMITS,
  type VolunteerSlotInput,
  type VolunteerSlotPatch,
} from '@scout/protocol/volunteer';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import { findEvent } from '../calendar/stored-events.ts';
import { ApiError } from '../errors.ts';
import { findEventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant, storedBoolean } from '../store/sql-values.ts';
import { findSlot, type Slot } from './stored-slots.ts';

/** The event and slot key a new slot goes on: the series and `*`, or the answers' key. */
async function slotTarget(
  db: Queryable,
  units: CalendarUnits,
  id: string,
  occurrence: string | undefined,
): Promise<{ eventId: string; occurrence: string }> {
  if (occurrence !== EVERY_OCCURRENCE) {
    const event = await findEventOccurrence(db, units, id, occurrence, true);
    if (event.cancelled) throw new ApiError('CONFLICT', 'This event is cancelled');
    return { eventId: event.eventId, occurrence: event.occurrence };
  }
  const row = await findEvent(db, units, id);
  if (!row) throw new ApiError('NOT_FOUND', 'Event not found');
  const seriesId = row.series_id ?? (row.rrule ? row.id : null);
  if (!seriesId)
    throw new ApiError(
      'VALIDATION_ERROR',
      'Only a series has every occurrence: leave occurrence out for a single event',
    );
  return { eventId: seriesId, occurrence: EVERY_OCCURRENCE };
}

/** What a leader sets on a slot: all but where it stands and when it was made. */
type SlotFields = Omit<Slot, 'id' | 'eventId' | 'occurrence' | 'createdAt'>;

/** The fields' values in the order the insert and the update name their columns. */
const storedFields = (db: Queryable, f: SlotFields) => [
  f.title,
  f.kind,
  f.people,
  f.seats,
  f.timeFrom,
  f.timeTo,
  f.note,
  storedBoolean(db, f.openToScouts),
  f.cutoffHours,
];

const oneLine = (text: string | null | undefined) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/** The fields as stored, or a 400 in words a leader reads. */
function checkedFields(f: SlotFields): SlotFields {
  const title = oneLine(f.title);
  if (!title) throw new ApiError('VALIDATION_ERROR', 'A slot needs a title');
  if ((f.timeFrom === null) !== (f.timeTo === null))
    throw new ApiError('VALIDATION_ERROR', 'A time window needs both its start and its end');
  if (f.timeFrom !== null && f.timeTo !== null && f.timeTo <= f.timeFrom)
    throw new ApiError('VALIDATION_ERROR', 'A time window must end after it starts');
  if (f.kind !== 'driver' && f.seats !== null)
    throw new ApiError('VALIDATION_ERROR', 'Only a driver slot has seats');
  return { ...f, title, note: oneLine(f.note), seats: f.kind === 'driver' ? f.seats : null };
}

export async function addSlot(
  db: Queryable,
  units: CalendarUnits,
  eventId: string,
  input: VolunteerSlotInput,
  by: string | null,
  nowMs: number,
): Promise<Slot> {
  const target = await slotTarget(db, units, eventId, input.occurrence);
  const fields = checkedFields({
    title: input.title,
    kind: input.kind,
    people: input.people,
    seats: input.seats ?? (input.kind === 'driver' ? 0 : null),
    timeFrom: input.timeFrom ?? null,
    timeTo: input.timeTo ?? null,
    note: input.note ?? null,
    openToScouts: input.openToScouts ?? false,
    cutoffHours: input.cutoffHours ?? null,
  });
  const { rows } = await db.query<{ n: number | string; latest: string | null }>(
    'SELECT COUNT(*) AS n, MAX(created_at) AS latest FROM volunteer_slots WHERE troop_id = ? AND event_id = ?',
    [units.troopId, target.eventId],
  );
  if (Number(rows[0]?.n ?? 0) >= VOLUNTEER_LIMITS.slotsPerEvent)
    throw new ApiError(
      'CONFLICT',
      `An event has at most ${VOLUNTEER_LIMITS.slotsPerEvent} slots: remove one first`,
    );
  const id = crypto.randomUUID();
  // Slots show in the order they were added: a millisecond after the latest when the clock
  // has not moved on, so `created_at` alone orders them.
  const latest = rows[0]?.latest ? Date.parse(rows[0].latest) : NaN;
  const now = isoInstant(Number.isNaN(latest) ? nowMs : Math.max(nowMs, latest + 1));
  await db.query(
    `INSERT INTO volunteer_slots (id, troop_id, event_id, occurrence, title, kind, people, seats,
       time_from, time_to, note, open_to_scouts, cutoff_hours, created_by, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      units.troopId,
      target.eventId,
      target.occurrence,
      ...storedFields(db, fields),
      by,
      now,
      now,
    ],
  );
  return (await findSlot(db, units.troopId, id))!;
}

/** The most places taken in the slot on any one occurrence. */
async function mostTaken(db: Queryable, troopId: string, slotId: string): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM volunteer_signups WHERE troop_id = ? AND slot_id = ?
     GROUP BY occurrence ORDER BY COUNT(*) DESC LIMIT 1`,
    [troopId, slotId],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function editSlot(
  db: Queryable,
  troopId: string,
  slot: Slot,
  patch: VolunteerSlotPatch,
  nowMs: number,
): Promise<Slot> {
  const kind = patch.kind ?? slot.kind;
  const fields = checkedFields({
    title: patch.title ?? slot.title,
    kind,
    people: patch.people ?? slot.people,
    seats:
      patch.seats !== undefined
        ? patch.seats
        : kind === 'driver'
          ? (slot.seats ?? 0)
          : patch.kind !== undefined
            ? null
            : slot.seats,
    timeFrom: patch.timeFrom !== undefined ? patch.timeFrom : slot.timeFrom,
    timeTo: patch.timeTo !== undefined ? patch.timeTo : slot.timeTo,
    note: patch.note !== undefined ? patch.note : slot.note,
    openToScouts: patch.openToScouts ?? slot.openToScouts,
    cutoffHours: patch.cutoffHours !== undefined ? patch.cutoffHours : slot.cutoffHours,
  });
  const taken = await mostTaken(db, troopId, slot.id);
  if (fields.people < taken)
    throw new ApiError(
      'CONFLICT',
      `${taken} people already took places in this slot: it needs at least ${taken}`,
    );
  await db.query(
    `UPDATE volunteer_slots SET title = ?, kind = ?, people = ?, seats = ?, time_from = ?,
       time_to = ?, note = ?, open_to_scouts = ?, cutoff_hours = ?, updated_at = ?
     WHERE troop_id = ? AND id = ?`,
    [...storedFields(db, fields), isoInstant(nowMs), troopId, slot.id],
  );
  return (await findSlot(db, troopId, slot.id))!;
}

/** Removes the slot and every place taken in it (their offers go with them). */
export async function removeSlot(db: Queryable, troopId: string, slotId: string): Promise<void> {
  await db.query('DELETE FROM volunteer_slots WHERE troop_id = ? AND id = ?', [troopId, slotId]);
}

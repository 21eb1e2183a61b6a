/**
 * Reads of the sheets' tables (migration 050): a troop's slots and the places taken in them.
 * Every read names the troop first (docs/decisions/065-troops.md).
 */
import {
  EVERY_OCCURRENCE,
  type VolunteerKind,
  type WireVolunteerSlot,
} from '@scout/protocol/volunteer';
import { memberName } from '../rsvps/attendees.ts';
import type { Queryable } from '../store/store.ts';
import { readBoolean } from '../store/sql-values.ts';

export const SLOT_COLUMNS =
  'id, troop_id, event_id, occurrence, title, kind, people, seats, time_from, time_to, note, open_to_scouts, cutoff_hours, created_at';

export interface SlotRow {
  id: string;
  troop_id: string;
  event_id: string;
  /** '' single event, a date (one occurrence) or `*` (every occurrence). */
  occurrence: string;
  title: string;
  kind: VolunteerKind;
  people: number | string;
  seats: number | string | null;
  time_from: string | null;
  time_to: string | null;
  note: string | null;
  open_to_scouts: unknown;
  cutoff_hours: number | string | null;
  created_at: string;
}

/** A stored slot: the wire's fields, with its own key as `occurrence` and when it was added. */
export interface Slot extends Pick<
  WireVolunteerSlot,
  | 'id'
  | 'eventId'
  | 'title'
  | 'kind'
  | 'people'
  | 'seats'
  | 'timeFrom'
  | 'timeTo'
  | 'note'
  | 'openToScouts'
  | 'cutoffHours'
> {
  occurrence: string;
  createdAt: string;
}

const num = (v: number | string | null) => (v === null ? null : Number(v));

export const slotOf = (r: SlotRow): Slot => ({
  id: r.id,
  eventId: r.event_id,
  occurrence: r.occurrence,
  title: r.title,
  kind: r.kind,
  people: Number(r.people),
  seats: num(r.seats),
  timeFrom: r.time_from,
  timeTo: r.time_to,
  note: r.note,
  openToScouts: readBoolean(r.open_to_scouts),
  cutoffHours: num(r.cutoff_hours),
  createdAt: r.created_at,
});

/** Slots first by their time window, then in the order they were added. */
export const bySlotOrder = (a: Slot, b: Slot) =>
  (a.timeFrom ?? '').localeCompare(b.timeFrom ?? '') ||
  a.createdAt.localeCompare(b.createdAt) ||
  a.id.localeCompare(b.id);

/** The troop's slot `id`, locked until the transaction ends on PostgreSQL when `lock`. */
export async function findSlot(
  db: Queryable,
  troopId: string,
  id: string,
  lock = false,
): Promise<Slot | undefined> {
  // Places in one slot are taken one after the other: the slot's row is the lock they queue on.
  // SQLite runs one writing transaction at a time anyway.
  const forUpdate = lock && db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const { rows } = await db.query<SlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM volunteer_slots WHERE troop_id = ? AND id = ?${forUpdate}`,
    [troopId, id],
  );
  return rows[0] ? slotOf(rows[0]) : undefined;
}

/** The slots an occurrence shows: its own, and for a series' occurrence those on every one. */
export async function slotsOn(
  db: Queryable,
  troopId: string,
  eventId: string,
  occurrence: string,
): Promise<Slot[]> {
  const { rows } = await db.query<SlotRow>(
    `SELECT ${SLOT_COLUMNS} FROM volunteer_slots WHERE troop_id = ? AND event_id = ?
       AND (occurrence = ? OR (occurrence = ? AND ? <> ''))`,
    [troopId, eventId, occurrence, EVERY_OCCURRENCE, occurrence],
  );
  return rows.map(slotOf).sort(bySlotOrder);
}

/** Every slot of the troop on these events (the lists across events). */
export async function slotsOfEvents(
  db: Queryable,
  troopId: string,
  eventIds: readonly string[],
): Promise<Slot[]> {
  if (eventIds.length === 0) return [];
  const out: Slot[] = [];
  // In chunks, under every store's limit of parameters.
  for (let i = 0; i < eventIds.length; i += 500) {
    const chunk = eventIds.slice(i, i + 500);
    const { rows } = await db.query<SlotRow>(
      `SELECT ${SLOT_COLUMNS} FROM volunteer_slots WHERE troop_id = ? AND event_id IN (${chunk.map(() => '?').join(', ')})`,
      [troopId, ...chunk],
    );
    out.push(...rows.map(slotOf));
  }
  return out.sort(bySlotOrder);
}

export interface Place {
  id: string;
  slotId: string;
  occurrence: string;
  place: number;
  volunteer: string;
  userId: string | null;
  scoutId: string | null;
  name: string;
  youth: boolean;
  takenAt: string;
  offer: { id: string; toUser: string; toName: string; offeredBy: string | null } | null;
}

interface PlaceRow {
  id: string;
  slot_id: string;
  occurrence: string;
  place: number | string;
  volunteer: string;
  user_id: string | null;
  scout_id: string | null;
  taken_at: string;
  display_name: string | null;
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  offer_id: string | null;
  to_user: string | null;
  offered_by: string | null;
  to_display_name: string | null;
  to_email: string | null;
}

/** The places taken in these slots: on one occurrence, or on every one when `occurrence` is null. */
export async function placesIn(
  db: Queryable,
  troopId: string,
  slotIds: readonly string[],
  occurrence: string | null,
): Promise<Place[]> {
  if (slotIds.length === 0) return [];
  const out: Place[] = [];
  for (let i = 0; i < slotIds.length; i += 500) {
    const chunk = slotIds.slice(i, i + 500);
    const { rows } = await db.query<PlaceRow>(
      `SELECT p.id, p.slot_id, p.occurrence, p.place, p.volunteer, p.user_id, p.scout_id, p.taken_at,
         u.display_name, u.email, s.first_name, s.last_name,
         o.id AS offer_id, o.to_user, o.offered_by, ou.display_name AS to_display_name, ou.email AS to_email
       FROM volunteer_signups p
       LEFT JOIN users u ON u.id = p.user_id
       LEFT JOIN scouts s ON s.id = p.scout_id AND s.troop_id = p.troop_id
       LEFT JOIN volunteer_offers o ON o.signup_id = p.id AND o.troop_id = p.troop_id
       LEFT JOIN users ou ON ou.id = o.to_user
       WHERE p.troop_id = ? AND p.slot_id IN (${chunk.map(() => '?').join(', ')})
         ${occurrence === null ? '' : 'AND p.occurrence = ?'}`,
      [troopId, ...chunk, ...(occurrence === null ? [] : [occurrence])],
    );
    out.push(...rows.map(placeOf));
  }
  return out.sort((a, b) => a.slotId.localeCompare(b.slotId) || a.place - b.place);
}

function placeOf(r: PlaceRow): Place {
  return {
    id: r.id,
    slotId: r.slot_id,
    occurrence: r.occurrence,
    place: Number(r.place),
    volunteer: r.volunteer,
    userId: r.user_id,
    scoutId: r.scout_id,
    name:
      r.first_name !== null
        ? `${r.first_name} ${r.last_name ?? ''}`.trim()
        : memberName(r.display_name, r.email ?? ''),
    youth: r.scout_id !== null,
    takenAt: r.taken_at,
    offer:
      r.offer_id && r.to_user
        ? {
            id: r.offer_id,
            toUser: r.to_user,
            toName: memberName(r.to_display_name, r.to_email ?? ''),
            offeredBy: r.offered_by,
          }
        : null,
  };
}

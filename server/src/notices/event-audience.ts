/**
 * Who hears of a unit's events, and in which troop (docs/decisions/064-notice-batches.md,
 * "Council events"). A troop's events are told to its own active members, in the troop. A
 * council's events show in every troop of the council (calendar/calendar-units.ts), so they are
 * told to the active members of the council and of each of its troops, once per person, in one
 * troop: the first troop of the council they joined, or the council itself for someone in no
 * troop of it. One mail per person rather than one per troop: settings are the account's
 * (notification_settings), and a parent in two troops of the council hears of the camporee once.
 * The troop chosen names the mail and holds its links: the event, the answers (which are per
 * troop, migration 044) and the unsubscribe address.
 *
 * A troop still waiting for its council (migration 046) tells its members nothing: they reach
 * only their own profile until it is confirmed.
 */
import type { Queryable } from '../store/store.ts';
import type { EventState } from './event-state.ts';

/** Where a unit's members stand: active, in a troop that is not waiting. */
const REACHED = `m.status = 'active' AND (t.id = ? OR t.council_id = ?)
  AND NOT (t.registered_by IS NOT NULL AND t.confirmed_at IS NULL)`;

/** The units whose members and answers an event of `unitId` concerns: itself and, for a council, its troops. */
export async function unitsHearing(db: Queryable, unitId: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    'SELECT id FROM troops WHERE id = ? OR council_id = ? ORDER BY id',
    [unitId, unitId],
  );
  const ids = rows.map((r) => r.id);
  return ids.includes(unitId) ? ids : [unitId, ...ids];
}

/**
 * Each person who hears of an event of `unitId`, with the troop their mail is told in; only
 * those among `userIds` when given. People with no active membership there are left out.
 */
export async function audienceOf(
  db: Queryable,
  unitId: string,
  userIds?: readonly string[],
): Promise<Map<string, string>> {
  const homes = new Map<string, string>();
  const unique = userIds === undefined ? [undefined] : chunks([...new Set(userIds)]);
  for (const chunk of unique) {
    if (chunk?.length === 0) continue;
    const among = chunk ? `AND m.user_id IN (${chunk.map(() => '?').join(', ')})` : '';
    const { rows } = await db.query<{ user_id: string; troop_id: string }>(
      `SELECT m.user_id, m.troop_id FROM memberships m JOIN troops t ON t.id = m.troop_id
       WHERE ${REACHED} ${among}
       ORDER BY m.user_id, CASE WHEN t.id = ? THEN 1 ELSE 0 END, m.joined_at, m.troop_id`,
      [unitId, unitId, ...(chunk ?? []), unitId],
    );
    for (const r of rows) if (!homes.has(r.user_id)) homes.set(r.user_id, r.troop_id);
  }
  return homes;
}

function chunks(ids: string[]): string[][] {
  if (ids.length === 0) return [[]];
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += 500) out.push(ids.slice(i, i + 500));
  return out;
}

/** The councils of the given troops, for a member's digest: they hear of their councils' events. */
export async function councilsOf(db: Queryable, troopIds: readonly string[]): Promise<string[]> {
  if (troopIds.length === 0) return [];
  const { rows } = await db.query<{ council_id: string }>(
    `SELECT DISTINCT council_id FROM troops
     WHERE id IN (${troopIds.map(() => '?').join(', ')}) AND council_id IS NOT NULL
       AND NOT (registered_by IS NOT NULL AND confirmed_at IS NULL)
     ORDER BY council_id`,
    troopIds,
  );
  return rows.map((r) => r.council_id);
}

/** How a mail names an event: as it is, or as another unit's ("Camporee, from Lakeside Council"). */
export type Naming = (s: EventState) => EventState;

export const asItIs: Naming = (s) => s;

export const fromUnit =
  (unitName: string): Naming =>
  (s) => ({ ...s, name: `${s.name}, from ${unitName}` });

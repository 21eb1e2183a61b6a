/**
 * The troop's adults a place may be offered to (docs/decisions/070-volunteer-sheets.md, Swaps):
 * every member of the troop reads it, parents without `members.read` too, so it says only what
 * the sheets already show of a person: an account's id and the name other members read. No
 * address, no scout (a scout's own account included), nothing of households.
 */
import type { WireVolunteerAdult } from '@scout/protocol/volunteer';
import { memberName } from '../rsvps/attendees.ts';
import type { Queryable } from '../store/store.ts';
import type { VolunteerRequest } from './request-context.ts';

/** The troop's active adult members, by name: every account but a scout's own. */
export async function adultMembers(db: Queryable, troopId: string): Promise<WireVolunteerAdult[]> {
  const { rows } = await db.query<{ id: string; display_name: string | null; email: string }>(
    `SELECT u.id, u.display_name, u.email FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.troop_id = ? AND m.status = 'active'
       AND m.user_id NOT IN (SELECT user_id FROM scouts WHERE troop_id = ? AND user_id IS NOT NULL)`,
    [troopId, troopId],
  );
  // The address is read only to fall back on its local part, as the sheets name people.
  return rows
    .map((r) => ({ userId: r.id, name: memberName(r.display_name, r.email) }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.userId.localeCompare(b.userId));
}

export async function listAdults(r: VolunteerRequest) {
  return { adults: await adultMembers(r.deps.store, r.troop.id) };
}

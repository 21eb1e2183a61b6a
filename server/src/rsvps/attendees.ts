/**
 * The person an answer names, as stored (docs/decisions/051-rsvps.md): `scout:<id>` for a scout
 * (also when the scout's own account answers), `user:<id>` for an adult. Who may answer for whom
 * is households/answerable.ts; this only reads the person a key names.
 */
import {
  SCOUT_COLUMNS,
  scoutAttendee,
  type Attendee,
  type ScoutRow,
} from '../households/answerable.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';

/**
 * The person `key` names in the troop, under the key their answers are stored by; 404 if there
 * is none (a scout of another troop, or an account that is no member of this one).
 */
export async function personOf(db: Queryable, troopId: string, key: string): Promise<Attendee> {
  const m = /^(user|scout):(.{1,200})$/.exec(key);
  if (!m) throw new ApiError('VALIDATION_ERROR', 'attendee must be user:<id> or scout:<id>');
  const [, kind, id] = m as unknown as [string, 'user' | 'scout', string];
  const scout = await db.query<ScoutRow>(
    `SELECT ${SCOUT_COLUMNS} FROM scouts WHERE troop_id = ? AND ${kind === 'scout' ? 'id' : 'user_id'} = ?`,
    [troopId, id],
  );
  if (scout.rows[0]) return scoutAttendee(scout.rows[0]);
  if (kind === 'scout') throw new ApiError('NOT_FOUND', 'No such scout');
  const user = await db.query<{ display_name: string | null; email: string }>(
    `SELECT u.display_name, u.email FROM users u
     JOIN memberships m ON m.user_id = u.id AND m.troop_id = ? WHERE u.id = ?`,
    [troopId, id],
  );
  const row = user.rows[0];
  if (!row) throw new ApiError('NOT_FOUND', 'No such member');
  const household = await db.query<{ household_id: string }>(
    'SELECT household_id FROM household_adults WHERE troop_id = ? AND user_id = ? ORDER BY household_id',
    [troopId, id],
  );
  return {
    attendee: `user:${id}`,
    userId: id,
    scoutId: null,
    householdId: household.rows[0]?.household_id ?? null,
    youth: false,
    name: memberName(row.display_name, row.email),
  };
}

/** A member's name as other members read it: never their whole address. */
export const memberName = (displayName: string | null, email: string) =>
  displayName?.trim() || email.split('@')[0] || 'Member';

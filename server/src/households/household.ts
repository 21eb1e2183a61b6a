/**
 * A member's household: the one they are an adult of, or the one they are a scout of. An adult
 * belongs to one household; the first time a member without one opens theirs, it is made, with
 * them as its first adult (docs/decisions/050-households-and-rsvps.md).
 */
import crypto from 'node:crypto';
import type { HouseholdRole, WireHousehold } from '@scout/protocol/households';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import type { Queryable } from '../store/store.ts';
import {
  adultToWire,
  INVITATION_COLUMNS,
  invitationToWire,
  SCOUT_COLUMNS,
  scoutToWire,
  type AdultRow,
  type InvitationRow,
  type ScoutRow,
} from './rows.ts';
import { isoInstant } from '../store/sql-values.ts';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

/** A household of a troop: a family in two troops has a household in each. */
export interface HouseholdRef {
  troopId: string;
  householdId: string;
}

export interface Membership extends HouseholdRef {
  role: HouseholdRole;
}

/** Where `userId` belongs: adult first (an account is one or the other), then scout. */
export async function membershipOf(
  db: Queryable,
  troopId: string,
  userId: string,
): Promise<Membership | null> {
  const adult = await db.query<{ household_id: string }>(
    'SELECT household_id FROM household_adults WHERE troop_id = ? AND user_id = ? ORDER BY joined_at LIMIT 1',
    [troopId, userId],
  );
  if (adult.rows[0]) return { troopId, householdId: adult.rows[0].household_id, role: 'adult' };
  const scout = await db.query<{ household_id: string }>(
    'SELECT household_id FROM scouts WHERE troop_id = ? AND user_id = ?',
    [troopId, userId],
  );
  if (scout.rows[0]) return { troopId, householdId: scout.rows[0].household_id, role: 'scout' };
  return null;
}

/**
 * Holds the household's row until the transaction ends, so two adults adding at once are counted
 * one after the other against the household's limits (SQLite's write lock already does this).
 */
export async function lockHousehold(tx: Queryable, ref: HouseholdRef): Promise<void> {
  if (tx.dialect === 'postgres')
    await tx.query('SELECT id FROM households WHERE troop_id = ? AND id = ? FOR UPDATE', [
      ref.troopId,
      ref.householdId,
    ]);
}

/** Households are a member's own: a service key has none. */
export function memberIdOf(caller: SignedInCaller): string {
  if (caller.kind !== 'user')
    throw new ApiError('FORBIDDEN', 'A household belongs to a member: sign in as one');
  return caller.userId;
}

/** The caller's household, made on first use with them as its adult. */
export async function ensureHousehold(
  deps: Deps,
  troopId: string,
  userId: string,
): Promise<Membership> {
  const found = await membershipOf(deps.store, troopId, userId);
  if (found) return found;
  return deps.store.transaction(async (tx) => {
    // Two first visits at once (two tabs) make one household: the second waits and finds it.
    if (tx.dialect === 'postgres')
      await tx.query('SELECT pg_advisory_xact_lock(hashtext(?))', [`household:${userId}`]);
    const again = await membershipOf(tx, troopId, userId);
    if (again) return again;
    const { rows } = await tx.query<{ display_name: string | null; email: string }>(
      'SELECT display_name, email FROM users WHERE id = ?',
      [userId],
    );
    const name = rows[0]?.display_name || rows[0]?.email || 'My';
    const id = crypto.randomUUID();
    const now = isoInstant(deps.clock.now());
    await tx.query(
      'INSERT INTO households (id, name, created_by, created_at, troop_id) VALUES (?, ?, ?, ?, ?)',
      [id, `${name.slice(0, 80)} household`, userId, now, troopId],
    );
    await tx.query(
      'INSERT INTO household_adults (household_id, user_id, joined_at, troop_id) VALUES (?, ?, ?, ?)',
      [id, userId, now, troopId],
    );
    return { troopId, householdId: id, role: 'adult' as const };
  });
}

/** The caller's household for a change: only its adults change it. */
export async function adultHousehold(
  deps: Deps,
  troopId: string,
  caller: SignedInCaller,
): Promise<HouseholdRef> {
  const membership = await ensureHousehold(deps, troopId, memberIdOf(caller));
  if (membership.role !== 'adult') throw new ApiError('HOUSEHOLD_ADULTS_ONLY');
  return { troopId, householdId: membership.householdId };
}

/** Everything the household's own people see of it. */
export async function readHousehold(
  db: Queryable,
  now: number,
  membership: Membership,
): Promise<WireHousehold> {
  const { troopId, householdId: id } = membership;
  const household = await db.query<{ name: string }>(
    'SELECT name FROM households WHERE troop_id = ? AND id = ?',
    [troopId, id],
  );
  if (!household.rows[0]) throw new ApiError('NOT_FOUND', 'No household with this id');
  const adults = await db.query<AdultRow>(
    `SELECT a.user_id, u.display_name, u.email, a.joined_at
     FROM household_adults a JOIN users u ON u.id = a.user_id
     WHERE a.troop_id = ? AND a.household_id = ? ORDER BY a.joined_at, a.user_id`,
    [troopId, id],
  );
  const scouts = await db.query<ScoutRow>(
    `SELECT ${SCOUT_COLUMNS} FROM scouts WHERE troop_id = ? AND household_id = ? ORDER BY first_name, last_name, id`,
    [troopId, id],
  );
  const invitations =
    membership.role === 'adult'
      ? await db.query<InvitationRow>(
          `SELECT ${INVITATION_COLUMNS} FROM household_invitations
           WHERE troop_id = ? AND household_id = ? AND accepted_at IS NULL AND expires_at > ?
           ORDER BY created_at, id`,
          [troopId, id, isoInstant(now)],
        )
      : { rows: [] };
  return {
    id,
    name: household.rows[0].name,
    role: membership.role,
    adults: adults.rows.map(adultToWire),
    scouts: scouts.rows.map(scoutToWire),
    invitations: invitations.rows.map(invitationToWire),
  };
}

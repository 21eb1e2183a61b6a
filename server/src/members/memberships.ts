/**
 * An account's role and status in a troop (`memberships`, docs/decisions/065-troops.md): the one
 * truth every writer of a role or a status writes, for the troop of its request.
 *
 * The first troop's role and status are written to `users.role` / `users.status` too, as a
 * one-troop server always did, so its `users.role` on the wire (and whoever reads it there)
 * stays right; migration 041's triggers copy a write of `users` into that membership as well,
 * so both always agree. Another troop's membership is written only here: `users.role` and
 * `users.status` are the first troop's, never another's.
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

export interface Membership {
  role: string;
  status: AccountStatus;
}

/** The account's membership in the troop; undefined when it is not a member there. */
export async function membershipIn(
  db: Queryable,
  userId: string,
  troopId: string,
): Promise<Membership | undefined> {
  const { rows } = await db.query<Membership>(
    'SELECT role, status FROM memberships WHERE user_id = ? AND troop_id = ?',
    [userId, troopId],
  );
  return rows[0];
}

/**
 * Makes the account a member of the troop (a new account, or one that joins another troop).
 * A new account is a member of the first troop from its INSERT (migration 041's trigger): one
 * that joins another troop first (`onlyThisTroop`) is taken out of it again, in the same
 * transaction, so it belongs to the troop it signed up to and no other.
 */
export async function joinTroop(
  db: Queryable,
  now: number,
  join: { userId: string; troopId: string; role: string; status: AccountStatus },
  opts: { onlyThisTroop?: boolean } = {},
): Promise<void> {
  const { userId, troopId, role, status } = join;
  if (troopId === FIRST_TROOP_ID) {
    await db.query('UPDATE users SET role = ?, status = ?, updated_at = ? WHERE id = ?', [
      role,
      status,
      isoInstant(now),
      userId,
    ]);
  } else if (opts.onlyThisTroop) {
    await db.query('DELETE FROM memberships WHERE user_id = ? AND troop_id = ?', [
      userId,
      FIRST_TROOP_ID,
    ]);
  }
  await db.query(
    `INSERT INTO memberships (user_id, troop_id, role, status, joined_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (user_id, troop_id) DO UPDATE SET role = excluded.role, status = excluded.status`,
    [userId, troopId, role, status, isoInstant(now)],
  );
}

/**
 * Changes the account's role or status in the troop; false when it is not a member there (or
 * the status was not `onlyFrom`, when given: a change that lost a race changes nothing).
 */
export async function changeMembershipRow(
  db: Queryable,
  now: number,
  userId: string,
  troopId: string,
  change: { role?: string; status?: AccountStatus; onlyFrom?: AccountStatus },
): Promise<boolean> {
  const sets: string[] = [];
  const params: unknown[] = [];
  if (change.role !== undefined) {
    sets.push('role = ?');
    params.push(change.role);
  }
  if (change.status !== undefined) {
    sets.push('status = ?');
    params.push(change.status);
  }
  if (sets.length === 0) return (await membershipIn(db, userId, troopId)) !== undefined;
  const from = change.onlyFrom === undefined ? '' : ' AND status = ?';
  const fromParam = change.onlyFrom === undefined ? [] : [change.onlyFrom];
  const { rowCount } = await db.query(
    `UPDATE memberships SET ${sets.join(', ')} WHERE user_id = ? AND troop_id = ?${from}`,
    [...params, userId, troopId, ...fromParam],
  );
  if (rowCount === 0) return false;
  if (troopId === FIRST_TROOP_ID)
    await db.query(`UPDATE users SET ${sets.join(', ')}, updated_at = ? WHERE id = ?`, [
      ...params,
      isoInstant(now),
      userId,
    ]);
  return true;
}

/** Takes the account out of the troop; answers how many memberships it has left. */
export async function leaveTroop(db: Queryable, userId: string, troopId: string): Promise<number> {
  await db.query('DELETE FROM memberships WHERE user_id = ? AND troop_id = ?', [userId, troopId]);
  const { rows } = await db.query<{ n: number | string }>(
    'SELECT COUNT(*) AS n FROM memberships WHERE user_id = ?',
    [userId],
  );
  return Number(rows[0]?.n ?? 0);
}

/** How many members of the troop hold one of `roles` (the troop's admins, say). */
export async function countInRoles(
  db: Queryable,
  troopId: string,
  roles: readonly string[],
): Promise<number> {
  if (roles.length === 0) return 0;
  const { rows } = await db.query<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM memberships WHERE troop_id = ? AND role IN (${roles.map(() => '?').join(', ')})`,
    [troopId, ...roles],
  );
  return Number(rows[0]?.n ?? 0);
}

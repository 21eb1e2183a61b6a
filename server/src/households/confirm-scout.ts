/**
 * A scout's account waiting for approval (docs/operations.md, Who may join) is confirmed by a
 * leader, or by a parent who links it to their household: the parent made the invitation for
 * the scout's profile and the scout's account accepted it. Only an account whose troop role
 * says Scout is confirmed this way, and only by an invitation an active adult of that household
 * made; anything else still waits for a leader.
 */
import { recordAudit } from '../members/audit-log.ts';
import { troopRoleOf } from '../members/member-list.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';

/** Confirms the waiting scout `userId` linked through `invitationId`; false when it may not. */
export async function confirmLinkedScout(
  tx: Queryable,
  now: number,
  userId: string,
  invitationId: string,
): Promise<boolean> {
  const account = await tx.query<{ email: string; status: string; metadata: string }>(
    'SELECT email, status, metadata FROM users WHERE id = ?',
    [userId],
  );
  const scout = account.rows[0];
  if (!scout || scout.status !== 'pending' || troopRoleOf(scout.metadata) !== 'Scout') return false;
  const inviter = await tx.query<{ id: string; household_id: string }>(
    `SELECT u.id, i.household_id FROM household_invitations i
       JOIN household_adults a ON a.household_id = i.household_id AND a.user_id = i.created_by
       JOIN users u ON u.id = a.user_id AND u.status = 'active'
     WHERE i.id = ?`,
    [invitationId],
  );
  const parent = inviter.rows[0];
  if (!parent) return false;
  const changed = await tx.query(
    "UPDATE users SET status = 'active', updated_at = ? WHERE id = ? AND status = 'pending'",
    [isoInstant(now), userId],
  );
  if (changed.rowCount === 0) return false;
  await recordAudit(tx, now, {
    actorId: parent.id,
    action: 'member.approved',
    targetId: userId,
    details: { email: scout.email, from: 'pending', to: 'active', household: parent.household_id },
  });
  return true;
}

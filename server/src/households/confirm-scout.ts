/**
 * A scout's account waiting for approval (docs/operations.md, Who may join) is confirmed by a
 * leader, or by a parent who links it to their household: the parent made the invitation for
 * the scout's profile and the scout's account accepted it. Only an account whose troop role
 * says Scout is confirmed this way, and only by an invitation an active adult of that household
 * made; anything else still waits for a leader.
 */
import { recordAudit } from '../members/audit-log.ts';
import { troopRoleOf } from '../members/member-list.ts';
import { changeMembershipRow } from '../members/memberships.ts';
import type { Queryable } from '../store/store.ts';

/**
 * Confirms the waiting scout `userId` linked through `invitationId`; false when it may not. The
 * scout waits, and the parent is active, in the troop of the household the invitation is from:
 * the confirmation lets the scout into that troop only.
 */
export async function confirmLinkedScout(
  tx: Queryable,
  now: number,
  userId: string,
  invitationId: string,
): Promise<boolean> {
  const inviter = await tx.query<{ id: string; household_id: string; troop_id: string }>(
    `SELECT a.user_id AS id, i.household_id, i.troop_id FROM household_invitations i
       JOIN household_adults a ON a.household_id = i.household_id AND a.user_id = i.created_by
       JOIN memberships m ON m.user_id = a.user_id AND m.troop_id = i.troop_id AND m.status = 'active'
     WHERE i.id = ?`,
    [invitationId],
  );
  const parent = inviter.rows[0];
  if (!parent) return false;
  const account = await tx.query<{ email: string; status: string; metadata: string }>(
    `SELECT u.email, m.status, u.metadata FROM users u
       JOIN memberships m ON m.user_id = u.id AND m.troop_id = ?
     WHERE u.id = ?`,
    [parent.troop_id, userId],
  );
  const scout = account.rows[0];
  if (!scout || scout.status !== 'pending' || troopRoleOf(scout.metadata) !== 'Scout') return false;
  const changed = await changeMembershipRow(tx, now, userId, parent.troop_id, {
    status: 'active',
    onlyFrom: 'pending',
  });
  if (!changed) return false;
  await recordAudit(tx, now, {
    troopId: parent.troop_id,
    actorId: parent.id,
    action: 'member.approved',
    targetId: userId,
    details: { email: scout.email, from: 'pending', to: 'active', household: parent.household_id },
  });
  return true;
}

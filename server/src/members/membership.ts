/**
 * Letting people in and out (docs/operations.md, Who may join): leaders (`members.approve`)
 * approve or refuse pending accounts, suspend and reinstate members, and remove them, each in
 * the troop of the request only (its memberships, memberships.ts): approving someone in one
 * troop lets them into no other. Refusing or removing takes the person out of the troop; an
 * account left in no troop is deleted with what hangs on it (sessions, profile rows,
 * identities, feed), as on a one-troop server, while one still in another troop stays for it.
 * Troop calendar events they created stay the troop's. Nobody acts on themself, and only
 * someone who may manage members acts on someone who may. Every change is in the audit log and
 * reaches the member's tokens at once (auth/session-check.ts).
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { WireMember } from '@scout/protocol/members';
import { can, PERMISSIONS } from '@scout/protocol/permissions';
import { forgetAccount } from '../auth/session-check.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { recordAudit } from './audit-log.ts';
import { adminRoles } from '../auth/first-admin.ts';
import { findTroopMember, toMember, type MemberRow } from './member-list.ts';
import { changeMembershipRow, leaveTroop } from './memberships.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

export interface MembershipActor {
  /** Null for a service key. */
  userId: string | null;
  /** Whether the actor may manage members (change roles) too. */
  manages: boolean;
}

export type MembershipAction = 'approve' | 'refuse' | 'suspend' | 'reinstate' | 'remove';

/** From which status each action starts, and where it leaves the account (null: deleted). */
const TRANSITIONS: Record<
  MembershipAction,
  { from: readonly AccountStatus[]; to: AccountStatus | null; notFrom: string }
> = {
  approve: { from: ['pending'], to: 'active', notFrom: 'This account is not waiting for approval' },
  refuse: {
    from: ['pending'],
    to: null,
    notFrom: 'Only an account waiting for approval is refused',
  },
  suspend: { from: ['active'], to: 'suspended', notFrom: 'Only an active member is suspended' },
  reinstate: { from: ['suspended'], to: 'active', notFrom: 'This member is not suspended' },
  remove: { from: ['active', 'pending', 'suspended'], to: null, notFrom: '' },
};

const DONE: Record<MembershipAction, string> = {
  approve: 'approved',
  refuse: 'refused',
  suspend: 'suspended',
  reinstate: 'reinstated',
  remove: 'removed',
};

/** Applies `action` to the member of the troop; answers the member as they are now (or were, if gone). */
export async function changeMembership(
  deps: Deps,
  actor: MembershipActor,
  userId: string,
  action: MembershipAction,
  troopId: string,
): Promise<WireMember> {
  const rule = TRANSITIONS[action];
  const now = deps.clock.now();
  const result = await deps.store.transaction(async (tx) => {
    const member = await findTroopMember(tx, troopId, userId);
    if (actor.userId === userId)
      throw new ApiError('CONFLICT', 'You cannot change your own membership');
    if (!actor.manages && can(deps.config.roles, member.role, PERMISSIONS.membersManage))
      throw new ApiError('FORBIDDEN', 'Only an admin may change the membership of an admin');
    if (!rule.from.includes(member.status)) throw new ApiError('CONFLICT', rule.notFrom);
    if (rule.to === null && adminRoles(deps.config.roles).includes(member.role))
      throw new ApiError('CONFLICT', 'An admin is not removed: make them a member first');

    let after: MemberRow = member;
    let eventsKeptBy: string | null = null;
    let accountDeleted = false;
    if (rule.to === null) {
      eventsKeptBy = await keepTroopEvents(tx, deps, actor, userId, troopId);
      // Out of this troop only; an account left in no troop has nothing to sign in to, and
      // goes with what hangs on it, as leaving the one troop always did.
      if ((await leaveTroop(tx, userId, troopId)) === 0) {
        await tx.query('DELETE FROM users WHERE id = ?', [userId]);
        accountDeleted = true;
      }
    } else {
      const changed = await changeMembershipRow(tx, now, userId, troopId, {
        status: rule.to,
        onlyFrom: member.status,
      });
      if (!changed) throw new ApiError('CONFLICT', rule.notFrom);
      after = { ...member, status: rule.to };
    }
    await recordAudit(tx, now, {
      troopId,
      actorId: actor.userId,
      action: `member.${DONE[action]}`,
      targetId: userId,
      details: {
        email: member.email,
        from: member.status,
        to: rule.to ?? (accountDeleted ? 'deleted' : 'left'),
        ...(eventsKeptBy ? { eventsKeptBy } : {}),
      },
    });
    return after;
  });
  forgetAccount(deps.store, userId);
  return toMember(result);
}

/**
 * Calendar events belong to the troop: before a member leaves it (a deleted account's events
 * would go with it), their events there pass to whoever removes them, or, for a service key, to
 * the troop's longest-standing admin.
 * Only the owner changes: the event, its creator's name and its version stay as they were.
 * Answers the new owner, or null when the member made no event (or nobody can take them).
 */
async function keepTroopEvents(
  tx: Queryable,
  deps: Deps,
  actor: MembershipActor,
  userId: string,
  troopId: string,
): Promise<string | null> {
  const admins = adminRoles(deps.config.roles);
  let heir = actor.userId;
  if (!heir && admins.length > 0) {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT u.id FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.troop_id = ? AND u.id <> ? AND m.role IN (${admins.map(() => '?').join(', ')})
        ORDER BY u.created_at, u.id LIMIT 1`,
      [troopId, userId, ...admins],
    );
    heir = rows[0]?.id ?? null;
  }
  if (!heir) return null;
  const { rows } = await tx.query<{ id: string }>(
    'UPDATE calendar_events SET user_id = ? WHERE user_id = ? AND troop_id = ? RETURNING id',
    [heir, userId, troopId],
  );
  return rows.length > 0 ? heir : null;
}

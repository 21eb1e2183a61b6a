/**
 * Letting people in and out (docs/operations.md, Who may join): leaders (`members.approve`)
 * approve or refuse pending accounts, suspend and reinstate members, and remove them. Refusing
 * or removing deletes the account and what hangs on it (sessions, profile rows, identities,
 * feed); troop calendar events they created stay the troop's. Nobody acts on themself, and only
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
import { MEMBER_COLUMNS, toMember, type MemberRow } from './member-list.ts';
import { isoInstant } from '../store/sql-values.ts';

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

async function findMember(tx: Queryable, userId: string): Promise<MemberRow> {
  const { rows } = await tx.query<MemberRow>(`SELECT ${MEMBER_COLUMNS} FROM users WHERE id = ?`, [
    userId,
  ]);
  const member = rows[0];
  if (!member) throw new ApiError('USER_NOT_FOUND', 'No member with this id');
  return member;
}

/** Applies `action` to the member; answers the member as they are now (or were, if deleted). */
export async function changeMembership(
  deps: Deps,
  actor: MembershipActor,
  userId: string,
  action: MembershipAction,
): Promise<WireMember> {
  const rule = TRANSITIONS[action];
  const now = deps.clock.now();
  const result = await deps.store.transaction(async (tx) => {
    const member = await findMember(tx, userId);
    if (actor.userId === userId)
      throw new ApiError('CONFLICT', 'You cannot change your own membership');
    if (!actor.manages && can(deps.config.roles, member.role, PERMISSIONS.membersManage))
      throw new ApiError('FORBIDDEN', 'Only an admin may change the membership of an admin');
    if (!rule.from.includes(member.status)) throw new ApiError('CONFLICT', rule.notFrom);
    if (rule.to === null && adminRoles(deps.config.roles).includes(member.role))
      throw new ApiError('CONFLICT', 'An admin is not removed: make them a member first');

    let after: MemberRow = member;
    let eventsKeptBy: string | null = null;
    if (rule.to === null) {
      eventsKeptBy = await keepTroopEvents(tx, deps, actor, userId);
      await tx.query('DELETE FROM users WHERE id = ?', [userId]);
    } else {
      const { rows } = await tx.query<MemberRow>(
        `UPDATE users SET status = ?, updated_at = ? WHERE id = ? RETURNING ${MEMBER_COLUMNS}`,
        [rule.to, isoInstant(now), userId],
      );
      after = rows[0] ?? member;
    }
    await recordAudit(tx, now, {
      actorId: actor.userId,
      action: `member.${DONE[action]}`,
      targetId: userId,
      details: {
        email: member.email,
        from: member.status,
        to: rule.to ?? 'deleted',
        ...(eventsKeptBy ? { eventsKeptBy } : {}),
      },
    });
    return after;
  });
  forgetAccount(deps.store, userId);
  return toMember(result);
}

/**
 * Calendar events belong to the troop: before an account is deleted (its events would go with
 * it), they pass to whoever removes it, or, for a service key, to the longest-standing admin.
 * Only the owner changes: the event, its creator's name and its version stay as they were.
 * Answers the new owner, or null when the member made no event (or nobody can take them).
 */
async function keepTroopEvents(
  tx: Queryable,
  deps: Deps,
  actor: MembershipActor,
  userId: string,
): Promise<string | null> {
  const admins = adminRoles(deps.config.roles);
  let heir = actor.userId;
  if (!heir && admins.length > 0) {
    const { rows } = await tx.query<{ id: string }>(
      `SELECT id FROM users WHERE id <> ? AND role IN (${admins.map(() => '?').join(', ')})
       ORDER BY created_at, id LIMIT 1`,
      [userId, ...admins],
    );
    heir = rows[0]?.id ?? null;
  }
  if (!heir) return null;
  const { rows } = await tx.query<{ id: string }>(
    'UPDATE calendar_events SET user_id = ? WHERE user_id = ? RETURNING id',
    [heir, userId],
  );
  return rows.length > 0 ? heir : null;
}

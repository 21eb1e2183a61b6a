/**
 * The troop's members for those the roles configuration lets read them, and app-role changes
 * for those it lets manage them. Roles and statuses are the troop's (its memberships,
 * members/memberships.ts): a person who is a leader in one troop and a parent in another is
 * listed and changed in each with what they are there. A change takes effect on tokens already
 * issued within seconds (auth/session-check.ts). The last admin cannot be demoted: a troop
 * without one could not give anyone a role again but through the console.
 */
import type { WireMember } from '@scout/protocol/members';
import { parseAccountRole } from '../admin/users.ts';
import { adminRoles } from '../auth/first-admin.ts';
import { forgetAccount } from '../auth/session-check.ts';
import type { UserRow } from '../auth/users.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from './audit-log.ts';
import { changeMembershipRow, countInRoles } from './memberships.ts';
import { readBoolean } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

/** A troop is a few hundred people; the list is one answer, capped so it stays one. */
export const MEMBER_LIST_MAX = 5000;

export type MemberRow = Pick<
  UserRow,
  | 'id'
  | 'email'
  | 'display_name'
  | 'role'
  | 'metadata'
  | 'email_verified'
  | 'created_at'
  | 'last_sign_in_at'
  | 'status'
>;

export const MEMBER_COLUMNS =
  'id, email, display_name, role, metadata, email_verified, created_at, last_sign_in_at, status';

/** A member as the troop knows them: the account, with the role and status of its membership. */
export const TROOP_MEMBER_SELECT = `SELECT u.id, u.email, u.display_name, m.role, u.metadata, u.email_verified,
    u.created_at, u.last_sign_in_at, m.status
  FROM memberships m JOIN users u ON u.id = m.user_id`;

/** The member of the troop with this id; 404 for an account that is not one. */
export async function findTroopMember(
  db: Queryable,
  troopId: string,
  userId: string,
): Promise<MemberRow> {
  const { rows } = await db.query<MemberRow>(
    `${TROOP_MEMBER_SELECT} WHERE m.troop_id = ? AND m.user_id = ?`,
    [troopId, userId],
  );
  const member = rows[0];
  if (!member) throw new ApiError('USER_NOT_FOUND', 'No member with this id');
  return member;
}

/** The troop role a member gave at sign-up (metadata JSON text), if any. */
export function troopRoleOf(metadata: string): string | null {
  try {
    const parsed: unknown = JSON.parse(metadata);
    const role =
      typeof parsed === 'object' && parsed !== null
        ? (parsed as Record<string, unknown>).troopRole
        : undefined;
    return typeof role === 'string' && role.trim() ? role.trim() : null;
  } catch {
    return null;
  }
}

export const toMember = (r: MemberRow): WireMember => ({
  id: r.id,
  status: r.status,
  email: r.email,
  displayName: r.display_name,
  troopRole: troopRoleOf(r.metadata),
  role: r.role,
  emailVerified: readBoolean(r.email_verified),
  createdAt: r.created_at,
  lastSignInAt: r.last_sign_in_at,
});

/** Every member of the troop, by name (those without one by email). */
export async function listMembers(
  deps: Pick<Deps, 'store'>,
  troopId: string,
): Promise<WireMember[]> {
  const { rows } = await deps.store.query<MemberRow>(
    `${TROOP_MEMBER_SELECT} WHERE m.troop_id = ?
     ORDER BY LOWER(COALESCE(u.display_name, u.email)), u.email
     LIMIT ${MEMBER_LIST_MAX}`,
    [troopId],
  );
  return rows.map(toMember);
}

/** Gives the member a role in the troop (and only there). */
export async function setMemberRole(
  deps: Deps,
  actorId: string | null,
  userId: string,
  rawRole: string,
  troopId: string,
): Promise<WireMember> {
  const role = parseAccountRole(rawRole, deps.config.roles);
  const admins = adminRoles(deps.config.roles);
  return deps.store.transaction(async (tx) => {
    const member = await findTroopMember(tx, troopId, userId);
    if (
      admins.includes(member.role) &&
      !admins.includes(role) &&
      (await countInRoles(tx, troopId, admins)) <= 1
    )
      throw new ApiError(
        'CONFLICT',
        'The troop needs at least one admin: make someone else an admin first',
      );
    await changeMembershipRow(tx, deps.clock.now(), userId, troopId, { role });
    await recordAudit(tx, deps.clock.now(), {
      actorId,
      action: 'member.role_changed',
      targetId: userId,
      details: { from: member.role, to: role },
    });
    forgetAccount(deps.store, userId);
    return toMember({ ...member, role });
  });
}

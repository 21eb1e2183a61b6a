/**
 * The troop's members for those the roles configuration lets read them, and app-role changes
 * for those it lets manage them. A change takes effect on tokens already issued within seconds
 * (auth/session-check.ts). The last admin cannot be demoted: a troop without one could not give
 * anyone a role again but through the console.
 */
import type { WireMember } from '@scout/protocol/members';
import { parseAccountRole } from '../admin/users.ts';
import { adminRoles } from '../auth/first-admin.ts';
import { forgetAccount } from '../auth/session-check.ts';
import type { UserRow } from '../auth/users.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from './audit-log.ts';
import { readBoolean } from '../store/sql-values.ts';
import { isoInstant } from '../store/sql-values.ts';

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
const COLUMNS = MEMBER_COLUMNS;

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

/** Every member, by name (those without one by email). */
export async function listMembers(deps: Deps): Promise<WireMember[]> {
  const { rows } = await deps.store.query<MemberRow>(
    `SELECT ${COLUMNS} FROM users
     ORDER BY LOWER(COALESCE(display_name, email)), email
     LIMIT ${MEMBER_LIST_MAX}`,
  );
  return rows.map(toMember);
}

export async function setMemberRole(
  deps: Deps,
  actorId: string | null,
  userId: string,
  rawRole: string,
): Promise<WireMember> {
  const role = parseAccountRole(rawRole, deps.config.roles);
  const admins = adminRoles(deps.config.roles);
  return deps.store.transaction(async (tx) => {
    const { rows: found } = await tx.query<MemberRow>(`SELECT ${COLUMNS} FROM users WHERE id = ?`, [
      userId,
    ]);
    const member = found[0];
    if (!member) throw new ApiError('USER_NOT_FOUND', 'No member with this id');
    if (admins.includes(member.role) && !admins.includes(role)) {
      const { rows } = await tx.query<{ n: number | string }>(
        `SELECT COUNT(*) AS n FROM users WHERE role IN (${admins.map(() => '?').join(', ')})`,
        admins,
      );
      if (Number(rows[0]?.n ?? 0) <= 1)
        throw new ApiError(
          'CONFLICT',
          'The troop needs at least one admin: make someone else an admin first',
        );
    }
    const { rows } = await tx.query<MemberRow>(
      `UPDATE users SET role = ?, updated_at = ? WHERE id = ? RETURNING ${COLUMNS}`,
      [role, isoInstant(deps.clock.now()), userId],
    );
    await recordAudit(tx, deps.clock.now(), {
      actorId,
      action: 'member.role_changed',
      targetId: userId,
      details: { from: member.role, to: role },
    });
    forgetAccount(deps.store, userId);
    return toMember(rows[0] ?? member);
  });
}

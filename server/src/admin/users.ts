/**
 * Accounts made and changed by an operator (the admin CLI). Sign-up never chooses a role, so the
 * first admin comes from here. Roles are a troop's (members/memberships.ts): the CLI's `--troop`
 * (a troop's number, project id or id) names it, and without it the first troop, which is the
 * only one a one-troop server has.
 */
import crypto from 'node:crypto';
import { forgetAccount } from '../auth/session-check.ts';
import { DEFAULT_ROLES_CONFIG, roleNames, type RolesConfig } from '@scout/protocol/permissions';
import { DISPLAY_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { assertPasswordAcceptable, hashPassword } from '../auth/passwords.ts';
import { normaliseEmail } from '../auth/users.ts';
import { recordAudit } from '../members/audit-log.ts';
import { changeMembershipRow, joinTroop, membershipIn } from '../members/memberships.ts';
import type { Queryable, Store } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

export interface AdminUser {
  id: string;
  email: string;
  displayName: string | null;
  role: string;
}

interface Row {
  id: string;
  email: string;
  display_name: string | null;
  role: string;
}

const toAdminUser = (r: Row): AdminUser => ({
  id: r.id,
  email: r.email,
  displayName: r.display_name,
  role: r.role,
});

/** A role the roles configuration defines (docs/roles.md); anything else is refused by name. */
export function parseAccountRole(raw: string, roles: RolesConfig = DEFAULT_ROLES_CONFIG): string {
  const known = roleNames(roles);
  if (!known.includes(raw))
    throw new ApiError('VALIDATION_ERROR', `Role must be one of ${known.join(', ')}, got "${raw}"`);
  return raw;
}

/** The troop the operator named (its number, project id or id); the first troop when none. */
export async function troopForOperator(db: Queryable, raw: string | undefined): Promise<string> {
  if (raw === undefined) return FIRST_TROOP_ID;
  const named = raw.trim();
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM troops WHERE id = ? OR project_id = ? OR number = ?
     ORDER BY CASE WHEN id = ? THEN 0 WHEN project_id = ? THEN 1 ELSE 2 END, created_at, id`,
    [named, named, named, named, named],
  );
  const id = rows[0]?.id;
  if (!id)
    throw new ApiError('NOT_FOUND', `No troop is named ${named} (a number, project id or id)`);
  return id;
}

/**
 * Creates an account with the given role in the troop (`input.troop`, troopForOperator). The
 * operator vouches for the address, so it counts as verified (otherwise
 * REQUIRE_EMAIL_VERIFICATION would lock the first admin out).
 */
export async function createUserWithRole(
  store: Store,
  input: {
    email: string;
    password: string;
    role: string;
    name?: string | undefined;
    troop?: string | undefined;
  },
  now: number,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Promise<AdminUser> {
  const email = normaliseEmail(input.email);
  const password = assertPasswordAcceptable(input.password);
  const role = parseAccountRole(input.role, roles);
  const name = input.name?.trim() || null;
  if (name && name.length > DISPLAY_NAME_MAX_LENGTH)
    throw new ApiError(
      'VALIDATION_ERROR',
      `A name has at most ${DISPLAY_NAME_MAX_LENGTH} characters`,
    );
  const passwordHash = await hashPassword(password);
  const at = isoInstant(now);
  return store.transaction(async (tx) => {
    const troopId = await troopForOperator(tx, input.troop);
    // The account's own role is the first troop's: another troop's admin is no platform admin.
    const ownRole = troopId === FIRST_TROOP_ID ? role : roles.defaultRole;
    const { rows } = await tx.query<Row>(
      `INSERT INTO users (id, email, password_hash, display_name, avatar_url, role, metadata, email_verified, created_at, updated_at)
       VALUES (?, ?, ?, ?, NULL, ?, '{}', ?, ?, ?)
       ON CONFLICT (email) DO NOTHING
       RETURNING id, email, display_name, role`,
      [crypto.randomUUID(), email, passwordHash, name, ownRole, true, at, at],
    );
    const row = rows[0];
    if (!row)
      throw new ApiError(
        'EMAIL_ALREADY_EXISTS',
        `An account with the email ${email} already exists`,
      );
    await joinTroop(
      tx,
      now,
      { userId: row.id, troopId, role, status: 'active' },
      { onlyThisTroop: true },
    );
    return toAdminUser({ ...row, role });
  });
}

/**
 * Changes an account's role in the troop (`troop`, troopForOperator), recorded in the audit log
 * (members/audit-log.ts) with no actor: the operator at the console. An account that is not a
 * member of the troop joins it with that role (how an operator names a new troop's first
 * leader). Tokens already issued act with the new role at once.
 */
export async function setUserRole(
  store: Store,
  rawEmail: string,
  rawRole: string,
  now: number,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
  troop?: string,
): Promise<AdminUser> {
  const email = normaliseEmail(rawEmail);
  const role = parseAccountRole(rawRole, roles);
  const row = await store.transaction(async (tx) => {
    const troopId = await troopForOperator(tx, troop);
    const { rows } = await tx.query<Row>(
      'SELECT id, email, display_name, role FROM users WHERE email = ?',
      [email],
    );
    const account = rows[0];
    if (!account) throw new ApiError('USER_NOT_FOUND', `No account with the email ${email}`);
    const before = await membershipIn(tx, account.id, troopId);
    if (before) await changeMembershipRow(tx, now, account.id, troopId, { role });
    else await joinTroop(tx, now, { userId: account.id, troopId, role, status: 'active' });
    await recordAudit(tx, now, {
      troopId,
      actorId: null,
      action: before ? 'member.role_changed' : 'member.joined',
      targetId: account.id,
      details: { from: before?.role ?? null, to: role, via: 'cli' },
    });
    return { ...account, role };
  });
  // Tokens already issued act with the new role at once (auth/session-check.ts).
  forgetAccount(store, row.id);
  return toAdminUser(row);
}

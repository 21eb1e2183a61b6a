/**
 * Accounts made and changed by an operator (the admin CLI). Sign-up never chooses a role, so the
 * first admin comes from here.
 */
import crypto from 'node:crypto';
import { forgetAccount } from '../auth/session-check.ts';
import { DEFAULT_ROLES_CONFIG, roleNames, type RolesConfig } from '@scout/protocol/permissions';
import { DISPLAY_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { ApiError } from '../errors.ts';
import { assertPasswordAcceptable, hashPassword } from '../auth/passwords.ts';
import { normaliseEmail } from '../auth/users.ts';
import { recordAudit } from '../members/audit-log.ts';
import type { Store } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';

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

/**
 * Creates an account with the given role. The operator vouches for the address, so it counts as
 * verified (otherwise REQUIRE_EMAIL_VERIFICATION would lock the first admin out).
 */
export async function createUserWithRole(
  store: Store,
  input: { email: string; password: string; role: string; name?: string | undefined },
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
  const { rows } = await store.query<Row>(
    `INSERT INTO users (id, email, password_hash, display_name, avatar_url, role, metadata, email_verified, created_at, updated_at)
     VALUES (?, ?, ?, ?, NULL, ?, '{}', ?, ?, ?)
     ON CONFLICT (email) DO NOTHING
     RETURNING id, email, display_name, role`,
    [crypto.randomUUID(), email, passwordHash, name, role, true, at, at],
  );
  const row = rows[0];
  if (!row)
    throw new ApiError('EMAIL_ALREADY_EXISTS', `An account with the email ${email} already exists`);
  return toAdminUser(row);
}

/**
 * Changes an account's role, recorded in the audit log (members/audit-log.ts) with no actor:
 * the operator at the console. Tokens already issued act with the new role at once.
 */
export async function setUserRole(
  store: Store,
  rawEmail: string,
  rawRole: string,
  now: number,
  roles: RolesConfig = DEFAULT_ROLES_CONFIG,
): Promise<AdminUser> {
  const email = normaliseEmail(rawEmail);
  const role = parseAccountRole(rawRole, roles);
  const row = await store.transaction(async (tx) => {
    const before = await tx.query<{ role: string }>('SELECT role FROM users WHERE email = ?', [
      email,
    ]);
    const { rows } = await tx.query<Row>(
      'UPDATE users SET role = ?, updated_at = ? WHERE email = ? RETURNING id, email, display_name, role',
      [role, isoInstant(now), email],
    );
    const changed = rows[0];
    if (!changed) throw new ApiError('USER_NOT_FOUND', `No account with the email ${email}`);
    await recordAudit(tx, now, {
      actorId: null,
      action: 'member.role_changed',
      targetId: changed.id,
      details: { from: before.rows[0]?.role ?? null, to: role, via: 'cli' },
    });
    return changed;
  });
  // Tokens already issued act with the new role at once (auth/session-check.ts).
  forgetAccount(store, row.id);
  return toAdminUser(row);
}

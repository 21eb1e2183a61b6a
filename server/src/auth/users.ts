/** Accounts: the users table and its wire shape. */
import crypto from 'node:crypto';
import type { AccountStatus, WireUser } from '@scout/protocol/auth';
import { emailSchema } from '@scout/protocol/auth-schemas';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  display_name: string | null;
  avatar_url: string | null;
  role: string;
  metadata: string;
  /** BOOLEAN on PostgreSQL, 0/1 on SQLite. */
  email_verified: boolean | number;
  created_at: string;
  updated_at: string;
  last_sign_in_at: string | null;
  status: AccountStatus;
}

type Db = Pick<AppDeps, 'store' | 'clock'>;

/**
 * Trims and lower-cases an email and checks its shape; anything else is 400 INVALID_EMAIL.
 * Stored emails are always in this form, so the UNIQUE constraint sees `A@x.org` and `a@x.org`
 * as the same account.
 */
export function normaliseEmail(raw: unknown): string {
  const parsed = emailSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError('INVALID_EMAIL');
  return parsed.data;
}

export async function findUserByEmail(
  deps: Pick<AppDeps, 'store'>,
  email: string,
): Promise<UserRow | undefined> {
  const { rows } = await deps.store.query<UserRow>('SELECT * FROM users WHERE email = ?', [email]);
  return rows[0];
}

export async function findUserById(
  deps: Pick<AppDeps, 'store'>,
  id: string,
  db: Queryable = deps.store,
): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = ?', [id]);
  return rows[0];
}

export interface NewUser {
  email: string;
  passwordHash: string | null;
  displayName: string | null;
  avatarUrl: string | null;
  /** A JSON object as text, already bounded by METADATA_MAX_BYTES. */
  metadata: string;
  emailVerified?: boolean;
  /** Active unless the troop's joining policy holds the account for a leader (create-account.ts). */
  status?: AccountStatus;
}

/**
 * Creates an account with the configured default role (`defaultRole` of the roles configuration,
 * docs/roles.md): a caller never chooses a role (admins are made with the admin CLI). An email
 * already taken, even by a sign-up racing this one, is 409.
 */
export async function createUser(
  deps: Db & Pick<AppDeps, 'config'>,
  input: NewUser,
  db: Queryable = deps.store,
): Promise<UserRow> {
  const now = isoInstant(deps.clock.now());
  const { rows } = await db.query<UserRow>(
    `INSERT INTO users (id, email, password_hash, display_name, avatar_url, role, metadata, email_verified, created_at, updated_at, status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (email) DO NOTHING
     RETURNING *`,
    [
      crypto.randomUUID(),
      input.email,
      input.passwordHash,
      input.displayName,
      input.avatarUrl,
      deps.config.roles.defaultRole,
      input.metadata,
      input.emailVerified ?? false,
      now,
      now,
      input.status ?? 'active',
    ],
  );
  const row = rows[0];
  if (!row) throw new ApiError('EMAIL_ALREADY_EXISTS');
  return row;
}

export interface UserPatch {
  displayName?: string | null;
  avatarUrl?: string | null;
  metadata?: string;
  passwordHash?: string;
  emailVerified?: boolean;
  lastSignInAt?: string;
}

const PATCH_COLUMNS: Record<keyof UserPatch, string> = {
  displayName: 'display_name',
  avatarUrl: 'avatar_url',
  metadata: 'metadata',
  passwordHash: 'password_hash',
  emailVerified: 'email_verified',
  lastSignInAt: 'last_sign_in_at',
};

/** Applies the given fields (and only those); returns the updated row, or undefined if gone. */
export async function updateUser(
  deps: Db,
  id: string,
  patch: UserPatch,
  db: Queryable = deps.store,
): Promise<UserRow | undefined> {
  const sets: string[] = ['updated_at = ?'];
  const params: unknown[] = [isoInstant(deps.clock.now())];
  for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof UserPatch, string][]) {
    if (patch[key] === undefined) continue;
    sets.push(`${column} = ?`);
    params.push(patch[key]);
  }
  params.push(id);
  const { rows } = await db.query<UserRow>(
    `UPDATE users SET ${sets.join(', ')} WHERE id = ? RETURNING *`,
    params,
  );
  return rows[0];
}

/**
 * The account as a member of the troop: its role and status there (memberships,
 * docs/decisions/065-troops.md). An account that is not a member keeps its own columns, which
 * are the first troop's.
 */
export async function asMemberOf(db: Queryable, user: UserRow, troopId: string): Promise<UserRow> {
  const { rows } = await db.query<{
    role: string;
    status: AccountStatus;
    waiting: number | string;
  }>(
    `SELECT m.role, m.status,
            CASE WHEN t.registered_by IS NOT NULL AND t.confirmed_at IS NULL THEN 1 ELSE 0 END AS waiting
       FROM memberships m JOIN troops t ON t.id = m.troop_id
      WHERE m.user_id = ? AND m.troop_id = ?`,
    [user.id, troopId],
  );
  const membership = rows[0];
  if (!membership) return user;
  // A troop waiting for its council keeps its members waiting too (auth/session-check.ts).
  const waiting = Number(membership.waiting) === 1 && membership.status === 'active';
  return { ...user, role: membership.role, status: waiting ? 'pending' : membership.status };
}

export function toWireUser(row: UserRow): WireUser {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    avatarUrl: row.avatar_url,
    role: row.role,
    metadata: row.metadata,
    emailVerified: Boolean(row.email_verified),
    createdAt: row.created_at,
    lastSignInAt: row.last_sign_in_at,
    status: row.status ?? 'active',
  };
}

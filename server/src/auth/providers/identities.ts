/**
 * Provider identities linked to accounts (user_identities, migration 010): who a provider says
 * someone is, as its `subject`, and the account that person signs in to.
 */
import crypto from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { findUserById } from '../users.ts';
import { isoInstant } from '../../store/sql-values.ts';

type Db = Pick<AppDeps, 'store' | 'clock'>;

export interface IdentityRow {
  id: string;
  user_id: string;
  provider: string;
  subject: string;
  email: string | null;
  created_at: string;
  last_sign_in_at: string | null;
}

/** What the account's owner sees of an identity: never the provider's subject. */
export interface WireIdentity {
  id: string;
  provider: string;
  email: string | null;
  createdAt: string;
  lastSignInAt: string | null;
}

export async function findIdentity(
  deps: Db,
  provider: string,
  subject: string,
): Promise<IdentityRow | undefined> {
  const { rows } = await deps.store.query<IdentityRow>(
    'SELECT * FROM user_identities WHERE provider = ? AND subject = ?',
    [provider, subject],
  );
  return rows[0];
}

/** Links (provider, subject) to an account. Linked already, even by a race: the link stands. */
export async function linkIdentity(
  deps: Db,
  input: { userId: string; provider: string; subject: string; email: string | undefined },
): Promise<void> {
  const now = isoInstant(deps.clock.now());
  await deps.store.query(
    `INSERT INTO user_identities (id, user_id, provider, subject, email, created_at, last_sign_in_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (provider, subject) DO NOTHING`,
    [
      crypto.randomUUID(),
      input.userId,
      input.provider,
      input.subject,
      input.email ?? null,
      now,
      now,
    ],
  );
}

/** Records a sign-in through an identity and the email the provider gave this time. */
export async function touchIdentity(deps: Db, id: string, email: string | undefined) {
  await deps.store.query(
    'UPDATE user_identities SET last_sign_in_at = ?, email = COALESCE(?, email) WHERE id = ?',
    [isoInstant(deps.clock.now()), email ?? null, id],
  );
}

export async function listIdentities(deps: Db, userId: string): Promise<WireIdentity[]> {
  const { rows } = await deps.store.query<IdentityRow>(
    'SELECT * FROM user_identities WHERE user_id = ? ORDER BY created_at, id',
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    provider: r.provider,
    email: r.email,
    createdAt: r.created_at,
    lastSignInAt: r.last_sign_in_at,
  }));
}

/** The account's ways to sign in that it keeps by itself: a password and its identities. */
export async function signInMethods(deps: Db, userId: string) {
  const user = await findUserById(deps, userId);
  if (!user) throw new ApiError('TOKEN_EXPIRED', 'Sign-in required');
  return {
    hasPassword: user.password_hash !== null,
    identities: await listIdentities(deps, userId),
  };
}

/**
 * Unlinks one of the caller's identities, while another way to sign in remains (a password or
 * another identity). The account row is locked first (PostgreSQL; SQLite writes one at a time),
 * so two unlinks racing cannot leave the account with none.
 */
export async function unlinkIdentity(deps: Db, userId: string, identityId: string) {
  const refusal = await deps.store.transaction(async (tx) => {
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const { rows: users } = await tx.query<{ has_password: boolean | number }>(
      `SELECT password_hash IS NOT NULL AS has_password FROM users WHERE id = ?${lock}`,
      [userId],
    );
    const { rows } = await tx.query<{ id: string }>(
      'SELECT id FROM user_identities WHERE user_id = ?',
      [userId],
    );
    if (!rows.some((r) => r.id === identityId))
      return new ApiError('NOT_FOUND', 'No such sign-in method on this account');
    if (!users[0]?.has_password && rows.length < 2)
      return new ApiError(
        'CONFLICT',
        'This is your only way to sign in. Set a password or link another account first.',
      );
    await tx.query('DELETE FROM user_identities WHERE id = ? AND user_id = ?', [
      identityId,
      userId,
    ]);
    return null;
  });
  if (refusal) throw refusal;
}

/**
 * Sessions: a short-lived access token (JWT) plus an opaque refresh token. Refresh tokens are
 * random, stored only as a SHA-256 hash, and rotated on every use; the tokens descending from one
 * sign-in form a family, revoked as a unit.
 */
import crypto from 'node:crypto';
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_REUSE_GRACE_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
} from '@scout/protocol/limits';
import type { SessionResponse, TokenResponse } from '@scout/protocol/auth';
import type { AuthErrorCode } from '@scout/protocol/errors';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { forgetAccount } from './session-check.ts';
import { signAccessToken } from './tokens.ts';
import { asMemberOf, findUserById, toWireUser, updateUser, type UserRow } from './users.ts';
import { sessionTroop, type SessionTroop } from './session-troop.ts';
import type { Troop } from '../store/tenancy.ts';
import { hashToken, newToken } from '../security/tokens.ts';
import { isoInstant } from '../store/sql-values.ts';

interface RefreshTokenRow {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  created_at: string;
  expires_at: string;
  rotated_at: string | null;
  replaced_by: string | null;
  revoked_at: string | null;
}

type SessionDeps = Pick<AppDeps, 'store' | 'clock' | 'jwtSecret' | 'config'>;

/** Longer than any refresh token we issue; anything bigger is not worth a database look-up. */
const REFRESH_TOKEN_MAX_LENGTH = 128;

export const hashRefreshToken = hashToken;

/**
 * The token that succeeds `presented` when it is rotated: derived from it with the server's
 * key, so a second refresh with the same token (two tabs at once) is answered the same
 * successor while the server keeps only hashes. Nobody without both the token and the key can
 * work it out.
 */
const successorOf = (deps: SessionDeps, presented: string) =>
  crypto
    .createHmac('sha256', deps.jwtSecret)
    .update(`refresh-token-successor:${presented}`)
    .digest('base64url');

async function insertRefreshToken(
  db: Queryable,
  nowMs: number,
  userId: string,
  familyId: string,
  token = newToken(),
) {
  const id = crypto.randomUUID();
  await db.query(
    'INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
    [
      id,
      userId,
      familyId,
      hashRefreshToken(token),
      isoInstant(nowMs),
      isoInstant(nowMs + REFRESH_TOKEN_TTL_SECONDS * 1000),
    ],
  );
  return { id, token };
}

/**
 * The access token names the account, its session, and the troop it was signed in to (`pid`,
 * that troop's project id) with the role it holds there; the role a request acts with is read
 * again per request (session-check.ts), in the request's troop.
 */
async function tokenResponse(
  deps: SessionDeps,
  user: UserRow,
  refreshToken: string,
  familyId: string,
  nowMs: number,
  troop: SessionTroop,
): Promise<TokenResponse> {
  const accessToken = await signAccessToken(
    deps.jwtSecret,
    { sub: user.id, role: user.role, pid: troop.projectId, email: user.email, sid: familyId },
    nowMs,
  );
  return {
    access_token: accessToken,
    refresh_token: refreshToken,
    token_type: 'Bearer',
    expires_in: ACCESS_TOKEN_TTL_SECONDS,
    refresh_expires_in: REFRESH_TOKEN_TTL_SECONDS,
  };
}

/**
 * Starts a new session (a new refresh-token family) for a user who has just proven who they are
 * (password, magic link, sign-up) and records the sign-in time. The answer carries the complete
 * user: some clients never call /me.
 */
export async function issueSession(
  deps: SessionDeps,
  user: UserRow,
  named?: Troop,
): Promise<SessionResponse> {
  const now = deps.clock.now();
  const nowIso = isoInstant(now);
  // Expired tokens can no longer be used or replayed, so nothing is lost by dropping them here.
  await deps.store.query('DELETE FROM refresh_tokens WHERE expires_at < ?', [nowIso]);
  const familyId = crypto.randomUUID();
  const { token } = await insertRefreshToken(deps.store, now, user.id, familyId);
  const updated = (await updateUser(deps, user.id, { lastSignInAt: nowIso })) ?? user;
  const troop = await sessionTroop(deps.store, deps.config, user.id, named);
  const signedIn = await asMemberOf(deps.store, updated, troop.id);
  return {
    user: toWireUser(signedIn),
    ...(await tokenResponse(deps, signedIn, token, familyId, now, troop)),
  };
}

type Rotation =
  { ok: true; user: UserRow; token: string; familyId: string } | { ok: false; code: AuthErrorCode };

/**
 * Exchanges a refresh token for a new pair. A token already rotated is refused and its whole
 * family revoked: either the holder or a thief is replaying it, and we cannot tell which.
 * Exception: within REFRESH_REUSE_GRACE_SECONDS of its rotation (two tabs refreshing at once),
 * it is answered the same successor again (docs/protocol.md, Sessions and tokens), with a new
 * access token. Both tabs then hold one token, as they share one stored answer: no second
 * token of the family lives on unused, and whichever of them uses the successor first makes
 * any later use of it by another holder a replay like any other.
 */
export async function rotateRefreshToken(
  deps: SessionDeps,
  presented: unknown,
  named?: Troop,
): Promise<TokenResponse> {
  if (
    typeof presented !== 'string' ||
    presented.length === 0 ||
    presented.length > REFRESH_TOKEN_MAX_LENGTH
  ) {
    throw new ApiError('INVALID_CREDENTIALS', 'Invalid refresh token');
  }
  const now = deps.clock.now();
  const nowIso = isoInstant(now);
  const outcome = await deps.store.transaction<Rotation>(async (tx) => {
    // PostgreSQL: lock the row so two processes rotating the same token take turns; SQLite's
    // write transactions are already serial.
    const lock = tx.dialect === 'postgres' ? ' FOR UPDATE' : '';
    const { rows } = await tx.query<RefreshTokenRow>(
      `SELECT * FROM refresh_tokens WHERE token_hash = ?${lock}`,
      [hashRefreshToken(presented)],
    );
    const row = rows[0];
    if (!row) return { ok: false, code: 'INVALID_CREDENTIALS' };
    if (row.revoked_at || Date.parse(row.expires_at) <= now)
      return { ok: false, code: 'TOKEN_EXPIRED' };
    if (row.rotated_at && now - Date.parse(row.rotated_at) > REFRESH_REUSE_GRACE_SECONDS * 1000) {
      await revokeFamily(deps, row.family_id, tx);
      return { ok: false, code: 'TOKEN_EXPIRED' };
    }
    const user = await findUserById(deps, row.user_id, tx);
    if (!user) return { ok: false, code: 'INVALID_CREDENTIALS' };
    const successor = successorOf(deps, presented);
    if (row.rotated_at) {
      // Within the grace: the successor already issued, which must be the one this token makes.
      const { rows: issued } = await tx.query<RefreshTokenRow>(
        'SELECT * FROM refresh_tokens WHERE id = ? AND token_hash = ?',
        [row.replaced_by, hashRefreshToken(successor)],
      );
      const next = issued[0];
      if (!next || next.revoked_at || Date.parse(next.expires_at) <= now)
        return { ok: false, code: 'TOKEN_EXPIRED' };
      return { ok: true, user, token: successor, familyId: row.family_id };
    }
    const child = await insertRefreshToken(tx, now, user.id, row.family_id, successor);
    await tx.query('UPDATE refresh_tokens SET rotated_at = ?, replaced_by = ? WHERE id = ?', [
      nowIso,
      child.id,
      row.id,
    ]);
    return { ok: true, user, token: child.token, familyId: row.family_id };
  });
  // The revocation above is committed before this refusal: a thrown error would roll it back.
  if (!outcome.ok)
    throw new ApiError(
      outcome.code,
      outcome.code === 'INVALID_CREDENTIALS' ? 'Invalid refresh token' : undefined,
    );
  const troop = await sessionTroop(deps.store, deps.config, outcome.user.id, named);
  const user = await asMemberOf(deps.store, outcome.user, troop.id);
  return tokenResponse(deps, user, outcome.token, outcome.familyId, now, troop);
}

/** Revokes every token of a family (one sign-in and all its rotations). */
export async function revokeFamily(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  familyId: string,
  db: Queryable = deps.store,
): Promise<void> {
  const { rows } = await db.query<{ user_id: string }>(
    'UPDATE refresh_tokens SET revoked_at = ? WHERE family_id = ? AND revoked_at IS NULL RETURNING user_id',
    [isoInstant(deps.clock.now()), familyId],
  );
  for (const userId of new Set(rows.map((r) => r.user_id))) forgetAccount(deps.store, userId);
}

/**
 * Ends every session of a user (password reset or change, sign-out everywhere), optionally
 * keeping the caller's own. Their access tokens stop working too (auth/session-check.ts).
 */
export async function revokeUserSessions(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  userId: string,
  opts: { exceptFamilyId?: string } = {},
): Promise<void> {
  const params: unknown[] = [isoInstant(deps.clock.now()), userId];
  let sql = 'UPDATE refresh_tokens SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL';
  if (opts.exceptFamilyId) {
    sql += ' AND family_id <> ?';
    params.push(opts.exceptFamilyId);
  }
  await deps.store.query(sql, params);
  forgetAccount(deps.store, userId);
}

/** Revokes the family of a presented refresh token; an unknown token changes nothing. */
export async function revokeRefreshTokenFamily(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  presented: string,
): Promise<void> {
  if (presented.length === 0 || presented.length > REFRESH_TOKEN_MAX_LENGTH) return;
  const { rows } = await deps.store.query<{ family_id: string }>(
    'SELECT family_id FROM refresh_tokens WHERE token_hash = ?',
    [hashRefreshToken(presented)],
  );
  const familyId = rows[0]?.family_id;
  if (familyId) await revokeFamily(deps, familyId);
}

/**
 * Sign-in for mobile apps (docs/protocol.md, Sign-in with providers and the hosted page): the
 * app makes a random 64-hex session id, opens `/auth?mode=mobile-session&session_id=...` in a
 * browser and polls `GET /api/auth/mobile-session/{id}`: 202 while the person signs in, 200
 * with the tokens once, 404 after that (and for ids never seen or older than 10 minutes).
 *
 * Only a hash of the id is stored, and the tokens wait encrypted (AES-256-GCM) under a key
 * derived from the server's signing key, so a copy of the database alone signs nobody in.
 */
import crypto from 'node:crypto';
import type { TokenResponse } from '@scout/protocol/auth';
import { MOBILE_SESSION_TTL_SECONDS } from '@scout/protocol/limits';
import type { AppDeps } from '../../deps.ts';
import { hashSessionId } from './sign-in-return.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'jwtSecret'>;

const iso = (ms: number) => new Date(ms).toISOString();

function sealingKey(secret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, '', 'scout mobile-session tokens', 32));
}

function seal(deps: Deps, sessionHash: string, tokens: TokenResponse): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(deps.jwtSecret), iv);
  // Bound to its row: sealed tokens moved to another session's row do not open.
  cipher.setAAD(Buffer.from(sessionHash));
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function unseal(deps: Deps, sessionHash: string, sealed: string): TokenResponse | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return undefined;
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(deps.jwtSecret), iv);
    decipher.setAAD(Buffer.from(sessionHash));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenResponse;
  } catch {
    return undefined;
  }
}

/** Opens a pending session when the browser arrives; one already open stays as it is. */
export async function openMobileSession(deps: Deps, sessionHash: string): Promise<void> {
  const now = deps.clock.now();
  await deps.store.query('DELETE FROM mobile_sessions WHERE expires_at < ?', [iso(now)]);
  await deps.store.query(
    `INSERT INTO mobile_sessions (id_hash, sealed_tokens, created_at, expires_at) VALUES (?, NULL, ?, ?)
     ON CONFLICT (id_hash) DO NOTHING`,
    [sessionHash, iso(now), iso(now + MOBILE_SESSION_TTL_SECONDS * 1000)],
  );
}

/**
 * Leaves the tokens for the app. Only a pending, unexpired session takes them; false otherwise
 * (the app gave up, or the session was finished already).
 */
export async function completeMobileSession(
  deps: Deps,
  sessionHash: string,
  tokens: TokenResponse,
): Promise<boolean> {
  const { rowCount } = await deps.store.query(
    `UPDATE mobile_sessions SET sealed_tokens = ?
     WHERE id_hash = ? AND sealed_tokens IS NULL AND expires_at > ?`,
    [seal(deps, sessionHash, tokens), sessionHash, iso(deps.clock.now())],
  );
  return rowCount > 0;
}

export type MobileSessionState =
  { status: 'pending' } | { status: 'done'; tokens: TokenResponse } | { status: 'unknown' };

/** What the polling app learns. Finished tokens are handed out once: the row goes with them. */
export async function takeMobileSession(
  deps: Deps,
  sessionId: string,
): Promise<MobileSessionState> {
  const hash = hashSessionId(sessionId);
  const now = iso(deps.clock.now());
  const { rows } = await deps.store.query<{ sealed_tokens: string }>(
    `DELETE FROM mobile_sessions WHERE id_hash = ? AND sealed_tokens IS NOT NULL AND expires_at > ?
     RETURNING sealed_tokens`,
    [hash, now],
  );
  const sealed = rows[0]?.sealed_tokens;
  if (sealed) {
    const tokens = unseal(deps, hash, sealed);
    return tokens ? { status: 'done', tokens } : { status: 'unknown' };
  }
  const { rows: pending } = await deps.store.query(
    'SELECT 1 AS one FROM mobile_sessions WHERE id_hash = ? AND expires_at > ?',
    [hash, now],
  );
  return pending.length > 0 ? { status: 'pending' } : { status: 'unknown' };
}

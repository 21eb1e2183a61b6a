/**
 * Sign-in for mobile and desktop apps, as RFC 8252 asks (docs/decisions/018-mobile-sign-in.md):
 * the app opens `/auth?mode=mobile-session&redirect_uri=&code_challenge=&code_challenge_method=S256
 * &state=` in the system browser; once the person has signed in, the browser is sent to the
 * app's redirect with a one-time `code`, and the app exchanges it at
 * `POST /api/auth/mobile-session/token` with the verifier only it holds.
 *
 * The code reaches only the device the person signed in on (a loopback address, or the
 * troop's registered app scheme), and it is worth nothing without the verifier: whoever made
 * the link, and so knows everything in it, never learns the code. A code works once, for two
 * minutes, and only with its own redirect.
 *
 * Only a hash of the code is stored, and the tokens wait encrypted (AES-256-GCM) under a key
 * derived from the server's signing key, so a copy of the database alone signs nobody in.
 */
import crypto from 'node:crypto';
import type { TokenResponse } from '@scout/protocol/auth';
import { MOBILE_SIGN_IN_CODE_TTL_SECONDS } from '@scout/protocol/limits';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { revokeRefreshTokenFamily } from '../sessions.ts';
import { appRedirect } from './app-redirects.ts';
import type { SignInReturn } from './sign-in-return.ts';
import { hashToken, newToken, sameSecret } from '../../security/tokens.ts';
import { isoInstant } from '../../store/sql-values.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'jwtSecret' | 'config'>;
type AppReturn = Extract<SignInReturn, { mode: 'mobile-session' }>;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest();

/** RFC 7636 4.1: 43 to 128 unreserved characters. */
const VERIFIER_PATTERN = /^[\w.~-]{43,128}$/;
/** Longer than any code we issue; anything else is not worth a database look-up. */
const CODE_PATTERN = /^[\w-]{43}$/;

function sealingKey(secret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, '', 'scout app sign-in tokens', 32));
}

function seal(deps: Deps, codeHash: string, tokens: TokenResponse): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', sealingKey(deps.jwtSecret), iv);
  // Bound to its row: sealed tokens moved to another code's row do not open.
  cipher.setAAD(Buffer.from(codeHash));
  const body = Buffer.concat([cipher.update(JSON.stringify(tokens), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url')).join('.');
}

function unseal(deps: Deps, codeHash: string, sealed: string): TokenResponse | undefined {
  try {
    const [iv, tag, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'));
    if (!iv || !tag || !body) return undefined;
    const decipher = crypto.createDecipheriv('aes-256-gcm', sealingKey(deps.jwtSecret), iv);
    decipher.setAAD(Buffer.from(codeHash));
    decipher.setAuthTag(tag);
    const text = Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    return JSON.parse(text) as TokenResponse;
  } catch {
    return undefined;
  }
}

/** Keeps the finished sign-in's tokens for the app, and answers the one-time code for them. */
export async function issueAppCode(
  deps: Deps,
  back: AppReturn,
  tokens: TokenResponse,
): Promise<string> {
  const now = deps.clock.now();
  await deps.store.query('DELETE FROM app_sign_in_codes WHERE expires_at < ?', [isoInstant(now)]);
  const code = newToken();
  const codeHash = hashToken(code);
  await deps.store.query(
    `INSERT INTO app_sign_in_codes (code_hash, sealed_tokens, code_challenge, redirect_uri, created_at, expires_at)
     VALUES (?, ?, ?, ?, ?, ?)`,
    [
      codeHash,
      seal(deps, codeHash, tokens),
      back.codeChallenge,
      back.redirectUri,
      isoInstant(now),
      isoInstant(now + MOBILE_SIGN_IN_CODE_TTL_SECONDS * 1000),
    ],
  );
  return code;
}

const refused = () =>
  new ApiError(
    'VERIFICATION_FAILED',
    'This sign-in code is unknown, used or expired, or was not made for this app. Sign in again from the app.',
  );

/**
 * The tokens for a code, once: the row goes whatever the outcome, so a code tried with a wrong
 * verifier (someone else caught it) is spent, and the session it carried is ended.
 */
export async function redeemAppCode(
  deps: Deps,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<TokenResponse> {
  if (!CODE_PATTERN.test(input.code) || !VERIFIER_PATTERN.test(input.codeVerifier)) throw refused();
  const codeHash = hashToken(input.code);
  const { rows } = await deps.store.query<{
    sealed_tokens: string;
    code_challenge: string;
    redirect_uri: string;
    expires_at: string;
  }>(
    'DELETE FROM app_sign_in_codes WHERE code_hash = ? RETURNING sealed_tokens, code_challenge, redirect_uri, expires_at',
    [codeHash],
  );
  const row = rows[0];
  if (!row) throw refused();
  const tokens = unseal(deps, codeHash, row.sealed_tokens);
  const challenge = sha256(input.codeVerifier).toString('base64url');
  const ok =
    tokens !== undefined &&
    row.expires_at > isoInstant(deps.clock.now()) &&
    sameSecret(challenge, row.code_challenge) &&
    appRedirect(deps.config.appRedirectUris, input.redirectUri) === row.redirect_uri;
  if (ok) return tokens;
  if (tokens) await revokeRefreshTokenFamily(deps, tokens.refresh_token);
  throw refused();
}

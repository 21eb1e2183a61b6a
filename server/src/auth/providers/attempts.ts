/**
 * Provider sign-ins in flight (sign_in_attempts, migrations 010, 017, 034 and 040). Everything the
 * callback needs stays on the server: the PKCE verifier, the nonce, the client's state and where
 * the answer goes. The `state` sent to the provider is a random key of our own, stored only as a
 * hash; an attempt lives 10 minutes and is spent by one atomic UPDATE, so a replayed callback
 * finds it gone.
 *
 * An attempt also belongs to the browser that started it: that browser holds a random key in a
 * cookie (browser-key.ts) and the attempt keeps its hash. A callback arriving in another browser
 * (someone passed on the provider's address, or the callback's) is refused, so nobody can
 * finish a sign-in they did not start, nor make a person finish theirs.
 */
import { PROVIDER_SIGN_IN_TTL_SECONDS } from '@scout/protocol/limits';
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import type { SignInReturn } from './sign-in-return.ts';
import { hashToken, newToken, sameSecret } from '../../security/tokens.ts';
import { isoInstant } from '../../store/sql-values.ts';

type Db = Pick<AppDeps, 'store' | 'clock'>;

export interface SignInAttempt {
  provider: string;
  back: SignInReturn;
  codeVerifier: string;
  nonce: string;
  /** The invitation the person joins with, if a new account is made (create-account.ts). */
  invitationKey: string | null;
  /** The household link (`/?family=`) a new account joins with (create-account.ts). */
  householdToken: string | null;
}

/** The hash of the starting browser's key, kept with the attempt (browser-key.ts). */
export type BrowserHash = string;

interface AttemptRow {
  provider: string;
  mode: string;
  client_state: string | null;
  redirect_url: string | null;
  opener_origin: string | null;
  code_challenge: string | null;
  browser_hash: string | null;
  code_verifier: string;
  nonce: string;
  invitation_key: string | null;
  household_token: string | null;
  expires_at: string;
  used_at: string | null;
}

/** Longer than any state we issue; anything bigger is not worth a database look-up. */
const STATE_MAX_LENGTH = 128;

const KEEP_ENDED_MS = 3600_000;

/** Both hashes present and equal, compared in constant time. */
function sameBrowser(kept: string | null, presented: string | undefined): boolean {
  return Boolean(kept && presented && sameSecret(kept, presented));
}

/** A fresh random state for the provider. */
export const newProviderState = () => newToken();

export async function saveAttempt(
  deps: Db,
  state: string,
  attempt: SignInAttempt,
  browserHash: BrowserHash,
): Promise<void> {
  const now = deps.clock.now();
  const { back } = attempt;
  // Kept an hour past their end, so a late callback still hears "too late", not "unknown".
  await deps.store.query('DELETE FROM sign_in_attempts WHERE expires_at < ?', [
    isoInstant(now - KEEP_ENDED_MS),
  ]);
  await deps.store.query(
    `INSERT INTO sign_in_attempts (state_hash, provider, mode, client_state, redirect_url, opener_origin,
       code_challenge, browser_hash, code_verifier, nonce, invitation_key, household_token, created_at,
       expires_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      hashToken(state),
      attempt.provider,
      back.mode,
      back.clientState,
      back.mode === 'redirect'
        ? back.redirectUrl
        : back.mode === 'mobile-session'
          ? back.redirectUri
          : null,
      back.mode === 'popup' ? back.openerOrigin : null,
      back.mode === 'mobile-session' ? back.codeChallenge : null,
      browserHash,
      attempt.codeVerifier,
      attempt.nonce,
      attempt.invitationKey,
      attempt.householdToken,
      isoInstant(now),
      isoInstant(now + PROVIDER_SIGN_IN_TTL_SECONDS * 1000),
    ],
  );
}

function toReturn(row: AttemptRow): SignInReturn | undefined {
  if (row.mode === 'popup' && row.opener_origin)
    return { mode: 'popup', openerOrigin: row.opener_origin, clientState: row.client_state };
  if (row.mode === 'redirect' && row.redirect_url)
    return { mode: 'redirect', redirectUrl: row.redirect_url, clientState: row.client_state };
  if (row.mode === 'mobile-session' && row.redirect_url && row.code_challenge)
    return {
      mode: 'mobile-session',
      redirectUri: row.redirect_url,
      codeChallenge: row.code_challenge,
      clientState: row.client_state,
    };
  return undefined;
}

/** Why a callback's attempt cannot be used, with where the answer would have gone (if known). */
export class AttemptRefused extends Error {
  constructor(
    readonly error: ApiError,
    readonly back: SignInReturn | undefined,
  ) {
    super(error.message);
  }
}

/**
 * Spends the attempt named by the provider's `state`. Unknown or already used: refused with
 * VERIFICATION_FAILED; past its 10 minutes: AUTH_TIMEOUT (the client may still be told, since the
 * row says where it waits). Either way no token is ever issued for it.
 *
 * A callback in a browser other than the one that started the attempt (`browserHash` is the
 * hash of the key this browser holds, or undefined) spends it too, with VERIFICATION_FAILED and
 * no answer sent anywhere: the client waiting is not this browser's.
 */
export async function consumeAttempt(
  deps: Db,
  state: unknown,
  provider: string,
  browserHash: BrowserHash | undefined,
): Promise<SignInAttempt> {
  if (typeof state !== 'string' || state === '' || state.length > STATE_MAX_LENGTH)
    throw new AttemptRefused(new ApiError('VERIFICATION_FAILED'), undefined);
  const hash = hashToken(state);
  const now = deps.clock.now();
  const { rows } = await deps.store.query<AttemptRow>(
    `UPDATE sign_in_attempts SET used_at = ?
     WHERE state_hash = ? AND used_at IS NULL AND expires_at > ?
     RETURNING *`,
    [isoInstant(now), hash, isoInstant(now)],
  );
  const row = rows[0];
  if (row && !sameBrowser(row.browser_hash, browserHash))
    throw new AttemptRefused(new ApiError('VERIFICATION_FAILED'), undefined);
  if (row && row.provider === provider) {
    const back = toReturn(row);
    if (back)
      return {
        provider,
        back,
        codeVerifier: row.code_verifier,
        nonce: row.nonce,
        invitationKey: row.invitation_key,
        householdToken: row.household_token,
      };
  }
  if (row) throw new AttemptRefused(new ApiError('VERIFICATION_FAILED'), toReturn(row));
  const { rows: old } = await deps.store.query<AttemptRow>(
    'SELECT * FROM sign_in_attempts WHERE state_hash = ?',
    [hash],
  );
  const stale = old[0];
  // A replayed callback gets no answer sent anywhere: the first one already had it.
  if (!stale || stale.used_at)
    throw new AttemptRefused(new ApiError('VERIFICATION_FAILED'), undefined);
  throw new AttemptRefused(
    new ApiError('AUTH_TIMEOUT', 'This sign-in took too long. Please try again.'),
    toReturn(stale),
  );
}

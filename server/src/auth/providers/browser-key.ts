/**
 * The key that ties a provider sign-in to the browser that started it (attempts.ts). `/auth`
 * gives the browser a random key in a cookie and keeps only its hash with the attempt; the
 * callback reads it back and clears it. The cookie is HttpOnly (no script reads it), lives as
 * long as the attempt, is sent only to the callback, and is named after the attempt's state so
 * that two sign-ins in one browser do not undo each other.
 *
 * SameSite=Lax lets the browser send it on the provider's redirect back (a top-level GET). A
 * provider that answers with a cross-site form POST (Apple's form_post) needs SameSite=None,
 * which browsers take only with Secure: that is what an https PUBLIC_URL gets.
 */
import { PROVIDER_SIGN_IN_TTL_SECONDS } from '@scout/protocol/limits';
import type { Config } from '../../config.ts';
import { hashToken, newToken } from '../../security/tokens.ts';

const COOKIE_PATH = '/api/auth/callback/';

/** The cookie's name for one attempt: derived from its state, which it does not give away. */
const cookieName = (state: string) => `scout_sign_in_${hashToken(`cookie:${state}`).slice(0, 16)}`;

/** A fresh key for the browser: the Set-Cookie to send, and the hash the attempt keeps. */
export function newBrowserKey(
  config: Pick<Config, 'publicUrl'>,
  state: string,
  crossSitePost: boolean,
): { setCookie: string; hash: string } {
  const key = newToken();
  const secure = new URL(config.publicUrl).protocol === 'https:';
  const sameSite = crossSitePost && secure ? 'None' : 'Lax';
  const attributes = [
    `Path=${COOKIE_PATH}`,
    `Max-Age=${PROVIDER_SIGN_IN_TTL_SECONDS}`,
    'HttpOnly',
    `SameSite=${sameSite}`,
    ...(secure ? ['Secure'] : []),
  ];
  return {
    setCookie: [`${cookieName(state)}=${key}`, ...attributes].join('; '),
    hash: hashToken(key),
  };
}

/** The hash of the key this browser sent for the attempt named by `state`, if it sent one. */
export function presentedBrowserHash(
  cookieHeader: string | undefined,
  state: unknown,
): string | undefined {
  if (typeof state !== 'string' || !cookieHeader) return undefined;
  const name = cookieName(state);
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0 && pair.slice(0, eq).trim() === name) return hashToken(pair.slice(eq + 1).trim());
  }
  return undefined;
}

/** Clears the attempt's cookie once the callback has read it. */
export function clearBrowserKey(config: Pick<Config, 'publicUrl'>, state: unknown): string[] {
  if (typeof state !== 'string' || state === '') return [];
  const secure = new URL(config.publicUrl).protocol === 'https:';
  return [
    `${cookieName(state)}=; Path=${COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
  ];
}

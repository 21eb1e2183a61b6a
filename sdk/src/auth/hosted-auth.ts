/**
 * Addresses of the server's hosted sign-in (`/auth`), built the way existing clients of this
 * protocol build them (docs/protocol.md, Sign-in with providers and the hosted page), and the
 * random values they carry.
 */
import type { WindowLike } from '../browser.ts';

/** The base of the auth server: the configured API origin, else the page's own. */
export function authServerBase(baseUrl: string, win: WindowLike | undefined): string {
  if (baseUrl) return baseUrl;
  return win ? new URL(win.location.href).origin : '';
}

/** The origin messages from the auth server come from; the only one believed. */
export const authServerOrigin = (base: string) => new URL(base).origin;

export function hostedAuthUrl(base: string, params: Record<string, string>): string {
  return `${base}/auth?${new URLSearchParams(params).toString()}`;
}

/** `bytes` random bytes as lower-case hex: a state is 16 (32 hex), a mobile session 32 (64 hex). */
export function randomHex(bytes: number): string {
  const values = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(values);
  return Array.from(values, (b) => b.toString(16).padStart(2, '0')).join('');
}

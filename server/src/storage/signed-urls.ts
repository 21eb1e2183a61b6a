/**
 * Links to files that are not public (the troop area, storage/paths.ts): the address carries an
 * expiry and an HMAC of the path and that expiry, so a member's browser can open it in an <img>
 * or a new tab, while a guessed address, a changed path or an old link is refused. Pure.
 */
import crypto from 'node:crypto';
import { sameSecret } from '../security/tokens.ts';

/** How long a signed link works: long enough to open a page of them, short enough to go stale. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export interface UrlSignature {
  expires: string;
  sig: string;
}

const mac = (key: Uint8Array, path: string, expires: string) =>
  crypto.createHmac('sha256', key).update(`stored-file\0${path}\0${expires}`).digest('base64url');

export function signPath(key: Uint8Array, path: string, nowMs: number): UrlSignature {
  const expires = String(Math.floor(nowMs / 1000) + SIGNED_URL_TTL_SECONDS);
  return { expires, sig: mac(key, path, expires) };
}

export function isSignatureValid(
  key: Uint8Array,
  path: string,
  given: Partial<Record<keyof UrlSignature, unknown>>,
  nowMs: number,
): boolean {
  const { expires, sig } = given;
  if (typeof expires !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(expires))
    return false;
  if (Number(expires) * 1000 <= nowMs) return false;
  return sameSecret(sig, mac(key, path, expires));
}

export const signatureQuery = (s: UrlSignature) =>
  `expires=${encodeURIComponent(s.expires)}&sig=${encodeURIComponent(s.sig)}`;

/**
 * Links to files that are not public (the troop area, storage/paths.ts): the address carries an
 * expiry and an HMAC of the path and that expiry, so a member's browser can open it in an <img>
 * or a new tab, while a guessed address, a changed path or an old link is refused. Pure.
 */
import { hasExpired, signerFor } from '../security/signatures.ts';

/** How long a signed link works: long enough to open a page of them, short enough to go stale. */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export interface UrlSignature {
  expires: string;
  sig: string;
}

/** The secret itself, the label ahead of the message: how these links have always been signed. */
export const FILE_LINK_PURPOSE = { label: 'stored-file' } as const;

const message = (path: string, expires: string) => `${path}\0${expires}`;

export function signPath(key: Uint8Array, path: string, nowMs: number): UrlSignature {
  const expires = String(Math.floor(nowMs / 1000) + SIGNED_URL_TTL_SECONDS);
  return { expires, sig: signerFor(key, FILE_LINK_PURPOSE).sign(message(path, expires)) };
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
  if (hasExpired(Number(expires) * 1000, nowMs)) return false;
  return signerFor(key, FILE_LINK_PURPOSE).verifies(message(path, expires), sig);
}

export const signatureQuery = (s: UrlSignature) =>
  `expires=${encodeURIComponent(s.expires)}&sig=${encodeURIComponent(s.sig)}`;

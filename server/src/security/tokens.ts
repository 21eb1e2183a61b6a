/**
 * Secret tokens the server hands out once and keeps only as hashes (sessions, sign-in links,
 * invitations, provider states, service keys, app sign-in codes), and the constant-time
 * comparison of secrets. A generic layer: it imports no capability, and every capability that
 * makes or checks a token uses it rather than node:crypto directly.
 */
import crypto from 'node:crypto';

/** 32 random bytes: 256 bits of entropy, far past guessing, whatever the token guards. */
export const TOKEN_BYTES = 32;

/**
 * A fresh token of `bytes` random bytes (256 bits by default) as base64url: 43 characters for
 * 32 bytes, safe in a URL, a header or a cookie without escaping.
 */
export const newToken = (bytes = TOKEN_BYTES): string =>
  crypto.randomBytes(bytes).toString('base64url');

/** The form a token is kept in: SHA-256 of its UTF-8 text, as 64 lowercase hex digits. */
export const hashToken = (token: string): string =>
  crypto.createHash('sha256').update(token, 'utf8').digest('hex');

/**
 * Whether two secrets (text as UTF-8, or bytes) are equal, in time that does not depend on where
 * they differ. Secrets of different lengths are unequal at once: a length is no secret here.
 */
export function sameSecret(a: string | Uint8Array, b: string | Uint8Array): boolean {
  const x = typeof a === 'string' ? Buffer.from(a, 'utf8') : a;
  const y = typeof b === 'string' ? Buffer.from(b, 'utf8') : b;
  return x.length === y.length && crypto.timingSafeEqual(x, y);
}

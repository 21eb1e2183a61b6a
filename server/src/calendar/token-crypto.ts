/**
 * Feed tokens at rest (docs/decisions/001-calendar-feed-tokens.md). A token is found by its
 * SHA-256 hash; the token itself is sealed with AES-256-GCM under a key derived (HKDF) from the
 * server's secret, bound to its user id, so a copy of the database alone reveals no feed URL and
 * a sealed token moved to another user's row does not open.
 */
import crypto from 'node:crypto';
import { hashToken, newToken } from '../security/tokens.ts';

const TOKEN_BYTES = 32;
/** 32 random bytes in base64url, no padding. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const KEY_SALT = 'scout-platform/calendar-feed';
const KEY_INFO = 'feed-token-encryption v1';
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export const newFeedToken = () => newToken(TOKEN_BYTES);

/** Anything else in a feed URL is not a token we issued; it is refused before any lookup. */
export const isFeedTokenShape = (token: string) => TOKEN_PATTERN.test(token);

export const hashFeedToken = hashToken;

/** A key of its own for feed tokens: the JWT key itself never encrypts anything. */
export function deriveFeedTokenKey(secret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, KEY_SALT, KEY_INFO, 32));
}

/** `v1.<iv>.<ciphertext>.<tag>`, each part base64url. */
export function sealFeedToken(key: Buffer, userId: string, token: string): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv, ciphertext, cipher.getAuthTag()]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The token, or undefined when the value was sealed under another key, for another user, or altered. */
export function openFeedToken(key: Buffer, userId: string, sealed: string): string | undefined {
  const [version, iv, ciphertext, tag, extra] = sealed.split('.');
  if (version !== VERSION || !iv || ciphertext === undefined || !tag || extra !== undefined)
    return undefined;
  try {
    // A fixed tag length: GCM would otherwise accept a forged, truncated tag.
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(userId, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const token = Buffer.concat([
      decipher.update(Buffer.from(ciphertext, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return isFeedTokenShape(token) ? token : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Tokens the server signs instead of storing (unsubscribe links, answers from mail, links to
 * private files): an HMAC-SHA256 under a key bound to one purpose, so a token made for one
 * purpose never passes for another, checked in constant time. A generic layer, like tokens.ts:
 * each capability names its own purpose and the shape of what it signs.
 */
import crypto from 'node:crypto';
import { sameSecret } from './tokens.ts';

/**
 * What a signature is for. A new purpose takes a key of its own, derived from the server's
 * secret with HKDF-SHA256 under its salt and info. The `label` form signs with the secret itself
 * and puts the label ahead of the message: links to files were first signed so, and a link still
 * open in a page must keep working.
 */
export type SigningPurpose = { salt: string; info: string } | { label: string };

export interface Signer {
  /** The signature of `message`, as 43 base64url characters. */
  sign(message: string): string;
  /** Whether `mac` is this signer's signature of `message`; false for anything not a string. */
  verifies(message: string, mac: unknown): boolean;
}

const hmac = (key: Uint8Array, message: string) =>
  crypto.createHmac('sha256', key).update(message, 'utf8').digest('base64url');

/** The signer of one purpose under the server's secret. Derive once, sign many. */
export function signerFor(secret: Uint8Array, purpose: SigningPurpose): Signer {
  const key =
    'label' in purpose
      ? secret
      : Buffer.from(crypto.hkdfSync('sha256', secret, purpose.salt, purpose.info, 32));
  // NUL cannot occur in a label, so no labelled message is another's with a longer label.
  const framed = 'label' in purpose ? (m: string) => `${purpose.label}\0${m}` : (m: string) => m;
  const sign = (message: string) => hmac(key, framed(message));
  return {
    sign,
    verifies: (message, mac) => typeof mac === 'string' && sameSecret(mac, sign(message)),
  };
}

/** `<body>.<signature>`: the body must be URL-safe; it may hold dots of its own. */
export const signedToken = (signer: Signer, body: string): string => `${body}.${signer.sign(body)}`;

/**
 * The body of a token `signedToken` made with this signer, or undefined for anything else: too
 * long (no token of ours is longer than `maxLength`), without a signature, or one byte changed.
 */
export function signedBody(signer: Signer, token: string, maxLength: number): string | undefined {
  if (token.length > maxLength) return undefined;
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return undefined;
  const body = token.slice(0, dot);
  return signer.verifies(body, token.slice(dot + 1)) ? body : undefined;
}

/** Whether a token that stops working at `expiresMs` has stopped at `nowMs`. */
export const hasExpired = (expiresMs: number, nowMs: number): boolean => nowMs >= expiresMs;

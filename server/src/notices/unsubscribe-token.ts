/**
 * Unsubscribe links (docs/protocol.md, Unsubscribe): the token names a user and a kind of mail
 * and is signed with an HMAC under a key derived from the server's secret, so it needs no
 * sign-in and no table, and nobody can make one for another person. It does not expire: a link
 * in an old mail must still work (RFC 8058), and all it can do is turn mail off.
 */
import { NOTIFICATION_KINDS, type NotificationKind } from '@scout/protocol/notification-settings';
import { signedBody, signedToken, signerFor, type Signer } from '../security/signatures.ts';

/** Longer than any token we make (ids are short); anything longer is not ours. */
const TOKEN_MAX_LENGTH = 500;

export const UNSUBSCRIBE_PURPOSE = {
  salt: 'scout-platform/unsubscribe',
  info: 'unsubscribe-token v1',
} as const;

export const deriveUnsubscribeKey = (secret: Uint8Array): Signer =>
  signerFor(secret, UNSUBSCRIBE_PURPOSE);

/** `<userId base64url>.<kind>.<mac>` */
export function unsubscribeToken(key: Signer, userId: string, kind: NotificationKind): string {
  return signedToken(key, `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}`);
}

export interface Unsubscribe {
  userId: string;
  kind: NotificationKind;
}

/** The user and kind, or undefined for anything we did not sign. */
export function readUnsubscribeToken(key: Signer, token: string): Unsubscribe | undefined {
  const body = signedBody(key, token, TOKEN_MAX_LENGTH);
  const [user, kind, extra] = body?.split('.') ?? [];
  if (!user || !kind || extra !== undefined) return undefined;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return undefined;
  return {
    userId: Buffer.from(user, 'base64url').toString('utf8'),
    kind: kind as NotificationKind,
  };
}

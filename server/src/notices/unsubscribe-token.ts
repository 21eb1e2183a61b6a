/**
 * Unsubscribe links (docs/protocol.md, Unsubscribe): the token names a user and a kind of mail
 * and is signed with an HMAC under a key derived from the server's secret, so it needs no
 * sign-in and no table, and nobody can make one for another person. It does not expire: a link
 * in an old mail must still work (RFC 8058), and all it can do is turn mail off.
 */
import crypto from 'node:crypto';
import { NOTIFICATION_KINDS, type NotificationKind } from '@scout/protocol/notification-settings';
import { sameSecret } from '../security/tokens.ts';

const KEY_SALT = 'scout-platform/unsubscribe';
const KEY_INFO = 'unsubscribe-token v1';

export function deriveUnsubscribeKey(secret: Uint8Array): Buffer {
  return Buffer.from(crypto.hkdfSync('sha256', secret, KEY_SALT, KEY_INFO, 32));
}

const sign = (key: Buffer, body: string) =>
  crypto.createHmac('sha256', key).update(body, 'utf8').digest('base64url');

/** `<userId base64url>.<kind>.<mac>` */
export function unsubscribeToken(key: Buffer, userId: string, kind: NotificationKind): string {
  const body = `${Buffer.from(userId, 'utf8').toString('base64url')}.${kind}`;
  return `${body}.${sign(key, body)}`;
}

export interface Unsubscribe {
  userId: string;
  kind: NotificationKind;
}

/** The user and kind, or undefined for anything we did not sign. */
export function readUnsubscribeToken(key: Buffer, token: string): Unsubscribe | undefined {
  if (token.length > 500) return undefined;
  const [user, kind, mac, extra] = token.split('.');
  if (!user || !kind || !mac || extra !== undefined) return undefined;
  if (!(NOTIFICATION_KINDS as readonly string[]).includes(kind)) return undefined;
  if (!sameSecret(mac, sign(key, `${user}.${kind}`))) return undefined;
  return {
    userId: Buffer.from(user, 'base64url').toString('utf8'),
    kind: kind as NotificationKind,
  };
}

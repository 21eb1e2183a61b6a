/**
 * What every social mail job needs besides its item: the recipient as a mail address, the
 * post's address in the app in its troop (notices/event-address.ts builds it the same way for
 * events), the unsubscribe link of the `social` kind, and how many photos each post has (a mail
 * says how many; the photos stay on the server).
 */
import { pathOf, socialPostPath } from '@scout/protocol/app-paths';
import type { Config } from '../config.ts';
import { appAddress } from '../notices/event-address.ts';
import type { Recipient } from '../notices/recipients.ts';
import { unsubscribeToken } from '../notices/unsubscribe-token.ts';
import type { Signer } from '../security/signatures.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import type { MailAddress } from '../mail/mailer.ts';
import { channelName } from './channel-names.ts';
import type { SocialRoster } from './channel-rules.ts';
import type { MailedPost } from './mail-message.ts';
import { placeholders } from './sql-lists.ts';
import type { StoredSocialPost } from './stored-items.ts';

type Addresses = Pick<Config, 'publicUrl' | 'projectId'>;

export const addressOf = (user: Recipient): MailAddress => ({
  address: user.email,
  ...(user.displayName ? { name: user.displayName } : {}),
});

export const postUrl = (config: Addresses, troop: Troop, postId: string): string =>
  appAddress(config, troop.projectId, socialPostPath(postId));

export const feedUrl = (config: Addresses, troop: Troop): string =>
  appAddress(config, troop.projectId, pathOf({ view: 'social' }));

/** Settings are the account's: the troop's address turns them off. */
export const socialUnsubscribeUrl = (
  config: Addresses,
  key: Signer,
  troop: Troop,
  userId: string,
): string =>
  `${config.publicUrl}/api/notifications/${encodeURIComponent(troop.projectId)}/unsubscribe?token=${unsubscribeToken(key, userId, 'social')}`;

/** How many photos each post has; a post with none is absent. */
export async function photoCounts(
  db: Queryable,
  troopId: string,
  postIds: readonly string[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (postIds.length === 0) return out;
  const { rows } = await db.query<{ post_id: string; n: number | string }>(
    `SELECT post_id, COUNT(*) AS n FROM social_photos
      WHERE troop_id = ? AND post_id IN (${placeholders(postIds.length)})
      GROUP BY post_id`,
    [troopId, ...postIds],
  );
  for (const r of rows) out.set(r.post_id, Number(r.n));
  return out;
}

/** A post as a mail names it, in its troop. */
export const mailedPost = (
  config: Addresses,
  troop: Troop,
  roster: SocialRoster,
  post: StoredSocialPost,
  photoCount: number,
): MailedPost => ({
  author: post.authorName,
  channelName: channelName(roster, post.channel),
  body: post.body,
  photoCount,
  url: postUrl(config, troop, post.id),
});

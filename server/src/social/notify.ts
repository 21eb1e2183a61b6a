/**
 * The mail a post or comment becomes once others see it (docs/decisions/090-social-feed.md,
 * Notifications): queued as durable jobs in the caller's transaction.
 */
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';

/** What became visible: a post, or a comment on one. */
export interface SocialNoticeSubject {
  postId: string;
  commentId?: string;
}

/**
 * Queues the notices of an item that just became visible to its channel (on create when it
 * needs no approval, on a leader's approval otherwise): each post to members who take each
 * post, mentions to the mentioned whatever their choice.
 */
export async function queueSocialNotices(
  _db: Queryable,
  _troop: Troop,
  _subject: SocialNoticeSubject,
  _now: number,
): Promise<void> {}

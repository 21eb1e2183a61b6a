/**
 * A post or comment the caller sees (channel-rules.ts `seesItem`), read through the feed's
 * stored rows (stored-items.ts); anything else is 404 with the same words whether it exists or
 * not (docs/decisions/090-social-feed.md). A comment is seen only with its post: a thread the
 * caller cannot open holds nothing for them. Every route that acts on one item starts here.
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { seesItem } from './channel-rules.ts';
import type { SocialRequest } from './request-context.ts';
import {
  findSocialComment,
  findSocialPost,
  type StoredSocialComment,
  type StoredSocialPost,
} from './stored-items.ts';

export interface SeenOptions {
  /** The transaction to read in (the store by default). */
  db?: Queryable;
  /** Hold the row for the transaction. */
  forUpdate?: boolean;
  /** The 404's words, when the item was reached through another (a report). */
  notFound?: string;
}

export async function seenPost(
  r: SocialRequest,
  postId: string,
  {
    db = r.deps.store,
    forUpdate = false,
    notFound = SOCIAL_MESSAGES.postNotFound,
  }: SeenOptions = {},
): Promise<StoredSocialPost> {
  const post = await findSocialPost(db, r.troop.id, postId, forUpdate);
  if (!post || !seesItem(r.roster, r.member, post)) throw new ApiError('NOT_FOUND', notFound);
  return post;
}

export async function seenComment(
  r: SocialRequest,
  commentId: string,
  {
    db = r.deps.store,
    forUpdate = false,
    notFound = SOCIAL_MESSAGES.commentNotFound,
  }: SeenOptions = {},
): Promise<{ comment: StoredSocialComment; post: StoredSocialPost }> {
  const comment = await findSocialComment(db, r.troop.id, commentId, forUpdate);
  if (!comment) throw new ApiError('NOT_FOUND', notFound);
  const post = await findSocialPost(db, r.troop.id, comment.postId);
  if (!post || !seesItem(r.roster, r.member, post) || !seesItem(r.roster, r.member, comment))
    throw new ApiError('NOT_FOUND', notFound);
  return { comment, post };
}

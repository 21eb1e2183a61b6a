/**
 * A post or comment the caller sees (channel-rules.ts `seesItem`), read through the feed's
 * stored rows (stored-items.ts); anything else is 404 with the same words whether it exists or
 * not (docs/decisions/090-social-feed.md). A comment is seen only with its post: a thread the
 * caller cannot open holds nothing for them.
 */
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { seesItem } from './channel-rules.ts';
import type { SocialRequest } from './request-context.ts';
import { findSocialComment, findSocialPost } from './stored-items.ts';

export async function seenPost(
  r: SocialRequest,
  db: Queryable,
  postId: string,
  notFound = 'Post not found',
  forUpdate = false,
) {
  const post = await findSocialPost(db, r.troop.id, postId, forUpdate);
  if (!post || !seesItem(r.roster, r.member, post)) throw new ApiError('NOT_FOUND', notFound);
  return post;
}

export async function seenComment(
  r: SocialRequest,
  db: Queryable,
  commentId: string,
  notFound = 'Comment not found',
  forUpdate = false,
) {
  const comment = await findSocialComment(db, r.troop.id, commentId, forUpdate);
  if (!comment) throw new ApiError('NOT_FOUND', notFound);
  const post = await findSocialPost(db, r.troop.id, comment.postId);
  if (!post || !seesItem(r.roster, r.member, post) || !seesItem(r.roster, r.member, comment))
    throw new ApiError('NOT_FOUND', notFound);
  return { comment, post };
}

/**
 * Comments on a post. Whoever sees a visible post and reads its channel may comment (a youth
 * once a parent allowed it); a locked thread takes comments from moderators only (409). A
 * youth's comment waits for a leader as their posts do; a visible one queues its notices in
 * the same transaction (notify.ts). The post's row is held meanwhile, so the lock and the
 * count are the ones the comment is written under. An author deletes their own comment.
 */
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  type SocialCommentInput,
  type SocialStatus,
  type WireSocialComment,
} from '@scout/protocol/social';
import crypto from 'node:crypto';
import { ApiError } from '../errors.ts';
import { isoInstant, storedBoolean } from '../store/sql-values.ts';
import { announceSocial } from './announce.ts';
import { readsChannel } from './channel-rules.ts';
import { seenComment, seenPost } from './seen-items.ts';
import { queueSocialNotices } from './notify.ts';
import { checkedMentions, requirePoster, waitsForLeader } from './post-create.ts';
import { authorOf, type SocialRequest } from './request-context.ts';
import { findSocialComment, type StoredSocialPost } from './stored-items.ts';
import { wireComments } from './wire-items.ts';

/** 409 unless the post takes comments and reactions; 403 unless the caller reads its channel. */
export function requireOpenPost(r: SocialRequest, post: StoredSocialPost): void {
  if (!readsChannel(r.roster, r.member, post.channel))
    throw new ApiError('FORBIDDEN', SOCIAL_MESSAGES.readersOnly);
  if (post.status !== 'visible') throw new ApiError('CONFLICT', SOCIAL_MESSAGES.notVisible);
}

export async function createComment(
  r: SocialRequest,
  postId: string,
  input: SocialCommentInput,
): Promise<{ comment: WireSocialComment }> {
  const first = await seenPost(r, postId);
  const authorId = requirePoster(r);
  const body = input.body.trim();
  if (body === '') throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.commentEmpty);
  const mentions = checkedMentions(r, first.channel, input.mentions);
  const id = crypto.randomUUID();
  const nowMs = r.deps.clock.now();

  await r.deps.store.transaction(async (tx) => {
    const post = await seenPost(r, postId, { db: tx, forUpdate: true });
    requireOpenPost(r, post);
    if (post.locked && !r.member.moderator) throw new ApiError('CONFLICT', SOCIAL_MESSAGES.locked);
    const { rows } = await tx.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM social_comments WHERE troop_id = ? AND post_id = ?',
      [r.troop.id, post.id],
    );
    if (Number(rows[0]?.n ?? 0) >= SOCIAL_LIMITS.commentsPerPost)
      throw new ApiError('CONFLICT', SOCIAL_MESSAGES.tooManyComments);
    const status: SocialStatus = (await waitsForLeader(tx, r)) ? 'pending' : 'visible';
    await tx.query(
      `INSERT INTO social_comments
         (id, troop_id, post_id, author_id, author_youth, body, mentions, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        r.troop.id,
        post.id,
        authorId,
        storedBoolean(tx, r.member.youth),
        body,
        JSON.stringify(mentions),
        status,
        isoInstant(nowMs),
      ],
    );
    if (status === 'visible')
      await queueSocialNotices(tx, r.troop, { postId: post.id, commentId: id }, nowMs);
  });
  announceSocial(r.deps, r.troop, first.channel, first.id);
  const stored = await findSocialComment(r.deps.store, r.troop.id, id);
  const [comment] = await wireComments(r, [stored!]);
  return { comment: comment! };
}

export async function deleteComment(
  r: SocialRequest,
  commentId: string,
): Promise<{ commentId: string }> {
  const { comment } = await seenComment(r, commentId);
  if (comment.authorId !== authorOf(r)) throw new ApiError('FORBIDDEN', SOCIAL_MESSAGES.authorOnly);
  await r.deps.store.query('DELETE FROM social_comments WHERE troop_id = ? AND id = ?', [
    r.troop.id,
    comment.id,
  ]);
  announceSocial(r.deps, r.troop, comment.channel, comment.postId);
  return { commentId: comment.id };
}

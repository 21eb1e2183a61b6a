/**
 * What a moderator does to a post or comment (docs/decisions/090-social-feed.md, Moderation):
 *
 *   approve  pending | held           -> visible  (its notices are queued with it: notify.ts)
 *   hide     visible | pending | held -> hidden   (a reason; reversible, the text and photos kept)
 *   unhide   hidden                   -> visible  (notices too, told once per item)
 *   remove   anything but removed     -> removed  (a reason; text, mentions, photos' files and
 *                                                  reactions gone)
 *   lock / unlock (posts only)        the thread takes no comments but moderators'
 *
 * Anything else is 409 in words. Each runs in one transaction on the row held for it, with its
 * audit entry (`social.post.hide`, ...: the reason, channel and author), and is announced on the
 * channel after the commit; a removed post's files are deleted after the commit too
 * (photo-files.ts), once its rows are gone with the post's change. Hiding or removing an item
 * answers the reports about it, which are resolved with it (reports.ts).
 */
import {
  SOCIAL_MESSAGES,
  SOCIAL_REASON_REQUIRED,
  type SocialChannelId,
  type SocialModeration,
  type SocialStatus,
} from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { isoInstant, storedBoolean } from '../store/sql-values.ts';
import { announceSocial } from './announce.ts';
import { queueSocialNotices } from './notify.ts';
import { deletePhotoFiles, takeSocialPhotos, type PhotoFiles } from './photo-files.ts';
import { resolveReportsOf } from './reports.ts';
import { requireModerator, type SocialRequest } from './request-context.ts';
import { seenComment, seenPost } from './seen-items.ts';
import { findSocialComment, findSocialPost } from './stored-items.ts';
import { wireComments, wirePosts } from './wire-items.ts';

type StatusAction = Exclude<SocialModeration, 'lock' | 'unlock'>;
type Kind = 'post' | 'comment';

/** The statuses each action applies to, and what it makes of them. */
const TRANSITIONS: Record<StatusAction, { from: SocialStatus[]; to: SocialStatus }> = {
  approve: { from: ['pending', 'held'], to: 'visible' },
  hide: { from: ['visible', 'pending', 'held'], to: 'hidden' },
  unhide: { from: ['hidden'], to: 'visible' },
  remove: { from: ['visible', 'pending', 'held', 'hidden'], to: 'removed' },
};

function refusal(kind: Kind, action: StatusAction, status: SocialStatus): string {
  const item = kind === 'post' ? 'post' : 'comment';
  if (status === 'removed') return `This ${item} was removed: nothing more can be done to it`;
  switch (action) {
    case 'approve':
      return `Only a ${item} that waits for a leader can be approved; this one is ${status}`;
    case 'hide':
      return `This ${item} is already hidden`;
    case 'unhide':
      return `Only a hidden ${item} can be shown again; this one is ${status}`;
    case 'remove':
      return `This ${item} is already removed`;
  }
}

/** The reason as stored: trimmed, null when none; required for hide and remove (400). */
function reasonFor(action: SocialModeration, text: string | undefined): string | null {
  const reason = text?.trim() ?? '';
  if (reason === '' && SOCIAL_REASON_REQUIRED.includes(action))
    throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.reasonRequired);
  return reason === '' ? null : reason;
}

/** The columns a status change writes, as `SET` text and its arguments. */
function changesOf(
  action: StatusAction,
  reason: string | null,
  by: string | null,
  now: number,
): { set: string; args: unknown[] } {
  const status = TRANSITIONS[action].to;
  if (action === 'hide' || action === 'remove') {
    const text = action === 'remove' ? ", body = '', mentions = '[]'" : '';
    return {
      set: `status = ?, reason = ?, moderated_by = ?, moderated_at = ?${text}`,
      args: [status, reason, by, isoInstant(now)],
    };
  }
  // Shown again (or at last): the hide no longer applies, so its reason is no longer told.
  return {
    set: 'status = ?, reason = NULL, moderated_by = NULL, moderated_at = NULL',
    args: [status],
  };
}

/**
 * An item shown again may be shown for the first time (hidden while it waited for approval):
 * its notices are queued then too, and an item told before is not told again (notify.ts keys
 * each item's notice).
 */
const becomesVisible = (action: StatusAction) => action === 'approve' || action === 'unhide';

interface Applied {
  channel: SocialChannelId;
  postId: string;
  files: PhotoFiles[];
}

export async function moderatePost(
  r: SocialRequest,
  postId: string,
  input: { action: SocialModeration; reason?: string },
) {
  requireModerator(r);
  const now = r.deps.clock.now();
  const done: Applied = await r.deps.store.transaction(async (tx) => {
    const post = await seenPost(r, postId, { db: tx, forUpdate: true });
    const reason = reasonFor(input.action, input.reason);
    let files: PhotoFiles[] = [];
    if (input.action === 'lock' || input.action === 'unlock') {
      const lock = input.action === 'lock';
      if (post.locked === lock)
        throw new ApiError(
          'CONFLICT',
          lock ? 'This thread is already locked' : 'This thread is not locked',
        );
      await tx.query(
        'UPDATE social_posts SET locked = ?, updated_at = ? WHERE troop_id = ? AND id = ?',
        [storedBoolean(tx, lock), isoInstant(now), r.troop.id, post.id],
      );
    } else {
      const action = input.action;
      if (!TRANSITIONS[action].from.includes(post.status))
        throw new ApiError('CONFLICT', refusal('post', action, post.status));
      const { set, args } = changesOf(action, reason, r.by, now);
      await tx.query(
        `UPDATE social_posts SET ${set}, updated_at = ? WHERE troop_id = ? AND id = ?`,
        [...args, isoInstant(now), r.troop.id, post.id],
      );
      if (action === 'remove') {
        files = await takeSocialPhotos(tx, r.troop.id, { postId: post.id });
        await tx.query('DELETE FROM social_reactions WHERE troop_id = ? AND post_id = ?', [
          r.troop.id,
          post.id,
        ]);
      }
      if (action === 'hide' || action === 'remove')
        await resolveReportsOf(tx, r, { postId: post.id, commentId: null }, now);
      if (becomesVisible(action)) await queueSocialNotices(tx, r.troop, { postId: post.id }, now);
    }
    await recordAudit(tx, now, {
      troopId: r.troop.id,
      actorId: r.by,
      action: `social.post.${input.action}`,
      targetId: post.id,
      details: { reason, channel: post.channel, authorId: post.authorId },
    });
    return { channel: post.channel, postId: post.id, files };
  });
  await afterCommit(r, done);
  const post = await findSocialPost(r.deps.store, r.troop.id, done.postId);
  if (!post) throw new ApiError('NOT_FOUND', SOCIAL_MESSAGES.postNotFound);
  const [wire] = await wirePosts(r, [post]);
  return { post: wire! };
}

export async function moderateComment(
  r: SocialRequest,
  commentId: string,
  input: { action: SocialModeration; reason?: string },
) {
  requireModerator(r);
  const now = r.deps.clock.now();
  const done: Applied = await r.deps.store.transaction(async (tx) => {
    const { comment, post } = await seenComment(r, commentId, { db: tx, forUpdate: true });
    if (input.action === 'lock' || input.action === 'unlock')
      throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.commentNoLock);
    const action = input.action;
    const reason = reasonFor(action, input.reason);
    if (!TRANSITIONS[action].from.includes(comment.status))
      throw new ApiError('CONFLICT', refusal('comment', action, comment.status));
    const { set, args } = changesOf(action, reason, r.by, now);
    await tx.query(`UPDATE social_comments SET ${set} WHERE troop_id = ? AND id = ?`, [
      ...args,
      r.troop.id,
      comment.id,
    ]);
    if (action === 'hide' || action === 'remove')
      await resolveReportsOf(tx, r, { postId: post.id, commentId: comment.id }, now);
    if (becomesVisible(action))
      await queueSocialNotices(tx, r.troop, { postId: post.id, commentId: comment.id }, now);
    await recordAudit(tx, now, {
      troopId: r.troop.id,
      actorId: r.by,
      action: `social.comment.${action}`,
      targetId: comment.id,
      details: { reason, channel: post.channel, authorId: comment.authorId, postId: post.id },
    });
    return { channel: post.channel, postId: post.id, files: [] };
  });
  await afterCommit(r, done);
  const comment = await findSocialComment(r.deps.store, r.troop.id, commentId);
  if (!comment) throw new ApiError('NOT_FOUND', SOCIAL_MESSAGES.commentNotFound);
  const [wire] = await wireComments(r, [comment]);
  return { comment: wire! };
}

async function afterCommit(r: SocialRequest, done: Applied): Promise<void> {
  if (done.files.length > 0) await deletePhotoFiles(r.deps, r.troop, done.files);
  announceSocial(r.deps, r.troop, done.channel, done.postId);
}

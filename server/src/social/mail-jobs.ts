/**
 * The jobs of an item that became visible (notify.ts; docs/decisions/052-durable-jobs.md).
 *
 * `social-notice` reads the troop's roster when it runs and schedules one `social-mail` job per
 * recipient: for a post, every reader of its channel (channelReaders) who takes each post, but
 * its author; for a post or a comment, every mentioned member who reads the channel, whatever
 * their choice. Each mail job is keyed by the item and the person, so nobody is scheduled twice,
 * a mentioned `each` reader included, whichever process runs the fan-out again.
 *
 * `social-mail` asks the rules again when it sends: the item still visible, the person still an
 * active member who reads the channel (a youth whose channel lost its second adult gets
 * nothing), and still taking each post unless mentioned. It sends under a Message-ID made from
 * the job, so a run again after the mail server took the mail sends the same id.
 */
import type { ReadyDeps } from '../deps.ts';
import { enqueueJob } from '../jobs/queue.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { jobMessageId } from '../mail/message-id.ts';
import { activeUsers } from '../notices/recipients.ts';
import { readSettings, settingsOf, socialChoiceOf } from '../notices/settings.ts';
import { deriveUnsubscribeKey } from '../notices/unsubscribe-token.ts';
import type { Troop } from '../store/tenancy.ts';
import { channelReaders, readsChannel } from './channel-rules.ts';
import { socialCommentMail, socialPostMail } from './mail-message.ts';
import { addressOf, mailedPost, photoCounts, socialUnsubscribeUrl } from './mail-parts.ts';
import { itemKey, SOCIAL_JOB_KINDS, type SocialNoticeSubject } from './notify.ts';
import { readRoster } from './roster.ts';
import {
  findSocialComment,
  findSocialPost,
  type StoredSocialComment,
  type StoredSocialPost,
} from './stored-items.ts';

export interface SocialMailPayload extends SocialNoticeSubject {
  userId: string;
  /** Mentioned in the item: mailed whatever their choice. */
  mention: boolean;
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

/** The subject a payload names, or null when it names none. */
function subjectOf(payload: Record<string, unknown>): SocialNoticeSubject | null {
  const postId = str(payload.postId);
  if (postId === undefined) return null;
  const commentId = str(payload.commentId);
  return commentId === undefined ? { postId } : { postId, commentId };
}

interface Visible {
  troop: Troop;
  post: StoredSocialPost;
  comment: StoredSocialComment | null;
  /** The item told: the comment, or the post. */
  item: StoredSocialPost | StoredSocialComment;
}

export function socialMailJobs(deps: ReadyDeps): Record<string, JobHandler> {
  const { store, clock, config } = deps;
  const key = deriveUnsubscribeKey(deps.jwtSecret);

  /** The item and its post while both are visible; null once either is not (or is gone). */
  async function visible(troopId: string | null, s: SocialNoticeSubject): Promise<Visible | null> {
    const troop = troopId === null ? undefined : await deps.troops.byId(troopId);
    if (!troop) return null;
    const post = await findSocialPost(store, troop.id, s.postId);
    if (!post || post.status !== 'visible') return null;
    if (s.commentId === undefined) return { troop, post, comment: null, item: post };
    const comment = await findSocialComment(store, troop.id, s.commentId);
    if (!comment || comment.postId !== post.id || comment.status !== 'visible') return null;
    return { troop, post, comment, item: comment };
  }

  return {
    async [SOCIAL_JOB_KINDS.notice](job) {
      const subject = subjectOf(job.payload);
      const found = subject && (await visible(job.troopId, subject));
      if (!subject || !found) return;
      const { troop, post, comment, item } = found;
      const roster = await readRoster(store, config.roles, troop.id);
      const readers = channelReaders(roster, post.channel)
        .map((m) => m.userId)
        .filter((id) => id !== item.authorId);
      const mentioned = new Set(item.mentions);
      const settings = comment ? new Map() : await settingsOf(store, readers);
      for (const userId of readers) {
        const mention = mentioned.has(userId);
        const each = !comment && socialChoiceOf(settings.get(userId)!) === 'each';
        if (!mention && !each) continue;
        const payload: SocialMailPayload = { ...subject, userId, mention };
        await enqueueJob(store, clock.now(), {
          kind: SOCIAL_JOB_KINDS.mail,
          payload: payload as unknown as Record<string, unknown>,
          dedupeKey: `social-mail:${troop.id}:${itemKey(subject)}:${userId}`,
          troopId: troop.id,
        });
      }
    },

    async [SOCIAL_JOB_KINDS.mail](job) {
      const subject = subjectOf(job.payload);
      const userId = str(job.payload.userId);
      const found = subject && userId !== undefined && (await visible(job.troopId, subject));
      if (!subject || userId === undefined || !found) return;
      const { troop, post, comment, item } = found;
      if (item.authorId === userId) return;
      const roster = await readRoster(store, config.roles, troop.id);
      const member = roster.members.get(userId);
      if (!member || !readsChannel(roster, member, post.channel)) return;
      const mention = job.payload.mention === true && item.mentions.includes(userId);
      if (!mention) {
        if (comment) return;
        if (socialChoiceOf(await readSettings(store, userId)) !== 'each') return;
      }
      const [user] = await activeUsers(store, troop.id, [userId]);
      if (!user) return;
      const photos = (await photoCounts(store, troop.id, [post.id])).get(post.id) ?? 0;
      const mailed = mailedPost(config, troop, roster, post, photos);
      const common = {
        to: addressOf(user),
        troopName: troop.name,
        unsubscribeUrl: socialUnsubscribeUrl(config, key, troop, user.id),
      };
      const message = comment
        ? socialCommentMail({
            ...common,
            post: mailed,
            comment: { author: comment.authorName, body: comment.body },
          })
        : socialPostMail({ ...common, post: mailed, reason: mention ? 'mention' : 'each' });
      await deps.mail.send({
        ...message,
        messageId: jobMessageId(job.id, user.email, config.publicUrl),
      });
    },
  };
}

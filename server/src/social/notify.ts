/**
 * The mail a post or comment becomes once others see it (docs/decisions/090-social-feed.md,
 * Notifications): queued as durable jobs in the caller's transaction
 * (docs/decisions/052-durable-jobs.md), so an item that commits visible is told and one whose
 * write rolled back is not. Who is mailed is decided when the job runs, by the troop's roster
 * then (mail-jobs.ts, digest-jobs.ts).
 */
import { enqueueJob } from '../jobs/queue.ts';
import { digestFor } from '../notices/digest-schedule.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';

/** What became visible: a post, or a comment on one. */
export interface SocialNoticeSubject {
  postId: string;
  commentId?: string;
}

export const SOCIAL_JOB_KINDS = {
  /** An item that became visible: schedules one `mail` job per recipient (mail-jobs.ts). */
  notice: 'social-notice',
  /** One post or mention to one member. */
  mail: 'social-mail',
  /** A troop's day of posts, at 18:00 troop time: one `digestMail` per member (digest-jobs.ts). */
  digest: 'social-digest',
  /** One member's digest. */
  digestMail: 'social-digest-mail',
} as const;

/** The item a job is about, as its keys name it. */
export const itemKey = (s: SocialNoticeSubject): string =>
  s.commentId === undefined ? `post:${s.postId}` : `comment:${s.commentId}`;

/** The troop's digest of the day ending at `due` (ms): one job, whichever process asks. */
export const digestJobKey = (troopId: string, due: number): string =>
  `social-digest:${troopId}:${due}`;

export interface SocialDigestPayload extends Record<string, unknown> {
  /** The day's window (ms): posts that became visible after `since`, until `due`. */
  since: number;
  due: number;
}

/**
 * Queues the notices of an item that just became visible to its channel (on create when it
 * needs no approval, on a leader's approval otherwise): each post to members who take each
 * post, mentions to the mentioned whatever their choice. A post also makes sure the troop's
 * digest of the day is scheduled, at 18:00 troop time. Both are keyed: the same item told twice
 * (approved again) is told once, and a troop has one digest a day.
 */
export async function queueSocialNotices(
  db: Queryable,
  troop: Troop,
  subject: SocialNoticeSubject,
  now: number,
): Promise<void> {
  const payload: Record<string, unknown> = { postId: subject.postId };
  if (subject.commentId !== undefined) payload.commentId = subject.commentId;
  await enqueueJob(db, now, {
    kind: SOCIAL_JOB_KINDS.notice,
    payload,
    dedupeKey: `social-notice:${troop.id}:${itemKey(subject)}`,
    troopId: troop.id,
  });
  if (subject.commentId !== undefined) return;
  const { due, since } = digestFor(troop.timeZone, 'daily', now);
  const digest: SocialDigestPayload = { since, due };
  await enqueueJob(db, now, {
    kind: SOCIAL_JOB_KINDS.digest,
    payload: digest,
    dedupeKey: digestJobKey(troop.id, due),
    runAt: due,
    troopId: troop.id,
  });
}

/**
 * The `newsletter-send` job (docs/decisions/081-newsletter-posts.md, docs/decisions/052-durable-jobs.md):
 * when a scheduled post is due, one transaction marks it sent, fixes its recipients
 * (recipients.ts) as `newsletter_deliveries` rows and schedules one `newsletter-mail` job each.
 * The post is held and its status checked inside it, so two workers, a retry after a crash or a
 * post unscheduled or moved in between all end with one send or none: a post no longer
 * scheduled for this job's `sendAt` is left alone. Each mail job's key names the post and the
 * person, so nobody can be scheduled twice. A newsletter goes out when its recipient takes their
 * mail of new events (at once, or at their next daily or weekly digest time,
 * notices/digest-schedule.ts); an announcement at once.
 */
import type { ReadyDeps } from '../deps.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { digestFor } from '../notices/digest-schedule.ts';
import { unitsHearing } from '../notices/event-audience.ts';
import { isoInstant } from '../store/sql-values.ts';
import { announcePost } from './announce.ts';
import { findPost, type StoredPost } from './stored-posts.ts';
import { postRecipients, type PostRecipient } from './recipients.ts';

export const NEWSLETTER_MAIL_JOB = 'newsletter-mail';

export const mailJobKey = (postId: string, userId: string): string =>
  `newsletter-mail:${postId}:${userId}`;

export interface NewsletterMailPayload {
  postId: string;
  userId: string;
}

export function newsletterSendJob(deps: ReadyDeps): JobHandler {
  const { store, clock, config } = deps;
  return async (job) => {
    const { postId, sendAt } = job.payload as { postId?: unknown; sendAt?: unknown };
    if (typeof postId !== 'string' || typeof sendAt !== 'string' || job.troopId === null) return;
    const unitId = job.troopId;
    // The troops' clocks are read before the transaction: the directory reads outside it.
    const zones = new Map<string, string>();
    for (const troopId of await unitsHearing(store, unitId))
      zones.set(troopId, (await deps.troops.byId(troopId))?.timeZone ?? 'UTC');
    const sent = await store.transaction(async (tx): Promise<StoredPost | null> => {
      const post = await findPost(tx, unitId, postId, true);
      if (!post || post.status !== 'scheduled' || post.sendAt !== sendAt) return null;
      const now = clock.now();
      // The status is the guard on SQLite too, where FOR UPDATE does not exist.
      const marked = await tx.query(
        `UPDATE newsletter_posts SET status = 'sent', sent_at = ?, updated_at = ?
         WHERE id = ? AND status = 'scheduled' AND send_at = ?`,
        [isoInstant(now), isoInstant(now), post.id, sendAt],
      );
      if (marked.rowCount === 0) return null;
      const recipients = await postRecipients(tx, config.roles, post);
      for (const r of recipients) {
        await tx.query(
          `INSERT INTO newsletter_deliveries (post_id, user_id, troop_id) VALUES (?, ?, ?)
           ON CONFLICT (post_id, user_id) DO NOTHING`,
          [post.id, r.userId, r.troopId],
        );
        const payload: NewsletterMailPayload = { postId: post.id, userId: r.userId };
        await enqueueJob(tx, now, {
          kind: NEWSLETTER_MAIL_JOB,
          payload: payload as unknown as Record<string, unknown>,
          dedupeKey: mailJobKey(post.id, r.userId),
          troopId: r.troopId,
          runAt: mailTime(post, r, now, zones.get(r.troopId) ?? 'UTC'),
        });
      }
      return post;
    });
    if (sent) await announcePost(deps, sent.troopId, sent.id, sent.authorId ?? 'system');
  };
}

/** When a recipient's mail goes: an announcement and an immediate reader's now, else their digest. */
function mailTime(
  post: Pick<StoredPost, 'kind'>,
  r: PostRecipient,
  now: number,
  timeZone: string,
): number {
  if (post.kind === 'announcement' || r.digest === 'immediate') return now;
  return digestFor(timeZone, r.digest, now).due;
}

/**
 * The `newsletter-mail` job (docs/decisions/081-newsletter-posts.md): one post to one
 * recipient, in the troop its delivery row names. It sends nothing when the post was deleted
 * (its deliveries go with it), when the mail already went (`mailed_at`), when the person left
 * the troop or turned the category off since. The post is rendered as it stands when the mail
 * goes, in the recipient's troop (its addresses, its answer links), and sent under a Message-ID
 * made from the job (mail/message-id.ts), so a run again after the mail server took it, before
 * `mailed_at` was written, sends the same id (docs/decisions/052-durable-jobs.md). A failed send
 * throws, and the queue tries again with its backoff.
 */
import { newsletterPostPath } from '@scout/protocol/app-paths';
import type { ReadyDeps } from '../deps.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { jobMessageId } from '../mail/message-id.ts';
import { activeUsers } from '../notices/recipients.ts';
import { readSettings, wants } from '../notices/settings.ts';
import { deriveUnsubscribeKey, unsubscribeToken } from '../notices/unsubscribe-token.ts';
import { mailAnswerLinks } from '../rsvps/mail-answer-links.ts';
import { deriveMailAnswerKey } from '../rsvps/mail-answer-token.ts';
import { isoInstant } from '../store/sql-values.ts';
import { mailAddress } from './allow-list.ts';
import { newsletterMail } from './mail-message.ts';
import { inlineMailImages } from './post-images.ts';
import { mailCards, placeOf, senderOf } from './preview.ts';
import { categoryOf } from './recipients.ts';
import { loadRenderer } from './render-loader.ts';
import type { NewsletterMailPayload } from './send-job.ts';
import { findPost } from './stored-posts.ts';

export function newsletterMailJob(deps: ReadyDeps): JobHandler {
  const { store, config, clock } = deps;
  const key = deriveUnsubscribeKey(deps.jwtSecret);
  const answerKey = deriveMailAnswerKey(deps.jwtSecret);
  return async (job) => {
    const { postId, userId } = job.payload as Partial<NewsletterMailPayload>;
    if (typeof postId !== 'string' || typeof userId !== 'string' || job.troopId === null) return;
    const { rows } = await store.query<{ mailed_at: string | null; unit_id: string }>(
      `SELECT d.mailed_at, p.troop_id AS unit_id
         FROM newsletter_deliveries d JOIN newsletter_posts p ON p.id = d.post_id
        WHERE d.post_id = ? AND d.user_id = ?`,
      [postId, userId],
    );
    const delivery = rows[0];
    if (!delivery || delivery.mailed_at !== null) return;
    const troop = await deps.troops.byId(job.troopId);
    const post = await findPost(store, delivery.unit_id, postId);
    if (!troop || !post || post.status !== 'sent') return;
    const [user] = await activeUsers(store, troop.id, [userId]);
    if (!user) return;
    const category = categoryOf(post.kind);
    if (!wants(await readSettings(store, user.id), category)) return;

    // A council's post shows the council's images in each troop's mail.
    const unit = delivery.unit_id === troop.id ? troop : await deps.troops.byId(delivery.unit_id);
    if (!unit) return;
    const place = { ...placeOf(deps, troop), imagesProjectId: unit.projectId };
    const rendered = (await loadRenderer()).renderPost(post.body, place);
    // The images travel inside the mail (post-images.ts): the mail program fetches nothing.
    const inlined = await inlineMailImages(rendered.mailHtml, unit, deps.files);
    const cards = await mailCards(store, troop, place, rendered.events, (event) =>
      mailAnswerLinks(deps, answerKey, troop, user.id, {
        eventId: event.id,
        occurrence: event.date ?? '',
      }),
    );
    // Settings are the account's: the recipient's troop's address turns them off.
    const unsubscribeUrl = `${config.publicUrl}/api/notifications/${encodeURIComponent(troop.projectId)}/unsubscribe?token=${unsubscribeToken(key, user.id, category)}`;
    await deps.mail.send({
      ...newsletterMail({
        to: { address: user.email, ...(user.displayName ? { name: user.displayName } : {}) },
        from: senderOf(deps),
        troopName: troop.name,
        kind: post.kind,
        title: post.title,
        mailHtml: inlined.html,
        text: rendered.text,
        events: rendered.events,
        cards,
        readUrl: mailAddress(newsletterPostPath(post.id), place),
        unsubscribeUrl,
      }),
      messageId: jobMessageId(job.id, user.email, config.publicUrl),
      inlineImages: inlined.attachments,
    });
    await store.query(
      'UPDATE newsletter_deliveries SET mailed_at = ? WHERE post_id = ? AND user_id = ?',
      [isoInstant(clock.now()), postId, userId],
    );
  };
}

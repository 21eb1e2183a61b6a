/**
 * The `notice-mail` job (docs/decisions/052-durable-jobs.md): one mail to one person, scheduled
 * by the fan-out jobs of handlers.ts and by other capabilities (a nudge, approvers told of
 * someone waiting). It checks the person's settings once more, so an unsubscribe in between is
 * honoured, adds the answer links of the event it is about, and sends under a Message-ID made
 * from the job (mail/message-id.ts): a run again after the mail server took it sends the same id.
 *
 * A job of a troop (docs/decisions/065-troops.md) mails an active member of that troop, names the
 * troop in its subject when the troop has a name, and links to the troop's own addresses. A job
 * of no troop (a member's digest of several troops) mails an account active in any of them.
 */
import type { NotificationKind } from '@scout/protocol/notification-settings';
import type { ReadyDeps } from '../deps.ts';
import type { JobHandler } from '../jobs/worker.ts';
import { jobMessageId } from '../mail/message-id.ts';
import { mailAnswerLinks, type AnswerTarget } from '../rsvps/mail-answer-links.ts';
import { deriveMailAnswerKey } from '../rsvps/mail-answer-token.ts';
import { appAddress } from './event-address.ts';
import { renderNotice, type NoticeContent } from './messages.ts';
import { activeUsers } from './recipients.ts';
import { readSettings, wants } from './settings.ts';
import { deriveUnsubscribeKey, unsubscribeToken } from './unsubscribe-token.ts';

export interface MailPayload {
  userId: string;
  kind: NotificationKind;
  content: NoticeContent;
  /** The app's path the mail links to: the event's address (event-address.ts). */
  path?: string;
  /** The event or occurrence the mail carries answer links for (rsvps/mail-answer-links.ts). */
  answerFor?: AnswerTarget;
}

/** A named troop's mail says whose it is in its subject; an unnamed troop's reads as always. */
export function troopContent(troopName: string | null, content: NoticeContent): NoticeContent {
  return troopName ? { ...content, subject: `${troopName}: ${content.subject}` } : content;
}

export function mailJob(deps: ReadyDeps): JobHandler {
  const { store, config } = deps;
  const key = deriveUnsubscribeKey(deps.jwtSecret);
  const answerKey = deriveMailAnswerKey(deps.jwtSecret);
  return async (job) => {
    const payload = job.payload as unknown as MailPayload;
    const troop = job.troopId === null ? undefined : await deps.troops.byId(job.troopId);
    if (job.troopId !== null && !troop) return;
    const [user] = await activeUsers(store, troop?.id ?? null, [
      typeof payload.userId === 'string' ? payload.userId : '',
    ]);
    if (!user) return;
    if (!wants(await readSettings(store, user.id), payload.kind)) return;
    const token = unsubscribeToken(key, user.id, payload.kind);
    // Settings are the account's: any troop's address turns them off.
    const projectId = troop?.projectId ?? config.projectId;
    const unsubscribeUrl = `${config.publicUrl}/api/notifications/${encodeURIComponent(projectId)}/unsubscribe?token=${token}`;
    const answers =
      payload.answerFor && troop
        ? await mailAnswerLinks(deps, answerKey, troop, user.id, payload.answerFor)
        : [];
    await deps.mail.send({
      ...renderNotice({
        to: { address: user.email, ...(user.displayName ? { name: user.displayName } : {}) },
        kind: payload.kind,
        content: troopContent(troop?.name ?? null, payload.content),
        appUrl: appAddress(config, troop?.projectId, payload.path),
        unsubscribeUrl,
        answers,
      }),
      messageId: jobMessageId(job.id, user.email, config.publicUrl),
    });
  };
}

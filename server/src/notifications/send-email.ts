/**
 * POST /api/notifications/{projectId}/email: mail sent on behalf of a signed-in member or a
 * service key (docs/protocol.md, Mail and the calendar feed). The sender address is always MAIL_FROM for members (a
 * member writing as anyone they like would be a phishing tool); the member's own address becomes
 * Reply-To unless they name another. Admins and service keys may set `from`.
 */
import { z } from 'zod';
import { NOTIFICATION_EMAIL_MAX_RECIPIENTS } from '@scout/protocol/limits';
import { hitRateLimit, type RateLimitRule } from '../auth/rate-limits.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { callerCan, type Caller } from '../http/caller.ts';
import { parseMailbox } from '../mail/addresses.ts';
import { headerText, type MailAddress, type Mailer } from '../mail/mailer.ts';
import { composeBodies } from './compose.ts';

const HOUR = 3600_000;

export const NOTIFICATION_RATE_LIMITS = {
  perMemberHour: { limit: 20, windowMs: HOUR },
  /** Admins and service keys send for the whole troop (newsletters, reminders). */
  perOperatorHour: { limit: 200, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

const SUBJECT_MAX_LENGTH = 500;
const BODY_MAX_LENGTH = 256 * 1024;
const ADDRESS_FIELD_MAX_LENGTH = 512;

const addressText = z.string().max(ADDRESS_FIELD_MAX_LENGTH);
const recipientList = z.union([addressText, z.array(addressText).max(100)]);

/**
 * The request as existing clients send it: explicit nulls for fields they leave out, an empty
 * `html` or `text` for "none", and `reply_to` from older clients.
 */
export const emailRequest = z.object({
  to: recipientList,
  cc: recipientList.nullish(),
  bcc: recipientList.nullish(),
  subject: z.string().max(SUBJECT_MAX_LENGTH),
  html: z.string().max(BODY_MAX_LENGTH).nullish(),
  text: z.string().max(BODY_MAX_LENGTH).nullish(),
  from: addressText.nullish(),
  replyTo: addressText.nullish(),
  reply_to: addressText.nullish(),
});

export type EmailRequest = z.output<typeof emailRequest>;

export const emailSent = z.object({ success: z.literal(true), messageId: z.string() });

function mailboxes(field: string, value: string | string[] | null | undefined): MailAddress[] {
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  return list.map((raw, i) => {
    const mailbox = parseMailbox(raw);
    if (!mailbox)
      throw new ApiError(
        'VALIDATION_ERROR',
        `Invalid ${Array.isArray(value) ? `${field}[${i}]` : field}: not an email address`,
      );
    return mailbox;
  });
}

/** What a schema cannot say: real addresses, a recipient limit, a subject and a body. */
function readRequest(input: EmailRequest) {
  const to = mailboxes('to', input.to);
  const cc = mailboxes('cc', input.cc);
  const bcc = mailboxes('bcc', input.bcc);
  if (to.length === 0)
    throw new ApiError('VALIDATION_ERROR', 'Invalid to: at least one recipient is required');
  if (to.length + cc.length + bcc.length > NOTIFICATION_EMAIL_MAX_RECIPIENTS) {
    throw new ApiError(
      'VALIDATION_ERROR',
      `At most ${NOTIFICATION_EMAIL_MAX_RECIPIENTS} recipients (to, cc and bcc together)`,
    );
  }
  const subject = headerText(input.subject);
  if (subject === '')
    throw new ApiError('VALIDATION_ERROR', 'Invalid subject: a subject is required');
  const html = input.html || undefined;
  const text = input.text || undefined;
  if (html === undefined && text === undefined)
    throw new ApiError('VALIDATION_ERROR', 'Invalid body: html or text is required');
  return { to, cc, bcc, subject, html, text, replyTo: input.replyTo ?? input.reply_to };
}

function optionalMailbox(field: string, value: string | null | undefined): MailAddress | undefined {
  return value === undefined || value === null ? undefined : mailboxes(field, value)[0];
}

export interface Log {
  error(obj: object, msg: string): void;
}

export async function sendNotificationEmail(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'> & { mail: Mailer },
  caller: Exclude<Caller, { kind: 'anonymous' }>,
  body: EmailRequest,
  log: Log,
): Promise<z.output<typeof emailSent>> {
  const { to, cc, bcc, subject, html, text, ...input } = readRequest(body);
  const operator = callerCan(deps, caller, PERMISSIONS.notificationsAnySender);
  const from = operator ? optionalMailbox('from', body.from) : undefined;
  const replyTo =
    optionalMailbox('replyTo', input.replyTo) ??
    (caller.kind === 'user' ? parseMailbox(caller.email) : undefined);
  const who = caller.kind === 'user' ? `user:${caller.userId}` : `key:${caller.keyId}`;
  await hitRateLimit(
    deps,
    `notifications:email:${who}`,
    operator ? NOTIFICATION_RATE_LIMITS.perOperatorHour : NOTIFICATION_RATE_LIMITS.perMemberHour,
  );
  const bodies = composeBodies({
    ...(text !== undefined ? { text } : {}),
    ...(html !== undefined ? { html } : {}),
    ...(caller.kind === 'user' && caller.email ? { sender: caller.email } : {}),
  });
  try {
    const sent = await deps.mail.send({
      to,
      cc,
      bcc,
      subject,
      ...bodies,
      ...(from ? { from } : {}),
      ...(replyTo ? { replyTo } : {}),
    });
    return { success: true, messageId: sent.messageId };
  } catch (err) {
    log.error({ err }, 'notification email could not be sent');
    if ((err as { code?: unknown }).code === 'EENVELOPE')
      throw new ApiError('VALIDATION_ERROR', 'The mail server refused the recipients');
    throw new ApiError(
      'SERVICE_UNAVAILABLE',
      'The mail could not be sent. Please try again later.',
    );
  }
}

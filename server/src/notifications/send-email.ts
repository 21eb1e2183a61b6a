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
import { ApiError, badRequest, forbidden } from '../errors.ts';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { callerCan, type Caller } from '../http/caller.ts';
import { parseInput } from '../http/validate.ts';
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

const emailRequest = z.object({
  to: recipientList,
  cc: recipientList.optional(),
  bcc: recipientList.optional(),
  subject: z.string().max(SUBJECT_MAX_LENGTH),
  html: z.string().max(BODY_MAX_LENGTH).optional(),
  text: z.string().max(BODY_MAX_LENGTH).optional(),
  from: addressText.optional(),
  replyTo: addressText.optional(),
});

type EmailRequest = z.output<typeof emailRequest>;

/** Existing clients send snake_case twins and explicit nulls for fields they leave out. */
function normaliseBody(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const b = body as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(b)) {
    if (
      value === null ||
      (typeof value === 'string' && value === '' && (key === 'html' || key === 'text'))
    )
      continue;
    out[key === 'reply_to' ? 'replyTo' : key] = value;
  }
  return out;
}

function mailboxes(field: string, value: string | string[] | undefined): MailAddress[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.map((raw, i) => {
    const mailbox = parseMailbox(raw);
    if (!mailbox)
      throw badRequest(
        `Invalid ${Array.isArray(value) ? `${field}[${i}]` : field}: not an email address`,
      );
    return mailbox;
  });
}

function readRequest(body: unknown) {
  const input: EmailRequest = parseInput(emailRequest, normaliseBody(body));
  const to = mailboxes('to', input.to);
  const cc = mailboxes('cc', input.cc);
  const bcc = mailboxes('bcc', input.bcc);
  if (to.length === 0) throw badRequest('Invalid to: at least one recipient is required');
  if (to.length + cc.length + bcc.length > NOTIFICATION_EMAIL_MAX_RECIPIENTS) {
    throw badRequest(
      `At most ${NOTIFICATION_EMAIL_MAX_RECIPIENTS} recipients (to, cc and bcc together)`,
    );
  }
  const subject = headerText(input.subject);
  if (subject === '') throw badRequest('Invalid subject: a subject is required');
  if (input.html === undefined && input.text === undefined)
    throw badRequest('Invalid body: html or text is required');
  return { input, to, cc, bcc, subject };
}

function optionalMailbox(field: string, value: string | undefined): MailAddress | undefined {
  return value === undefined ? undefined : mailboxes(field, value)[0];
}

export interface Log {
  error(obj: object, msg: string): void;
}

export async function sendNotificationEmail(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'> & { mail: Mailer },
  caller: Exclude<Caller, { kind: 'anonymous' }>,
  body: unknown,
  log: Log,
): Promise<{ success: true; messageId: string }> {
  // Mail leaves from the troop's address to anyone: only those the roles configuration trusts
  // with it may send (leaders and admins by default), or it is a phishing tool.
  if (!callerCan(deps, caller, PERMISSIONS.notificationsSend)) {
    throw forbidden('Sending mail needs the permission notifications.send (leaders and admins)');
  }
  const { input, to, cc, bcc, subject } = readRequest(body);
  const operator = callerCan(deps, caller, PERMISSIONS.notificationsAnySender);
  const from = operator ? optionalMailbox('from', input.from) : undefined;
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
    ...(input.text !== undefined ? { text: input.text } : {}),
    ...(input.html !== undefined ? { html: input.html } : {}),
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
      throw badRequest('The mail server refused the recipients');
    throw new ApiError(
      503,
      'SERVICE_UNAVAILABLE',
      'The mail could not be sent. Please try again later.',
    );
  }
}

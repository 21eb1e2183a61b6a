/**
 * The signed answer links of event mails (docs/decisions/063-answers-from-mail.md). A token
 * names the person the mail went to, the person answered for (themself or a scout of their
 * household), one event or occurrence, one answer, and when it stops working (the end of the
 * event or occurrence). It is signed with an HMAC under a key derived from the server's secret,
 * as unsubscribe links are (notices/unsubscribe-token.ts), with a key of its own: no table, no
 * sign-in, and changing any part of it (another person, another event) breaks the signature.
 */
import { RSVP_ANSWERS, type RsvpAnswer } from '@scout/protocol/rsvps';
import { signedBody, signedToken, signerFor, type Signer } from '../security/signatures.ts';

export const MAIL_ANSWER_PURPOSE = {
  salt: 'scout-platform/mail-answer',
  info: 'mail-answer-token v1',
} as const;
/** Longer than any token we make (ids are short); anything longer is not ours. */
const TOKEN_MAX_LENGTH = 1000;

/** The signer of answer links (made once per process, from the server's secret). */
export type MailAnswerKey = Signer;

export const deriveMailAnswerKey = (secret: Uint8Array): MailAnswerKey =>
  signerFor(secret, MAIL_ANSWER_PURPOSE);

export interface MailAnswer {
  /** The account the mail went to: it answers, under the RSVP rules, as if signed in. */
  userId: string;
  /** `user:<id>` or `scout:<id>` (households/answerable.ts). */
  attendee: string;
  eventId: string;
  /** The series' date of the occurrence; '' for a single event. */
  occurrence: string;
  answer: RsvpAnswer;
  /** The instant (ms) the link stops working: the event's or occurrence's end. */
  expiresMs: number;
}

/** `<fields as base64url JSON>.<mac>` */
export function mailAnswerToken(key: MailAnswerKey, a: MailAnswer): string {
  const fields = [a.userId, a.attendee, a.eventId, a.occurrence, a.answer, a.expiresMs];
  return signedToken(key, Buffer.from(JSON.stringify(fields), 'utf8').toString('base64url'));
}

const isString = (v: unknown): v is string => typeof v === 'string';

/** What the token says, or undefined for anything we did not sign. Expiry is the caller's check. */
export function readMailAnswerToken(key: MailAnswerKey, token: string): MailAnswer | undefined {
  const body = signedBody(key, token, TOKEN_MAX_LENGTH);
  if (!body) return undefined;
  let fields: unknown;
  try {
    fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(fields) || fields.length !== 6) return undefined;
  const [userId, attendee, eventId, occurrence, answer, expiresMs] = fields as unknown[];
  if (![userId, attendee, eventId, occurrence].every(isString)) return undefined;
  if (!(RSVP_ANSWERS as readonly unknown[]).includes(answer)) return undefined;
  if (typeof expiresMs !== 'number' || !Number.isFinite(expiresMs)) return undefined;
  return {
    userId: userId as string,
    attendee: attendee as string,
    eventId: eventId as string,
    occurrence: occurrence as string,
    answer: answer as RsvpAnswer,
    expiresMs,
  };
}

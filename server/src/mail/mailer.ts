/**
 * The mail seam. Logic hands a finished message to a `Mailer`; SMTP (mail/smtp.ts) delivers it,
 * the outbox (mail/outbox.ts) keeps it under DATA_DIR when no SMTP server is configured.
 */
import type Mail from 'nodemailer/lib/mailer/index.js';

/**
 * Mails one process sends at once: the SMTP pool's connections (smtp.ts), and the newsletter
 * mails the job worker runs side by side to fill them (job-worker.ts).
 */
export const MAIL_CONNECTIONS = 3;

export interface MailAddress {
  address: string;
  name?: string;
}

export interface MailMessage {
  to: MailAddress[];
  cc?: MailAddress[];
  bcc?: MailAddress[];
  /** Absent: MAIL_FROM. */
  from?: MailAddress;
  replyTo?: MailAddress;
  subject: string;
  text: string;
  html: string;
  /**
   * `<...@host>`, when the product names the message itself: a mail sent again (a job retried
   * after its process died) carries the same id, so mail programs show it once. Absent: a new
   * random id per send.
   */
  messageId?: string;
  /**
   * Extra headers the product sets itself (List-Unsubscribe); never user input. Values pass
   * through headerText, so none can start another header.
   */
  headers?: Record<string, string>;
  /**
   * Images the HTML shows as `<img src="cid:...">`: sent inside the message (multipart/related),
   * so the mail program fetches nothing from anywhere to show them.
   */
  inlineImages?: MailInlineImage[];
}

export interface MailInlineImage {
  /** The Content-ID, without angle brackets, as the HTML names it after `cid:`. */
  cid: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface SentMail {
  messageId: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  /** Ends open connections (SMTP's pool) when the process shuts down; absent: nothing to end. */
  close?(): Promise<void>;
}

/**
 * Text that goes into a header: control characters (CR and LF above all) become spaces, so user
 * input can never end a header and start another (`Subject: hi\r\nBcc: ...`).
 */
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const HEADER_BREAKERS = /[\u0000-\u001f\u007f\u2028\u2029]+/g;

export function headerText(value: string): string {
  return value
    .replace(HEADER_BREAKERS, ' ')
    .replace(/\s{2,}/g, ' ')
    .trim();
}

function address(a: MailAddress): Mail.Address {
  return { address: a.address, name: headerText(a.name ?? '') };
}

/**
 * The message as nodemailer options. Addresses go in as objects, never as strings, so nodemailer
 * does not parse them: a string like `a@x.org, b@y.org` can never turn into two recipients.
 */
export function toNodemailerMessage(message: MailMessage, defaultFrom: string): Mail.Options {
  return {
    from: message.from ? address(message.from) : defaultFrom,
    to: message.to.map(address),
    ...(message.cc?.length ? { cc: message.cc.map(address) } : {}),
    ...(message.bcc?.length ? { bcc: message.bcc.map(address) } : {}),
    ...(message.replyTo ? { replyTo: address(message.replyTo) } : {}),
    subject: headerText(message.subject),
    text: message.text,
    html: message.html,
    ...(message.messageId ? { messageId: message.messageId } : {}),
    ...(message.headers
      ? {
          headers: Object.fromEntries(
            Object.entries(message.headers).map(([k, v]) => [k, headerText(v)]),
          ),
        }
      : {}),
    ...(message.inlineImages?.length
      ? {
          attachments: message.inlineImages.map((image) => ({
            cid: image.cid,
            filename: image.filename,
            contentType: image.contentType,
            content: image.content,
            contentDisposition: 'inline' as const,
          })),
        }
      : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/**
 * Delivery over SMTP (SMTP_URL). The URL may carry credentials: it is never logged. A refusal is
 * thrown as a MailSendError, which holds nothing of the message (mail/send-failure.ts).
 *
 * Connections are pooled: a few stay open and carry many messages each, so a wave of mails does
 * not wait for a new connection and the peer's greeting per mail (docs/decisions/052-durable-jobs.md).
 * A pooled connection the server dropped is replaced on the next send. `close()` ends the pool:
 * the process calls it when it shuts down, so no idle connection holds it open.
 */
import nodemailer from 'nodemailer';
import SMTPPool from 'nodemailer/lib/smtp-pool/index.js';
import { MAIL_CONNECTIONS, toNodemailerMessage, type Mailer } from './mailer.ts';
import { mailSendFailure } from './send-failure.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. */
  url: string;
  /** The default sender (MAIL_FROM). */
  from: string;
  /** How long to wait for the server's greeting (ms); tests shorten it. */
  greetingTimeoutMs?: number;
}

/** Connections open at once per process: enough to overlap round trips, few enough for any server. */
export const SMTP_MAX_CONNECTIONS = MAIL_CONNECTIONS;
/** Messages per connection before it is replaced, as many servers limit them per session. */
export const SMTP_MAX_MESSAGES = 100;

export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  // The pool is built from the options directly: createTransport({ url, ... }) would read the
  // URL alone and silently drop every other option (the time limits below among them).
  const pool = new SMTPPool({
    url: opts.url,
    pool: true,
    maxConnections: SMTP_MAX_CONNECTIONS,
    maxMessages: SMTP_MAX_MESSAGES,
    // A request waiting on a mail server must not hang for nodemailer's default minutes.
    connectionTimeout: 10_000,
    greetingTimeout: opts.greetingTimeoutMs ?? 10_000,
    socketTimeout: 30_000,
  });
  const transport = nodemailer.createTransport(pool);
  // A closed pool neither sends nor answers what it still holds: close() waits for the sends
  // under way, and a send after it fails at once instead of waiting forever.
  const sending = new Set<Promise<unknown>>();
  let closed = false;
  return {
    async send(message) {
      if (closed) throw mailSendFailure(new Error('the mailer is closed'), message);
      const sent = transport.sendMail(toNodemailerMessage(message, opts.from));
      sending.add(sent);
      try {
        const info = await sent;
        return { messageId: info.messageId };
      } catch (err) {
        throw mailSendFailure(err, message);
      } finally {
        sending.delete(sent);
      }
    },
    async close() {
      closed = true;
      await Promise.allSettled([...sending]);
      transport.close();
    },
  };
}

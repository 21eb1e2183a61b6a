/**
 * Delivery over SMTP (SMTP_URL). The URL may carry credentials: it is never logged. A refusal is
 * thrown as a MailSendError, which holds nothing of the message (mail/send-failure.ts).
 */
import nodemailer from 'nodemailer';
import { toNodemailerMessage, type Mailer } from './mailer.ts';
import { mailSendFailure } from './send-failure.ts';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://...:465`. */
  url: string;
  /** The default sender (MAIL_FROM). */
  from: string;
}

export function createSmtpMailer(opts: SmtpMailerOptions): Mailer {
  const transport = nodemailer.createTransport({
    url: opts.url,
    // A request waiting on a mail server must not hang for nodemailer's default minutes.
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });
  return {
    async send(message) {
      try {
        const info = await transport.sendMail(toNodemailerMessage(message, opts.from));
        return { messageId: info.messageId };
      } catch (err) {
        throw mailSendFailure(err, message);
      }
    },
  };
}

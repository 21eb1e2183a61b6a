/** Delivery over SMTP (SMTP_URL). The URL may carry credentials: it is never logged. */
import nodemailer from 'nodemailer';
import { toNodemailerMessage, type Mailer } from './mailer.ts';

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
      const info = await transport.sendMail(toNodemailerMessage(message, opts.from));
      return { messageId: info.messageId };
    },
  };
}

/**
 * A failed send, in the form that may be logged and kept (a job's `last_error`). A mail server's
 * refusal can quote the message it refused (a spam filter names the link it did not like), and
 * the message may carry a one-time link, so nothing of the original error travels on but its
 * codes and its text with every link of the message, and any other web address, taken out.
 */
import { secretRedactor } from '../log-redaction.ts';
import type { MailMessage } from './mailer.ts';

const WEB_ADDRESS = /\b[a-z][a-z0-9+.-]*:\/\/[^\s"'<>]+/gi;

export class MailSendError extends Error {
  override readonly name = 'MailSendError';
  /** nodemailer's code (`EENVELOPE`, `EMESSAGE`, `ECONNECTION`, ...), when it gave one. */
  readonly code: string | undefined;
  /** The SMTP reply code (451, 550, ...), when the server answered one. */
  readonly responseCode: number | undefined;

  constructor(message: string, code: string | undefined, responseCode: number | undefined) {
    super(message);
    this.code = code;
    this.responseCode = responseCode;
  }
}

/** Every web address in the message and each value of their queries: what a refusal could quote. */
function secretsOf(message: MailMessage): string[] {
  const text = [message.text, message.html, ...Object.values(message.headers ?? {})].join('\n');
  const addresses = text.match(WEB_ADDRESS) ?? [];
  const values = addresses.flatMap((address) => {
    try {
      return [...new URL(address.replace(/&amp;/g, '&')).searchParams.values()];
    } catch {
      return [];
    }
  });
  return [...addresses, ...values];
}

export function mailSendFailure(err: unknown, message: MailMessage): MailSendError {
  const e = (err ?? {}) as { message?: unknown; code?: unknown; responseCode?: unknown };
  const hide = secretRedactor(secretsOf(message));
  const text = hide(typeof e.message === 'string' ? e.message : String(err)).replace(
    WEB_ADDRESS,
    '[link]',
  );
  return new MailSendError(
    text || 'the mail could not be sent',
    typeof e.code === 'string' ? e.code : undefined,
    typeof e.responseCode === 'number' ? e.responseCode : undefined,
  );
}

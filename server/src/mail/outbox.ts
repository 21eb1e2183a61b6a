/**
 * The embedded default when SMTP_URL is not set: every message is kept as a complete .eml file
 * under DATA_DIR/outbox, so a fresh install works and an operator can still hand someone their
 * reset link. The files hold live one-time tokens, so they are readable by the server's user
 * only; the log says only that a mail was kept, for whom (masked) and in which file, since log
 * lines travel further than that folder.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { maskedAddress } from './addresses.ts';
import { headerText, toNodemailerMessage, type Mailer, type MailMessage } from './mailer.ts';
import { mailSendFailure } from './send-failure.ts';

export interface OutboxMailerOptions {
  config: Pick<Config, 'dataDir' | 'mailFrom'>;
  clock: Clock;
  logger?: Logger | false;
}

/** Where the outbox keeps its files. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/** File names sort by time: `20260101T090000123Z-<random>.eml`. */
function fileName(nowMs: number): string {
  const stamp = new Date(nowMs).toISOString().replace(/[-:.]/g, '');
  return `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml`;
}

export function createOutboxMailer(opts: OutboxMailerOptions): Mailer {
  const dir = outboxDir(opts.config);
  // The MIME composer is loaded at the first message: many servers never send one.
  let composer: Promise<import('nodemailer').Transporter> | undefined;
  const compose = () =>
    (composer ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    ));
  async function keep(message: MailMessage): Promise<{ messageId: string; file: string }> {
    const info = await (
      await compose()
    ).sendMail(toNodemailerMessage(message, opts.config.mailFrom));
    // Created on first use: an app that never sends mail leaves no folder behind.
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, fileName(opts.clock.now()));
    // Written aside and renamed, so whoever reads the outbox never sees half a message.
    await fs.writeFile(`${file}.tmp`, info.message, { flag: 'wx', mode: 0o600 });
    await fs.rename(`${file}.tmp`, file);
    return { messageId: info.messageId, file };
  }

  return {
    async send(message) {
      let kept: { messageId: string; file: string };
      try {
        kept = await keep(message);
      } catch (err) {
        throw mailSendFailure(err, message);
      }
      if (opts.logger) {
        opts.logger.info(
          {
            to: [...message.to, ...(message.cc ?? []), ...(message.bcc ?? [])].map((a) =>
              maskedAddress(a.address),
            ),
            subject: headerText(message.subject),
            file: kept.file,
          },
          'mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      return { messageId: kept.messageId };
    },
  };
}

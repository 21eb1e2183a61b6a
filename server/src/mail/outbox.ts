/**
 * The embedded default when SMTP_URL is not set: every message is kept as a complete .eml file
 * under DATA_DIR/outbox and logged with its recipients and link, so a fresh install works and an
 * operator can still hand someone their reset link. The files hold live one-time tokens, so they
 * are readable by the server's user only.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Config } from '../config.ts';
import { headerText, toNodemailerMessage, type Mailer } from './mailer.ts';

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
  return {
    async send(message) {
      const info = await (
        await compose()
      ).sendMail(toNodemailerMessage(message, opts.config.mailFrom));
      // Created on first use: an app that never sends mail leaves no folder behind.
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      const file = path.join(dir, fileName(opts.clock.now()));
      // Written aside and renamed, so whoever reads the outbox never sees half a message.
      await fs.writeFile(`${file}.tmp`, info.message, { flag: 'wx', mode: 0o600 });
      await fs.rename(`${file}.tmp`, file);
      if (opts.logger) {
        opts.logger.info(
          {
            to: [...message.to, ...(message.cc ?? []), ...(message.bcc ?? [])].map(
              (a) => a.address,
            ),
            subject: headerText(message.subject),
            ...(message.link ? { link: message.link } : {}),
            file,
          },
          'mail kept in the outbox (SMTP_URL is not set)',
        );
      }
      return { messageId: info.messageId };
    },
  };
}

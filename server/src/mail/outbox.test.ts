import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { createOutboxMailer, outboxDir } from './outbox.ts';

function logSink() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, sink) };
}

describe('outbox mailer (no SMTP_URL)', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-outbox-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('keeps each message as an .eml file only the server can read, and logs whom it is for and where, never the link', async () => {
    const { lines, logger } = logSink();
    const mailer = createOutboxMailer({
      config: { dataDir, mailFrom: 'Scout Leadership Platform <no-reply@troop.example>' },
      clock: manualClock(Date.UTC(2026, 0, 2, 9, 30)),
      logger,
    });
    const link = 'http://localhost:3000/?token=tok123&projectId=scout-troop&type=reset';
    const sent = await mailer.send({
      to: [{ address: 'parent@troop.example' }],
      subject: 'Reset\r\nBcc: x@evil.example',
      text: `Open ${link}`,
      html: `<a href="${link}">Open</a>`,
    });

    const files = fs.readdirSync(outboxDir({ dataDir }));
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/^20260102T093000000Z-[0-9a-f]{8}\.eml$/);
    const file = path.join(outboxDir({ dataDir }), files[0] ?? '');
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const parsed = await simpleParser(fs.readFileSync(file));
    expect(parsed.subject).toBe('Reset Bcc: x@evil.example');
    expect(parsed.bcc).toBeUndefined();
    expect(parsed.text).toContain(link);
    expect(parsed.html).toContain('href=');
    expect(parsed.messageId).toBe(sent.messageId);

    const line = lines.find((l) => l.msg === 'mail kept in the outbox (SMTP_URL is not set)');
    expect(line).toMatchObject({ to: ['p***@troop.example'], file });
    expect(JSON.stringify(lines)).not.toContain('tok123');
  });

  it('creates nothing until the first message', () => {
    createOutboxMailer({ config: { dataDir, mailFrom: 'x@troop.example' }, clock: manualClock() });
    expect(fs.existsSync(outboxDir({ dataDir }))).toBe(false);
  });
});

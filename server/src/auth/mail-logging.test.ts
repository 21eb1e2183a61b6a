import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { outboxDir } from '../mail/outbox.ts';
import { tokenOf } from '../../test/mail.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { buildMailTestApp, linkIn, post, type MailTestApp } from '../../test/auth-links.ts';
import { signIn, signUp } from '../../test/auth.ts';

function logSink() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, logger: pino({ level: 'info' }, sink) };
}

/** Waits until the background mail has reached the outbox folder. */
async function outboxFiles(dir: string, count: number): Promise<string[]> {
  for (let i = 0; i < 500; i++) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    if (files.length >= count) return files.sort();
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`the outbox did not get ${count} message(s)`);
}

describe.each(testStoreKinds)('mail without SMTP: the outbox (%s)', (kind) => {
  let t: TestApp | undefined;
  let dataDir: string;
  afterEach(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the reset mail under DATA_DIR/outbox and logs recipient and link, so an operator can finish the reset', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-data-'));
    const { lines, logger } = logSink();
    t = await buildTestApp({ store: kind, config: { dataDir }, deps: { logger } });
    const account = await signUp(t);
    expect((await post(t, '/password/reset', { email: account.user.email })).statusCode).toBe(200);

    const [file] = await outboxFiles(outboxDir({ dataDir }), 1);
    const parsed = await simpleParser(
      fs.readFileSync(path.join(outboxDir({ dataDir }), file ?? '')),
    );
    expect(parsed.subject).toContain(PRODUCT_NAME);
    expect(parsed.text).toContain(PRODUCT_NAME);
    expect(parsed.html).toContain(PRODUCT_NAME);

    const logged = lines
      .map((l) => JSON.parse(l) as { msg?: string; to?: string[]; link?: string })
      .find((l) => l.msg?.includes('outbox'));
    expect(logged?.to).toEqual([account.user.email]);
    expect(parsed.text).toContain(logged?.link);

    const confirm = await post(t, '/password/reset/confirm', {
      token: tokenOf(logged?.link ?? ''),
      password: 'reset from the log',
    });
    expect(confirm.statusCode).toBe(200);
    expect((await signIn(t, account.user.email, 'reset from the log')).statusCode).toBe(200);
  });
});

describe.each(testStoreKinds)('mail over SMTP (%s)', (kind) => {
  let t: MailTestApp | undefined;
  afterEach(async () => t?.close());

  it('never writes a link or its token to the log', async () => {
    const { lines, logger } = logSink();
    t = await buildMailTestApp(kind, { deps: { logger } });
    const account = await signUp(t);
    await post(t, '/password/reset', { email: account.user.email });
    const link = linkIn((await t.peer.waitFor(1))[0]);
    expect(
      (
        await post(t, '/password/reset/confirm', {
          token: tokenOf(link),
          password: 'another passphrase',
        })
      ).statusCode,
    ).toBe(200);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line).not.toContain(tokenOf(link));
  });
});

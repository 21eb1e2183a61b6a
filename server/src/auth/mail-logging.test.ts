/**
 * One-time links (sign-in, reset, verification, invitations) and the notices' unsubscribe links
 * never reach a log line, at any level: not from the outbox, not from a mail server's refusal
 * that quotes the message, not from the request that opens the link.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { simpleParser } from 'mailparser';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { outboxDir } from '../mail/outbox.ts';
import { createSmtpMailer } from '../mail/smtp.ts';
import { tokenOf } from '../../test/mail.ts';
import { createEvent, runJobs } from '../../test/notices.ts';
import { startFaultyPeer } from '../../test/smtp-faults.ts';
import { bearer as roleToken } from '../../test/storage.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
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
  return { lines, logger: pino({ level: 'trace' }, sink) };
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

const linksIn = (text: string) => text.match(/https?:\/\/[^\s"'<>]+/g) ?? [];

/** A link and the secrets it carries: every long value of its query. */
function secretsOf(link: string): string[] {
  const values = [...new URL(link).searchParams.values()].filter((v) => v.length >= 16);
  return [link, ...values];
}

const leaking = (lines: string[], secrets: string[]) =>
  lines.filter((line) => secrets.some((secret) => line.includes(secret)));

const inAMonth = (t: TestApp) =>
  new Date(t.clock.now() + 30 * 86_400_000).toISOString().slice(0, 10);

describe.each(embeddedStore)('mail without SMTP: the outbox (%s)', (kind) => {
  let t: TestApp | undefined;
  let dataDir: string;
  afterEach(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps the reset mail under DATA_DIR/outbox and logs whom it is for and its file, so an operator can finish the reset', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-data-'));
    const { lines, logger } = logSink();
    t = await buildTestApp({ store: kind, config: { dataDir }, deps: { logger } });
    const account = await signUp(t);
    expect((await post(t, '/password/reset', { email: account.user.email })).statusCode).toBe(200);

    const [file] = await outboxFiles(outboxDir({ dataDir }), 1);
    const kept = path.join(outboxDir({ dataDir }), file ?? '');
    const parsed = await simpleParser(fs.readFileSync(kept));
    expect(parsed.subject).toContain(PRODUCT_NAME);
    expect(parsed.text).toContain(PRODUCT_NAME);
    expect(parsed.html).toContain(PRODUCT_NAME);

    const logged = lines
      .map((l) => JSON.parse(l) as { msg?: string; to?: string[]; file?: string })
      .find((l) => l.msg?.includes('outbox'));
    expect(logged?.to).toEqual([`s***@troop12.org`]);
    expect(logged?.file).toBe(kept);

    const [link = ''] = linksIn(parsed.text ?? '');
    const confirm = await post(t, '/password/reset/confirm', {
      token: tokenOf(link),
      password: 'reset from the outbox',
    });
    expect(confirm.statusCode).toBe(200);
    expect((await signIn(t, account.user.email, 'reset from the outbox')).statusCode).toBe(200);
  });

  it('writes no link or token of any mail to the log, at any level, even when the link is opened', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-data-'));
    const { lines, logger } = logSink();
    t = await buildTestApp({ store: kind, config: { dataDir }, deps: { logger } });
    const app = t;
    const projectId = app.deps.config.projectId;
    const call = (url: string, auth: string, payload: object) =>
      app.app.inject({ method: 'POST', url, headers: { authorization: auth }, payload });

    const member = await signUp(app);
    expect((await post(app, '/email/verify/send', {}, member.access_token)).statusCode).toBe(200);
    expect((await post(app, '/signin/magic', { email: member.user.email })).statusCode).toBe(200);
    expect((await post(app, '/password/reset', { email: member.user.email })).statusCode).toBe(200);
    const leader = await roleToken(app, 'lee', 'leader');
    const troopInvitation = await call(`/api/members/${projectId}/invitations`, leader, {
      email: 'robin@troop12.org',
      send: true,
    });
    expect(troopInvitation.statusCode).toBe(200);
    const parent = await roleToken(app, 'pat');
    const scouts = `/api/households/${projectId}/mine/scouts`;
    const scout = await call(scouts, parent, { firstName: 'Sam', lastName: 'Avery' });
    expect(scout.statusCode).toBe(200);
    const familyInvitation = await call(`/api/households/${projectId}/mine/invitations`, parent, {
      kind: 'adult',
      email: 'other@troop12.org',
    });
    expect(familyInvitation.statusCode).toBe(200);
    // A new event's notice, whose unsubscribe link is a secret of its own.
    await createEvent(app, leader.replace(/^Bearer /, ''), {
      event_name: 'Campout',
      event_date: inAMonth(app),
      event_time: '18:00',
    });
    await runJobs(app);
    // New-event notices go out when their batch's window closes (notices/batches.ts).
    app.clock.advance(app.deps.config.noticeBatchMs);
    await runJobs(app);

    const dir = outboxDir({ dataDir });
    const files = await outboxFiles(dir, 7);
    const mails = await Promise.all(
      files.map((f) => simpleParser(fs.readFileSync(path.join(dir, f)))),
    );
    expect(mails.map((m) => m.subject ?? '').sort()).toEqual(
      [
        `Verify your email address for ${PRODUCT_NAME}`,
        `Your ${PRODUCT_NAME} sign-in link`,
        `Reset your ${PRODUCT_NAME} password`,
        `You are invited to join your troop on ${PRODUCT_NAME}`,
        `You are invited to join a family on ${PRODUCT_NAME}`,
        'New event: Campout',
        'New event: Campout',
      ].sort(),
    );
    const links = mails.flatMap((m) => linksIn(m.text ?? ''));
    // Every mail carries a link with a secret in it: those are what must stay out of the log.
    expect(mails.every((m) => linksIn(m.text ?? '').some((l) => secretsOf(l).length > 1))).toBe(
      true,
    );
    // Whoever gets a link opens it at the app's address, and that request is logged too.
    for (const link of links) {
      const url = new URL(link);
      await app.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    }

    const logged = lines.map((l) => JSON.parse(l) as { msg?: string; to?: string[] });
    const kept = logged.filter((l) => l.msg === 'mail kept in the outbox (SMTP_URL is not set)');
    expect(kept).toHaveLength(7);
    expect(kept.flatMap((l) => l.to)).toContain('r***@troop12.org');
    expect(leaking(lines, links.flatMap(secretsOf))).toEqual([]);
  });
});

describe.each(embeddedStore)('mail over SMTP (%s)', (kind) => {
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

  it('logs a refused mail without the link, even when the refusal quotes it', async () => {
    const { lines, logger } = logSink();
    const peer = await startFaultyPeer();
    const quoted: string[] = [];
    try {
      t = await buildMailTestApp(kind, {
        deps: {
          logger,
          mail: createSmtpMailer({ url: peer.url, from: 'Troop <no-reply@troop.example>' }),
        },
      });
      const leader = await signUp(t);
      const member = await signUp(t);
      // A spam filter's refusal names the link it did not like, as some do.
      peer.refuseNext(2, (refused) => {
        const link = linksIn(refused.text ?? '')[0] ?? '';
        quoted.push(link);
        return `5.7.1 Message refused: ${link} is listed`;
      });
      expect((await post(t, '/password/reset', { email: member.user.email })).statusCode).toBe(200);
      await createEvent(t, leader.access_token, {
        event_name: 'Campout',
        event_date: inAMonth(t),
        event_time: '18:00',
      });
      await runJobs(t);
      t.clock.advance(t.deps.config.noticeBatchMs);
      await runJobs(t);
      const { rows } = await t.deps.store.query<{ last_error: string | null }>(
        "SELECT last_error FROM jobs WHERE kind = 'notice-mail'",
      );
      // Closing waits for the reset mail still being tried.
      await t.close();

      expect(peer.refused).toBe(2);
      const secrets = quoted.flatMap(secretsOf);
      expect(secrets.length).toBeGreaterThan(2);
      const messages = lines.map((l) => (JSON.parse(l) as { msg?: string }).msg);
      expect(messages).toContain('password reset mail failed');
      expect(messages).toContain('job failed; will retry');
      expect(leaking(lines, secrets)).toEqual([]);
      // What the operator reads of a job that did not go out holds no link either.
      expect(rows).toHaveLength(1);
      expect(rows[0]?.last_error).toMatch(/451 5\.7\.1 Message refused: \[\w+\] is listed/);
      expect(leaking([rows[0]?.last_error ?? ''], secrets)).toEqual([]);
    } finally {
      await t?.close();
      await peer.close();
    }
  });
});

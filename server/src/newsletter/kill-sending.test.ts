/**
 * A post going out from a real server process that is killed (SIGKILL) in the middle of it, on
 * one database (PostgreSQL when TEST_DATABASE_URL is set, and one SQLite file), to a real SMTP
 * peer: after each restart the sending goes on, and every recipient gets the post. Exactly once
 * cannot be had where the mail server took a mail and the process died before it noted so
 * (docs/decisions/052-durable-jobs.md): at most one more copy per mail in flight at the kill (the
 * worker sends MAIL_CONNECTIONS newsletter mails at once), each under its mail's own Message-ID,
 * so mail programs show it once.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { eventually, freePort, startServer } from '../../test/server-process.ts';
import { startFaultyPeer } from '../../test/smtp-faults.ts';
import { sharedDatabase } from '../../test/shared-database.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { MAIL_CONNECTIONS } from '../mail/mailer.ts';
import { migrate } from '../store/migrate.ts';
import type { Store } from '../store/store.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const MEMBERS = 40;

const iso = () => new Date().toISOString();

/** The members (each a member of the first troop on creation), and a post due now, queued. */
async function troopWithPost(store: Store): Promise<string[]> {
  const emails: string[] = [];
  for (let i = 0; i < MEMBERS; i++) {
    const email = `member${String(i).padStart(2, '0')}@troop12.org`;
    await store.query(
      'INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
      [crypto.randomUUID(), email, null, 'user', iso(), iso()],
    );
    emails.push(email);
  }
  const postId = crypto.randomUUID();
  const sendAt = iso();
  await store.query(
    `INSERT INTO newsletter_posts (id, troop_id, kind, title, body, audience, patrols, status, send_at, created_at, updated_at)
     VALUES (?, ?, 'announcement', 'Storm', 'Camp is **off**.', 'troop', '[]', 'scheduled', ?, ?, ?)`,
    [postId, FIRST_TROOP_ID, sendAt, iso(), iso()],
  );
  await enqueueJob(store, Date.now(), {
    kind: 'newsletter-send',
    dedupeKey: `newsletter-send:${postId}:${sendAt}`,
    troopId: FIRST_TROOP_ID,
    payload: { postId, sendAt },
  });
  return emails;
}

async function jobsLeft(store: Store): Promise<number> {
  const { rows } = await store.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL',
  );
  return Number(rows[0]?.n ?? 0);
}

describe.each(testStoreKinds)('a post sent through kill -9 (%s)', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  it('reaches every recipient after each restart, with at most one more copy per mail in flight at each kill, under the same Message-ID', async () => {
    const db = await sharedDatabase(kind);
    cleanup.push(db.drop);
    const peer = await startFaultyPeer();
    cleanup.push(peer.close);
    const env = {
      ...db.env,
      SMTP_URL: peer.url,
      PUBLIC_URL: 'https://troop.example',
      TIMEZONE: 'UTC',
      JOBS_POLL_MS: '100',
      JOBS_LEASE_MS: '2000',
    };
    const store = db.open();
    cleanup.push(() => store.close());
    await migrate(store);
    const emails = await troopWithPost(store);
    const start = async () => {
      const server = await startServer({ ...db.opts, port: await freePort(), env });
      cleanup.push(() => server.stop());
      return server;
    };
    const storm = () => peer.accepted.filter((m) => m.parsed.subject === 'Announcement: Storm');

    // Kill one: while the mail server holds a message, as a slow one does.
    const first = await start();
    await eventually('some mail sent', 60_000, () => storm().length >= 5);
    peer.hold();
    await eventually('a mail held in flight', 30_000, () => peer.held >= 1);
    await first.stop('SIGKILL');
    await eventually('the dead sender hangs up', 30_000, () => peer.sessionsClosed >= 1);
    peer.release();

    // Kill two: at any moment, mid-wave.
    const reached = storm().length;
    const second = await start();
    await eventually('more mail sent', 60_000, () => storm().length >= reached + 5);
    await second.stop('SIGKILL');

    await start();
    await eventually('every recipient mailed', 90_000, () => {
      const got = new Set(storm().flatMap((m) => m.rcptTo));
      return emails.every((e) => got.has(e));
    });
    await eventually('every job done', 60_000, async () => (await jobsLeft(store)) === 0);

    const copies = new Map<string, Set<string | undefined>>();
    let total = 0;
    for (const m of storm())
      for (const to of m.rcptTo) {
        total++;
        copies.set(to, (copies.get(to) ?? new Set()).add(m.parsed.messageId));
      }
    expect([...copies.keys()].sort()).toEqual(emails);
    // One id per recipient however many copies; at most one extra copy per mail in flight at
    // each of the two kills.
    for (const ids of copies.values()) expect(ids.size).toBe(1);
    expect(total - emails.length).toBeLessThanOrEqual(2 * MAIL_CONNECTIONS);
    const { rows } = await store.query<{ n: number; mailed: number }>(
      'SELECT COUNT(*) AS n, COUNT(mailed_at) AS mailed FROM newsletter_deliveries',
    );
    expect(rows.map((r) => [Number(r.n), Number(r.mailed)])).toEqual([[MEMBERS, MEMBERS]]);
  }, 240_000);
});

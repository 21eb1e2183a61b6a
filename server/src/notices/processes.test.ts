/**
 * Reminders from real server processes sharing one database (PostgreSQL when
 * TEST_DATABASE_URL is set, and one SQLite file), delivered to a real SMTP peer: two processes
 * send each reminder and each batch of new events once, and a job in flight when its process is killed is sent once by the
 * process that follows.
 */
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addHousehold } from '../../test/families.ts';
import { eventually, freePort, startServer } from '../../test/server-process.ts';
import { startFaultyPeer, type FaultyPeer } from '../../test/smtp-faults.ts';
import { sharedDatabase } from '../../test/shared-database.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { migrate } from '../store/migrate.ts';
import type { Store } from '../store/store.ts';

const iso = () => new Date().toISOString();

async function addUser(store: Store, email: string): Promise<string> {
  const id = crypto.randomUUID();
  await store.query(
    'INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)',
    [id, email, null, 'user', iso(), iso()],
  );
  return id;
}

/** An event starting in two hours (the servers run in UTC): inside everyone's 48-hour reminder. */
async function addEvent(store: Store, userId: string, name: string): Promise<string> {
  const id = crypto.randomUUID();
  const start = new Date(Date.now() + 2 * 3600_000).toISOString();
  await store.query(
    `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
    [id, userId, name, start.slice(0, 10), start.slice(11, 16), iso(), iso()],
  );
  return id;
}

async function jobsLeft(store: Store): Promise<number> {
  const { rows } = await store.query<{ n: number }>(
    'SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL',
  );
  return Number(rows[0]?.n ?? 0);
}

const recipients = (peer: FaultyPeer) =>
  peer.accepted.map((m) => `${m.rcptTo.join(',')} ${m.parsed.subject ?? ''}`).sort();

describe.each(testStoreKinds)('reminders from several server processes (%s)', (kind) => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });

  async function setUp(extraEnv: Record<string, string> = {}) {
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
      NOTICE_BATCH_MS: '2000',
      ...extraEnv,
    };
    const start = async () => {
      const server = await startServer({ ...db.opts, port: await freePort(), env });
      cleanup.push(() => server.stop());
      return server;
    };
    // Migrated and filled before any server starts, so each one's first look finds the events.
    const store = db.open();
    cleanup.push(() => store.close());
    await migrate(store);
    return { store, peer, start };
  }

  it('sends one reminder per household adult per event, and each new event once to each member in its batch, with two processes on one database', async () => {
    const { store, peer, start } = await setUp();
    const leader = await addUser(store, 'leader@troop12.org');
    const parent = await addUser(store, 'parent@troop12.org');
    const second = await addUser(store, 'second@troop12.org');
    await addHousehold(store, [parent, second], ['Sam']);
    for (const name of ['Campout', 'Service day', 'Swim test']) await addEvent(store, leader, name);
    const [first] = await Promise.all([start(), start()]);

    // Nine reminders, and at least one new-events mail for each of the two members.
    await eventually('every notice sent', 60_000, async () => peer.accepted.length >= 11);
    await eventually('every job done', 60_000, async () => (await jobsLeft(store)) === 0);
    const events = ['Campout', 'Service day', 'Swim test'];
    const reminders = recipients(peer).filter((r) => / Reminder: /.test(r));
    expect(reminders.map((r) => r.replace(/,.*$/, ''))).toEqual(
      ['leader', 'parent', 'second']
        .flatMap((who) => events.map((name) => `${who}@troop12.org Reminder: ${name}`))
        .sort(),
    );
    // Rows written straight into the database are announced too (migration 032), not to the
    // member who made them, in one mail per batch (NOTICE_BATCH_MS): each event told once to
    // each member, however the two processes shared the jobs.
    for (const who of ['leader', 'parent', 'second']) {
      const told = peer.accepted
        .filter((m) => m.rcptTo.join(',') === `${who}@troop12.org`)
        .filter((m) => /^New events?: /.test(m.parsed.subject ?? ''))
        .flatMap((m) => {
          const subject = m.parsed.subject ?? '';
          if (subject.startsWith('New event: ')) return [subject.slice('New event: '.length)];
          const lines = (m.parsed.text ?? '').split('\n');
          return events.filter((name) => lines.some((l) => l.startsWith(`${name}: `)));
        });
      expect(told.sort()).toEqual(who === 'leader' ? [] : events);
    }
    expect(first!.output()).not.toMatch(/job failed/);
  }, 120_000);

  it('sends a reminder held in flight when its process was killed once, after the restart', async () => {
    const { store, peer, start } = await setUp({ JOBS_LEASE_MS: '2000' });
    const leader = await addUser(store, 'leader@troop12.org');
    await addEvent(store, leader, 'Campout');
    peer.hold();
    const doomed = await start();
    await eventually('the reminder reaches the SMTP server', 30_000, () => peer.held === 1);

    await doomed.stop('SIGKILL');
    await eventually('the dead sender hangs up', 30_000, () => peer.sessionsClosed >= 1);
    peer.release();
    expect(peer.accepted).toHaveLength(0);

    await start();
    await eventually('the reminder is sent again', 30_000, () => peer.accepted.length >= 1);
    await eventually('every job done', 30_000, async () => (await jobsLeft(store)) === 0);
    expect(recipients(peer).map((r) => r.replace(/,.*$/, ''))).toEqual([
      'leader@troop12.org Reminder: Campout',
    ]);
    const { rows } = await store.query<{ attempts: number }>(
      "SELECT attempts FROM jobs WHERE kind = 'notice-mail'",
    );
    expect(rows.map((r) => Number(r.attempts))).toEqual([2]);
  }, 120_000);
});

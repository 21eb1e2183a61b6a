import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Store } from '../store/store.ts';
import { openTestStore } from '../../test/test-app.ts';
import { JOBS_DEFAULTS } from './jobs-config.ts';
import { enqueueJob } from './queue.ts';
import { createJobWorker } from './worker.ts';

const T0 = Date.UTC(2026, 5, 1, 12);

describe('the job worker beside the requests', () => {
  let store: Store | undefined;
  let server: http.Server | undefined;
  afterEach(async () => {
    await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
    await store?.close();
    server = undefined;
    store = undefined;
  });

  it('answers a request that comes while a long queue of jobs drains on SQLite', async () => {
    store = await openTestStore('sqlite');
    const db = store;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 3000; i++) await enqueueJob(tx, T0, { kind: 'noop' });
    });
    let ran = 0;
    const worker = createJobWorker({
      store: db,
      clock: manualClock(T0),
      config: { ...JOBS_DEFAULTS, pollMs: 0 },
      handlers: { noop: async () => void ran++ },
      logger: false,
    });
    server = http.createServer((_req, res) => res.end(String(ran)));
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;

    const draining = worker.runDue();
    const answer = await fetch(`http://127.0.0.1:${port}/`).then((r) => r.text());

    // SQLite's promises settle at once: without a turn of the event loop between jobs, the
    // request would wait for the whole queue and see every job run.
    expect(Number(answer)).toBeLessThan(3000);
    expect(await draining).toBe(3000);
  });
});

describe('jobs that do not wait on each other', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('runs neighbours of a concurrent kind side by side, at most `concurrency`, and others alone', async () => {
    store = await openTestStore('sqlite');
    const db = store;
    await db.transaction(async (tx) => {
      for (let i = 0; i < 7; i++) await enqueueJob(tx, T0 + i, { kind: 'mail' });
      await enqueueJob(tx, T0 + 7, { kind: 'fan-out' });
      await enqueueJob(tx, T0 + 8, { kind: 'mail' });
    });
    let inFlight = 0;
    const seen: Array<{ kind: string; alongside: number }> = [];
    const handler = (kind: string) => async () => {
      inFlight++;
      // Held for a turn of the event loop, as a mail waits on its server.
      await new Promise((resolve) => setTimeout(resolve, 5));
      seen.push({ kind, alongside: inFlight });
      inFlight--;
    };
    const worker = createJobWorker({
      store: db,
      clock: manualClock(T0 + 60_000),
      config: { ...JOBS_DEFAULTS, pollMs: 0 },
      handlers: { mail: handler('mail'), 'fan-out': handler('fan-out') },
      concurrent: { kinds: ['mail'], concurrency: 3 },
      logger: false,
    });
    expect(await worker.runDue()).toBe(9);
    const mails = seen.filter((s) => s.kind === 'mail').map((s) => s.alongside);
    expect(Math.max(...mails)).toBe(3);
    expect(seen.find((s) => s.kind === 'fan-out')?.alongside).toBe(1);
    const { rows } = await db.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM jobs WHERE done_at IS NOT NULL',
    );
    expect(Number(rows[0]!.n)).toBe(9);
  });
});

describe('waking the worker', () => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('runs a job queued for now at once in a polling process, and nothing where the process does not poll', async () => {
    store = await openTestStore('sqlite');
    const db = store;
    const ran: string[] = [];
    const make = (pollMs: number) =>
      createJobWorker({
        store: db,
        clock: manualClock(T0),
        config: { ...JOBS_DEFAULTS, pollMs },
        handlers: { mail: async (job) => void ran.push(String(job.payload.name)) },
        logger: false,
      });
    const quiet = make(0);
    quiet.start();
    await enqueueJob(db, T0, { kind: 'mail', payload: { name: 'first' } });
    quiet.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual([]);

    // Its next look is an hour away: only the wake can have run it.
    const polling = make(3_600_000);
    polling.start();
    polling.wake();
    await vi.waitFor(() => expect(ran).toEqual(['first']), { timeout: 10_000 });
    await polling.stop();
    await enqueueJob(db, T0, { kind: 'mail', payload: { name: 'after the stop' } });
    polling.wake();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(ran).toEqual(['first']);
  });
});

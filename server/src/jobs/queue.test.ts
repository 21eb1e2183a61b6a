import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { JOBS_DEFAULTS } from './jobs-config.ts';
import { completeJob, enqueueJob, leaseDueJobs, retryDelayMs } from './queue.ts';
import { createJobWorker, type JobHandler } from './worker.ts';

const T0 = Date.UTC(2026, 5, 1, 12);
const LEASE = 60_000;
const policy = { ...JOBS_DEFAULTS, leaseMs: LEASE, pollMs: 0, maxAttempts: 3, retryBaseMs: 1000 };

interface JobState {
  attempts: number;
  done_at: string | null;
  failed_at: string | null;
  run_at: string;
  last_error: string | null;
}

async function stateOf(store: Store, kind: string): Promise<JobState[]> {
  return (
    await store.query<JobState>(
      'SELECT attempts, done_at, failed_at, run_at, last_error FROM jobs WHERE kind = ? ORDER BY run_at',
      [kind],
    )
  ).rows.map((r) => ({ ...r, attempts: Number(r.attempts) }));
}

describe.each(testStoreKinds)('durable jobs (%s)', (kind) => {
  let store: Store | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it('keeps one job per dedupe key, whoever schedules it and even after it ran', async () => {
    store = await openTestStore(kind);
    const s = store;
    const results = await Promise.all(
      [1, 2, 3, 4].map(() => enqueueJob(s, T0, { kind: 'mail', dedupeKey: 'reminder:e1:h1' })),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
    const [job] = await leaseDueJobs(s, { now: T0, leaseMs: LEASE, workerId: 'a', limit: 10 });
    expect(job).toBeDefined();
    expect(await completeJob(s, job!, 'a', T0)).toBe(true);
    expect(await enqueueJob(s, T0 + 1, { kind: 'mail', dedupeKey: 'reminder:e1:h1' })).toBe(false);
    expect(await stateOf(s, 'mail')).toHaveLength(1);
  });

  it('leases each due job to one worker only, and none before it is due', async () => {
    store = await openTestStore(kind);
    const s = store;
    for (let i = 0; i < 12; i++) await enqueueJob(s, T0, { kind: 'mail', payload: { i } });
    await enqueueJob(s, T0, { kind: 'mail', runAt: T0 + 10_000 });
    const leases = await Promise.all(
      ['a', 'b', 'c'].map((workerId) =>
        leaseDueJobs(s, { now: T0, leaseMs: LEASE, workerId, limit: 5 }),
      ),
    );
    const ids = leases.flat().map((j) => j.id);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(await leaseDueJobs(s, { now: T0, leaseMs: LEASE, workerId: 'd', limit: 5 })).toEqual([]);
    const later = await leaseDueJobs(s, {
      now: T0 + 10_000,
      leaseMs: LEASE,
      workerId: 'd',
      limit: 5,
    });
    expect(later).toHaveLength(1);
  });

  it('gives the job of a worker that stopped answering to another once the lease runs out', async () => {
    store = await openTestStore(kind);
    const s = store;
    await enqueueJob(s, T0, { kind: 'mail', payload: { to: 'parent@troop12.org' } });
    const [held] = await leaseDueJobs(s, { now: T0, leaseMs: LEASE, workerId: 'a', limit: 1 });
    expect(held?.payload).toEqual({ to: 'parent@troop12.org' });
    const early = { now: T0 + LEASE - 1, leaseMs: LEASE, workerId: 'b', limit: 1 };
    expect(await leaseDueJobs(s, early)).toEqual([]);
    const [retaken] = await leaseDueJobs(s, { ...early, now: T0 + LEASE });
    expect(retaken?.id).toBe(held?.id);
    expect(retaken?.attempts).toBe(2);
    // The first worker came back too late: its lease is gone, the new holder finishes.
    expect(await completeJob(s, held!, 'a', T0 + LEASE + 1)).toBe(false);
    expect(await completeJob(s, retaken!, 'b', T0 + LEASE + 1)).toBe(true);
    expect((await stateOf(s, 'mail'))[0]?.done_at).not.toBeNull();
  });

  it('does not send a job of its batch that outlived its lease and was taken by another worker', async () => {
    store = await openTestStore(kind);
    const s = store;
    const clock = manualClock(T0);
    for (let n = 1; n <= 3; n++) await enqueueJob(s, T0, { kind: 'mail', payload: { n } });
    const sentByA: unknown[] = [];
    let takenByB: string[] = [];
    const worker = createJobWorker({
      store: s,
      clock,
      config: policy,
      handlers: {
        // A mail server that takes 40 s a message, within its time limits: the third job of
        // the batch is reached 80 s after the batch was leased, past its 60 s lease.
        mail: async (job) => {
          sentByA.push(job.payload.n);
          clock.advance(40_000);
          if (sentByA.length === 2)
            takenByB = (
              await leaseDueJobs(s, { now: clock.now(), leaseMs: LEASE, workerId: 'b', limit: 10 })
            ).map((j) => j.id);
        },
      },
      logger: false,
    });
    await worker.runDue();
    // The second job's lease was renewed before it ran, so the other worker took only the third,
    // and the first worker left that one to it.
    expect(sentByA).toHaveLength(2);
    expect(takenByB).toHaveLength(1);
    const { rows } = await s.query<{ id: string; done_at: string | null; leased_by: string }>(
      'SELECT id, done_at, leased_by FROM jobs WHERE kind = ?',
      ['mail'],
    );
    const third = rows.find((r) => r.id === takenByB[0]);
    expect(third).toMatchObject({ done_at: null, leased_by: 'b' });
    expect(rows.filter((r) => r.done_at !== null)).toHaveLength(2);
  });

  it('retries a failing job after 1, 2 ... base pauses and marks it failed after the last attempt', async () => {
    store = await openTestStore(kind);
    const clock = manualClock(T0);
    let calls = 0;
    const failing: JobHandler = async () => {
      calls++;
      throw new Error('421 SMTP server busy');
    };
    const worker = createJobWorker({
      store,
      clock,
      config: policy,
      handlers: { mail: failing },
      logger: false,
    });
    await enqueueJob(store, T0, { kind: 'mail' });

    await worker.runDue();
    let [job] = await stateOf(store, 'mail');
    expect(job).toMatchObject({ attempts: 1, done_at: null, failed_at: null });
    expect(job?.last_error).toBe('421 SMTP server busy');
    expect(job?.run_at).toBe(new Date(T0 + 1000).toISOString());

    clock.advance(999);
    expect(await worker.runDue()).toBe(0);
    clock.advance(1);
    await worker.runDue();
    [job] = await stateOf(store, 'mail');
    expect(job?.run_at).toBe(new Date(T0 + 1000 + 2000).toISOString());

    clock.advance(2000);
    await worker.runDue();
    [job] = await stateOf(store, 'mail');
    expect(job).toMatchObject({ attempts: 3, done_at: null });
    expect(job?.failed_at).not.toBeNull();
    clock.advance(3600_000);
    expect(await worker.runDue()).toBe(0);
    expect(calls).toBe(3);
  });

  it('runs a due job once, marks it done, and sends a recovered job after its retry', async () => {
    store = await openTestStore(kind);
    const clock = manualClock(T0);
    const sent: unknown[] = [];
    let smtpDown = true;
    const worker = createJobWorker({
      store,
      clock,
      config: policy,
      handlers: {
        mail: async (job) => {
          if (smtpDown) throw new Error('connect ECONNREFUSED');
          sent.push(job.payload);
        },
      },
      logger: false,
    });
    await enqueueJob(store, T0, { kind: 'mail', payload: { n: 1 } });
    await worker.runDue();
    expect(sent).toEqual([]);
    smtpDown = false;
    clock.advance(1000);
    await worker.runDue();
    await worker.runDue();
    expect(sent).toEqual([{ n: 1 }]);
    expect((await stateOf(store, 'mail'))[0]).toMatchObject({ attempts: 2 });
  });

  it('postpones a job that is not due after all without counting an attempt', async () => {
    store = await openTestStore(kind);
    const clock = manualClock(T0);
    let runs = 0;
    const worker = createJobWorker({
      store,
      clock,
      config: policy,
      handlers: {
        mail: async () => {
          runs++;
          return runs === 1 ? { postponeUntil: T0 + 5000 } : undefined;
        },
      },
      logger: false,
    });
    await enqueueJob(store, T0, { kind: 'mail' });
    await worker.runDue();
    expect((await stateOf(store, 'mail'))[0]).toMatchObject({ attempts: 0, done_at: null });
    clock.advance(5000);
    await worker.runDue();
    expect(runs).toBe(2);
    expect((await stateOf(store, 'mail'))[0]?.done_at).not.toBeNull();
  });

  it('sends the mails of a wave before the rest of the wave has fanned out', async () => {
    store = await openTestStore(kind);
    const s = store;
    // 50 fan-out jobs due since T0, run a minute later: each schedules its mail for "now".
    const clock = manualClock(T0 + 60_000);
    const ran: string[] = [];
    const worker = createJobWorker({
      store: s,
      clock,
      config: policy,
      firstKinds: ['mail'],
      handlers: {
        'fan-out': async (job) => {
          ran.push('fan-out');
          await enqueueJob(s, clock.now(), { kind: 'mail', dedupeKey: `mail:${job.id}` });
        },
        mail: async () => void ran.push('mail'),
      },
      logger: false,
    });
    for (let i = 0; i < 50; i++) await enqueueJob(s, T0, { kind: 'fan-out', runAt: T0 });
    expect(await worker.runDue()).toBe(100);
    expect(ran.filter((k) => k === 'mail')).toHaveLength(50);
    // Leased 10 at a time: the first batch's mails go before the second batch of fan-outs.
    expect(ran.indexOf('mail')).toBeLessThan(ran.lastIndexOf('fan-out'));
    expect(ran.indexOf('mail')).toBe(10);
  });
});

describe('retry pauses', () => {
  it('double with each failed run up to the cap', () => {
    const p = { maxAttempts: 10, retryBaseMs: 60_000, retryMaxMs: 3600_000 };
    expect([1, 2, 3, 4, 7, 9].map((a) => retryDelayMs(a, p))).toEqual([
      60_000, 120_000, 240_000, 480_000, 3600_000, 3600_000,
    ]);
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Queryable, Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { JOBS_DEFAULTS } from './jobs-config.ts';
import { completeJob, enqueueJob, leaseDueJobs } from './queue.ts';
import { createJobWorker, type JobHandler } from './worker.ts';

const T0 = Date.UTC(2026, 5, 1, 12);
const LEASE = 60_000;
const policy = { ...JOBS_DEFAULTS, leaseMs: LEASE, pollMs: 0, maxAttempts: 3, retryBaseMs: 1000 };

interface JobRow {
  kind: string;
  dedupe_key: string | null;
  done_at: string | null;
  failed_at: string | null;
  leased_by: string | null;
  last_error: string | null;
}

async function jobsOf(db: Queryable, kind: string): Promise<JobRow[]> {
  const { rows } = await db.query<JobRow>(
    'SELECT kind, dedupe_key, done_at, failed_at, leased_by, last_error FROM jobs WHERE kind = ? ORDER BY dedupe_key',
    [kind],
  );
  return rows;
}

describe.each(testStoreKinds)("a job marked done in its handler's transaction (%s)", (kind) => {
  let store: Store;
  beforeAll(async () => {
    store = await openTestStore(kind);
  });
  afterAll(async () => {
    await store.close();
  });
  beforeEach(async () => {
    await store.query('DELETE FROM jobs');
  });

  const workerWith = (handlers: Record<string, JobHandler>, clock = manualClock(T0)) =>
    createJobWorker({ store, clock, config: policy, handlers, logger: false });

  /** A write of the handler's own: a job due long after every test's clock. */
  const followUp = (tx: Queryable, jobId: string) =>
    enqueueJob(tx, T0, {
      kind: 'follow-up',
      dedupeKey: `after:${jobId}`,
      runAt: T0 + 1000 * LEASE,
    });

  it('marks a job done in the transaction of its handler, and never runs it again', async () => {
    let runs = 0;
    const clock = manualClock(T0);
    const worker = workerWith(
      {
        step: async (job, run) => {
          runs++;
          await run!.doneWith(async (tx) => {
            // Inside the transaction the job is already marked done by this worker.
            const [self] = await jobsOf(tx, 'step');
            expect(self?.done_at).not.toBeNull();
            await followUp(tx, job.id);
          });
        },
      },
      clock,
    );
    await enqueueJob(store, T0, { kind: 'step', dedupeKey: 'step:1' });
    expect(await worker.runDue()).toBe(1);
    expect(await jobsOf(store, 'step')).toMatchObject([{ failed_at: null, leased_by: worker.id }]);
    expect((await jobsOf(store, 'step'))[0]?.done_at).not.toBeNull();
    expect(await jobsOf(store, 'follow-up')).toHaveLength(1);
    // Long after its lease would have run out, nobody takes it again.
    clock.advance(10 * LEASE);
    await worker.runDue();
    const later = { now: clock.now(), leaseMs: LEASE, workerId: 'b', limit: 10 };
    expect((await leaseDueJobs(store, later)).filter((j) => j.kind === 'step')).toEqual([]);
    expect(runs).toBe(1);
  });

  it('keeps neither the writes nor the done mark of a handler that fails in its transaction, and runs it again', async () => {
    const clock = manualClock(T0);
    let runs = 0;
    const worker = workerWith(
      {
        step: async (job, run) => {
          runs++;
          await run!.doneWith(async (tx) => {
            await followUp(tx, job.id);
            if (runs === 1) throw new Error('the process died here');
          });
        },
      },
      clock,
    );
    await enqueueJob(store, T0, { kind: 'step' });
    await worker.runDue();
    expect(await jobsOf(store, 'follow-up')).toEqual([]);
    expect((await jobsOf(store, 'step'))[0]).toMatchObject({ done_at: null, failed_at: null });
    clock.advance(policy.retryBaseMs);
    expect(await worker.runDue()).toBe(1);
    expect(runs).toBe(2);
    expect(await jobsOf(store, 'follow-up')).toHaveLength(1);
    expect((await jobsOf(store, 'step'))[0]?.done_at).not.toBeNull();
  });

  it('writes nothing for a job another worker took after its lease ran out, and leaves it to that worker', async () => {
    const clock = manualClock(T0);
    let takenByB: Awaited<ReturnType<typeof leaseDueJobs>> = [];
    const worker = workerWith(
      {
        step: async (job, run) => {
          // This worker stalled past its lease, and another took the job meanwhile.
          clock.advance(LEASE);
          takenByB = await leaseDueJobs(store, {
            now: clock.now(),
            leaseMs: LEASE,
            workerId: 'b',
            limit: 10,
          });
          await run!.doneWith((tx) => followUp(tx, job.id));
        },
      },
      clock,
    );
    await enqueueJob(store, T0, { kind: 'step' });
    await worker.runDue();
    expect(takenByB).toHaveLength(1);
    expect(await jobsOf(store, 'follow-up')).toEqual([]);
    expect((await jobsOf(store, 'step'))[0]).toMatchObject({
      done_at: null,
      failed_at: null,
      leased_by: 'b',
    });
    expect(await completeJob(store, takenByB[0]!, 'b', clock.now())).toBe(true);
  });

  it('does not fail or run again a job whose handler throws after its transaction committed', async () => {
    const clock = manualClock(T0);
    let runs = 0;
    const worker = workerWith(
      {
        step: async (_job, run) => {
          runs++;
          await run!.doneWith(async () => undefined);
          throw new Error('a step after the commit failed');
        },
      },
      clock,
    );
    await enqueueJob(store, T0, { kind: 'step' });
    await worker.runDue();
    clock.advance(10 * LEASE);
    await worker.runDue();
    expect(runs).toBe(1);
    const [job] = await jobsOf(store, 'step');
    expect(job?.done_at).not.toBeNull();
    expect(job).toMatchObject({ failed_at: null, last_error: null });
  });
});

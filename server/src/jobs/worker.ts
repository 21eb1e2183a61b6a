/**
 * The job worker that runs in every server process (docs/decisions/052-durable-jobs.md): every
 * `pollMs` it leases the due jobs (queue.ts), runs each by its kind's handler and marks it done,
 * or schedules a retry with backoff when the handler throws. Periodic tasks (the reminder scan)
 * ride on the same loop. `stop()` waits for the run in progress, so a closing server does not
 * leave a job half-handled longer than needed; a job cut off by a crash is taken again when its
 * lease runs out.
 */
import crypto from 'node:crypto';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Logger } from 'pino';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/store.ts';
import type { JobsConfig } from './jobs-config.ts';
import {
  completeJob,
  failJobRun,
  leaseDueJobs,
  postponeJob,
  renewLease,
  type LeasedJob,
} from './queue.ts';

/** What a handler may answer instead of finishing: run me again at this time. */
export interface Postpone {
  postponeUntil: number;
}

export type JobHandler = (job: LeasedJob) => Promise<void | Postpone>;

export interface PeriodicTask {
  name: string;
  everyMs: number;
  run(): Promise<void>;
}

export interface JobWorkerOptions {
  store: Store;
  clock: Clock;
  config: JobsConfig;
  handlers: Record<string, JobHandler>;
  /** Kinds leased before any other due job (mail before the fan-out that schedules it). */
  firstKinds?: readonly string[];
  /**
   * Kinds whose jobs do not depend on each other (one mail per person): neighbours of a leased
   * batch run `concurrency` at a time, so their waits on a mail server overlap. Others run alone,
   * in order.
   */
  concurrent?: { kinds: readonly string[]; concurrency: number };
  periodic?: PeriodicTask[];
  logger?: Pick<Logger, 'warn' | 'error'> | false;
}

export interface JobWorker {
  readonly id: string;
  /** Runs periodic tasks that are due, then leases and runs due jobs until none are left. */
  runDue(): Promise<number>;
  /**
   * Runs the due jobs now rather than at the next poll, for work a request just queued and a
   * person waits on; nothing in a process that does not poll (pollMs 0) or has stopped.
   */
  wake(): void;
  /** Starts polling every `pollMs` (nothing when pollMs is 0). */
  start(): void;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/** Jobs leased per statement: small, so a slow SMTP server does not hold many leases. */
const LEASE_BATCH = 10;

export function createJobWorker(opts: JobWorkerOptions): JobWorker {
  const id = `${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
  const { store, clock, config } = opts;
  const lastRun = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  const warn = (obj: Record<string, unknown>, msg: string) => {
    if (opts.logger) opts.logger.warn(obj, msg);
  };

  async function runPeriodic() {
    for (const task of opts.periodic ?? []) {
      const now = clock.now();
      const last = lastRun.get(task.name);
      if (last !== undefined && now - last < task.everyMs) continue;
      lastRun.set(task.name, now);
      try {
        await task.run();
      } catch (err) {
        warn({ task: task.name, err: (err as Error).message }, 'periodic task failed');
      }
    }
  }

  async function runOne(job: LeasedJob) {
    const handler = opts.handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      const outcome = await handler(job);
      if (outcome) await postponeJob(store, job, id, outcome.postponeUntil);
      else await completeJob(store, job, id, clock.now());
    } catch (err) {
      const message = (err as Error).message || String(err);
      const result = await failJobRun(store, job, id, clock.now(), message, config);
      warn(
        { job: job.id, kind: job.kind, attempts: job.attempts, err: message, result },
        result === 'failed' ? 'job failed for good' : 'job failed; will retry',
      );
    }
  }

  async function drain(): Promise<number> {
    await runPeriodic();
    let count = 0;
    while (!stopped) {
      const leasedAt = clock.now();
      const jobs = await leaseDueJobs(store, {
        now: leasedAt,
        leaseMs: config.leaseMs,
        workerId: id,
        limit: LEASE_BATCH,
        ...(opts.firstKinds && { firstKinds: opts.firstKinds }),
      });
      if (jobs.length === 0) break;
      for (const group of runGroups(jobs, opts.concurrent)) {
        const ran = await Promise.all(
          group.map(async (job) => {
            // A job reached late in its batch gets its lease renewed first, and is left alone
            // if another worker took it meanwhile: it would otherwise be sent by both. Most
            // batches end long before half their lease, and pay nothing for this.
            const now = clock.now();
            const late = now - leasedAt >= config.leaseMs / 2;
            if (late && !(await renewLease(store, job, id, now, config.leaseMs))) return 0;
            await runOne(job);
            return 1;
          }),
        );
        count += ran.reduce<number>((a, b) => a + b, 0);
        // SQLite answers on this thread and its promises settle at once, so a long queue would
        // hold the requests waiting behind it: let them in between jobs.
        await yieldToRequests();
      }
    }
    return count;
  }

  function runDue(): Promise<number> {
    // One run at a time per process: a poll that comes while a run is going joins it.
    running ??= drain().finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || config.pollMs === 0) return;
    timer = setTimeout(() => {
      runDue()
        .catch((err: Error) => warn({ err: err.message }, 'job poll failed'))
        .finally(schedule);
    }, config.pollMs);
    timer.unref();
  }

  return {
    id,
    runDue,
    wake() {
      if (stopped || config.pollMs === 0 || timer === undefined) return;
      runDue().catch((err: Error) => warn({ err: err.message }, 'job run failed'));
    },
    start() {
      stopped = false;
      schedule();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => undefined);
    },
  };
}

/**
 * A leased batch cut into what runs together: each job alone, but neighbours of the concurrent
 * kinds in groups of up to `concurrency`.
 */
export function runGroups(
  jobs: readonly LeasedJob[],
  concurrent: JobWorkerOptions['concurrent'],
): LeasedJob[][] {
  const together = new Set(concurrent?.kinds ?? []);
  const limit = Math.max(1, concurrent?.concurrency ?? 1);
  const groups: LeasedJob[][] = [];
  for (const job of jobs) {
    const last = groups.at(-1);
    const joins =
      last !== undefined &&
      together.has(job.kind) &&
      together.has(last[0]!.kind) &&
      last.length < limit;
    if (joins) last.push(job);
    else groups.push([job]);
  }
  return groups;
}

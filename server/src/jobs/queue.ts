/**
 * Durable jobs in the `jobs` table (docs/decisions/052-durable-jobs.md). Work that must happen
 * once even when a process dies or several processes share one database (mail above all) is
 * written here first; a worker (worker.ts) leases it, runs it and marks it done.
 *
 * - A job may carry a `dedupe_key`: scheduling the same key again, from any process, is a no-op,
 *   so "one reminder per household per occurrence" is a property of the table, not of timing.
 * - Leasing is one statement: PostgreSQL skips rows another worker holds (`FOR UPDATE SKIP
 *   LOCKED`), SQLite has a single writer, so two workers never lease the same job at once.
 * - A lease runs out: the job of a worker that died is taken again after `leaseMs`.
 * - A failed run is tried again after a growing pause (`retryDelayMs`), and is marked failed
 *   after `maxAttempts` runs. Each lease counts as an attempt, so a job that crashes its process
 *   every time also ends.
 */
import crypto from 'node:crypto';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';

export interface NewJob {
  kind: string;
  payload?: Record<string, unknown>;
  /** At most one job ever exists with this key; absent: no deduplication. */
  dedupeKey?: string;
  /** When the job becomes due (epoch ms); absent: now. */
  runAt?: number;
  /**
   * The troop the job works for (docs/decisions/065-troops.md); absent: the platform's own work.
   * A dedupe key of a troop's job names the troop, so two troops' jobs never meet.
   */
  troopId?: string;
}

export interface LeasedJob {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  dedupeKey: string | null;
  /** Runs so far, this one included. */
  attempts: number;
  /** The troop it works for; null for the platform's own work. */
  troopId: string | null;
}

export interface RetryPolicy {
  maxAttempts: number;
  retryBaseMs: number;
  retryMaxMs: number;
}

interface JobRow {
  id: string;
  kind: string;
  payload: string;
  dedupe_key: string | null;
  attempts: number;
  troop_id: string | null;
}

/** The columns of a new job's row, in the order of newJobValues. */
export const NEW_JOB_COLUMNS = 'id, kind, payload, dedupe_key, run_at, created_at, troop_id';

/**
 * The values of a new job's row, in NEW_JOB_COLUMNS order: for enqueueJob, and for a statement
 * that writes a job together with another row (notices/batches.ts).
 */
export function newJobValues(now: number, job: NewJob): unknown[] {
  return [
    crypto.randomUUID(),
    job.kind,
    JSON.stringify(job.payload ?? {}),
    job.dedupeKey ?? null,
    isoInstant(job.runAt ?? now),
    isoInstant(now),
    job.troopId ?? null,
  ];
}

/** Schedules a job; false when a job with the same dedupe key already exists (done or not). */
export async function enqueueJob(db: Queryable, now: number, job: NewJob): Promise<boolean> {
  const res = await db.query(
    `INSERT INTO jobs (${NEW_JOB_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (dedupe_key) DO NOTHING`,
    newJobValues(now, job),
  );
  return res.rowCount > 0;
}

/** The payload of the job scheduled under `dedupeKey`, done or not; null when there is none. */
export async function payloadOfKey(
  db: Queryable,
  dedupeKey: string,
): Promise<Record<string, unknown> | null> {
  const res = await db.query<{ payload: string }>('SELECT payload FROM jobs WHERE dedupe_key = ?', [
    dedupeKey,
  ]);
  return res.rows[0] ? parsePayload(res.rows[0].payload) : null;
}

/**
 * Leases up to `limit` due jobs for `workerId` until `now + leaseMs`, in one statement: a job is
 * due when it is neither done nor failed, its time has come and no live lease holds it.
 *
 * Due jobs of `firstKinds` are leased before all others, then the oldest first. A fan-out job
 * schedules its mails for "now", later than every fan-out job already due: in time order, a
 * wave's mails would wait until the whole wave had fanned out.
 */
export async function leaseDueJobs(
  db: Queryable,
  opts: {
    now: number;
    leaseMs: number;
    workerId: string;
    limit: number;
    firstKinds?: readonly string[];
  },
): Promise<LeasedJob[]> {
  const lock = db.dialect === 'postgres' ? ' FOR UPDATE SKIP LOCKED' : '';
  const now = isoInstant(opts.now);
  const first = opts.firstKinds ?? [];
  const firstOrder = first.length
    ? `CASE WHEN kind IN (${first.map(() => '?').join(', ')}) THEN 0 ELSE 1 END, `
    : '';
  const res = await db.query<JobRow>(
    `UPDATE jobs SET lease_until = ?, leased_by = ?, attempts = attempts + 1
     WHERE id IN (
       SELECT id FROM jobs
       WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ?
         AND (lease_until IS NULL OR lease_until <= ?)
       ORDER BY ${firstOrder}run_at, id
       LIMIT ?${lock}
     )
     RETURNING id, kind, payload, dedupe_key, attempts, troop_id`,
    [isoInstant(opts.now + opts.leaseMs), opts.workerId, now, now, ...first, opts.limit],
  );
  return res.rows
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      payload: parsePayload(r.payload),
      dedupeKey: r.dedupe_key,
      attempts: Number(r.attempts),
      troopId: r.troop_id,
    }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
}

function parsePayload(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * Marks a leased job done. Guarded by the lease holder: a worker whose lease ran out and was
 * taken over does not overwrite the new holder's state. False when the lease was lost.
 */
export async function completeJob(
  db: Queryable,
  job: Pick<LeasedJob, 'id'>,
  workerId: string,
  now: number,
): Promise<boolean> {
  const res = await db.query(
    'UPDATE jobs SET done_at = ?, lease_until = NULL WHERE id = ? AND leased_by = ? AND done_at IS NULL',
    [isoInstant(now), job.id, workerId],
  );
  return res.rowCount > 0;
}

/**
 * Extends a leased job's lease to `now + leaseMs` before it runs, if this worker still holds it.
 * A job that waited in its batch behind slow ones (a mail server answering at the edge of its
 * time limits) may have outlived its lease and been leased by another worker, which then sends
 * it: this worker must not send it too. False when the lease was lost.
 */
export async function renewLease(
  db: Queryable,
  job: Pick<LeasedJob, 'id'>,
  workerId: string,
  now: number,
  leaseMs: number,
): Promise<boolean> {
  // Leasing sets leased_by in the same statement, so a job still leased by us was taken by nobody.
  const res = await db.query(
    `UPDATE jobs SET lease_until = ?
     WHERE id = ? AND leased_by = ? AND done_at IS NULL AND failed_at IS NULL`,
    [isoInstant(now + leaseMs), job.id, workerId],
  );
  return res.rowCount > 0;
}

/** The pause before run `attempts + 1`: base, 2 x base, 4 x base ... capped at `retryMaxMs`. */
export function retryDelayMs(attempts: number, policy: RetryPolicy): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(policy.retryMaxMs, policy.retryBaseMs * 2 ** Math.min(exponent, 30));
}

/**
 * A run failed: the job is due again after the backoff, or failed for good once it has used
 * `maxAttempts` runs. Returns what happened.
 */
export async function failJobRun(
  db: Queryable,
  job: Pick<LeasedJob, 'id' | 'attempts'>,
  workerId: string,
  now: number,
  error: string,
  policy: RetryPolicy,
): Promise<'retry' | 'failed'> {
  const message = error.slice(0, 1000);
  if (job.attempts >= policy.maxAttempts) {
    await db.query(
      'UPDATE jobs SET failed_at = ?, lease_until = NULL, last_error = ? WHERE id = ? AND leased_by = ?',
      [isoInstant(now), message, job.id, workerId],
    );
    return 'failed';
  }
  await db.query(
    'UPDATE jobs SET run_at = ?, lease_until = NULL, last_error = ? WHERE id = ? AND leased_by = ?',
    [isoInstant(now + retryDelayMs(job.attempts, policy)), message, job.id, workerId],
  );
  return 'retry';
}

/**
 * The job is not due yet after all (an event moved later): it runs again at `runAt`, and this
 * run does not count as an attempt.
 */
export async function postponeJob(
  db: Queryable,
  job: Pick<LeasedJob, 'id'>,
  workerId: string,
  runAt: number,
): Promise<void> {
  await db.query(
    'UPDATE jobs SET run_at = ?, lease_until = NULL, attempts = attempts - 1 WHERE id = ? AND leased_by = ?',
    [isoInstant(runAt), job.id, workerId],
  );
}

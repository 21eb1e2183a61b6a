/**
 * The job worker's settings (docs/operations.md, Jobs and reminders). Every variable has a
 * default; a bad value stops the start with one line naming it.
 */
import { bool } from '../config-values.ts';
import { wholeNumber, type Env } from '../env-values.ts';

export interface JobsConfig {
  /** JOBS_POLL_MS: how often a process looks for due jobs; 0 runs no worker in this process. */
  pollMs: number;
  /** JOBS_LEASE_MS: how long a job is held by the worker running it before another may take it. */
  leaseMs: number;
  /** JOBS_MAX_ATTEMPTS: runs before a job is marked failed. */
  maxAttempts: number;
  /** JOBS_RETRY_BASE_MS: the pause after the first failed run; it doubles with each failure. */
  retryBaseMs: number;
  /** The longest pause between runs (6 hours). */
  retryMaxMs: number;
  /**
   * JOBS_THREAD: run the worker on a thread of its own (job-thread.ts), off the thread that
   * answers requests; off by default, as the thread holds about 26 MB more.
   */
  thread?: boolean;
}

export const JOBS_DEFAULTS: JobsConfig = {
  pollMs: 5_000,
  leaseMs: 5 * 60_000,
  maxAttempts: 8,
  retryBaseMs: 60_000,
  retryMaxMs: 6 * 3600_000,
};

export function parseJobsConfig(env: Env): JobsConfig {
  return {
    pollMs: wholeNumber(env, 'JOBS_POLL_MS', JOBS_DEFAULTS.pollMs, 0, 3600_000),
    leaseMs: wholeNumber(env, 'JOBS_LEASE_MS', JOBS_DEFAULTS.leaseMs, 1000, 24 * 3600_000),
    maxAttempts: wholeNumber(env, 'JOBS_MAX_ATTEMPTS', JOBS_DEFAULTS.maxAttempts, 1, 100),
    retryBaseMs: wholeNumber(
      env,
      'JOBS_RETRY_BASE_MS',
      JOBS_DEFAULTS.retryBaseMs,
      10,
      24 * 3600_000,
    ),
    retryMaxMs: JOBS_DEFAULTS.retryMaxMs,
    thread: bool('JOBS_THREAD', env.JOBS_THREAD, false),
  };
}

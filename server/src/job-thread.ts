/**
 * The job worker on a thread of its own (docs/decisions/052-durable-jobs.md). With JOBS_THREAD,
 * main.ts starts it beside the HTTP server, so the notice work a write schedules never takes the thread that
 * answers requests: SQLite answers on the calling thread, and a worker there ran its jobs between
 * requests. The thread opens its own store connection (a PostgreSQL pool of two) and mailer;
 * leases in the jobs table keep each job to one worker, as between processes. Closing asks the
 * thread to finish the job in hand, close its store and end.
 */
import { parentPort, Worker } from 'node:worker_threads';
import type { Logger } from 'pino';
import { loadConfig } from './config.ts';
import type { Env } from './env-values.ts';
import { createAppJobWorker } from './job-worker.ts';
import { openLogger } from './logger.ts';
import { openJobDeps } from './wiring.ts';

/** What the thread posts once its worker polls, so a start is known to have worked. */
const READY = 'jobs-ready';
const STOP = 'jobs-stop';

export interface JobThread {
  /** Lets the job in hand finish, then ends the thread. */
  close(): Promise<void>;
}

/**
 * Starts `entry` (the server's main module, which calls runJobThread off the main thread) as the
 * job thread, and resolves once its worker runs. A thread that fails ends the process, as an
 * uncaught error would, so a supervisor restarts a server that could no longer send its mail.
 */
export async function startJobThread(entry: URL, logger: Logger): Promise<JobThread> {
  // Run from source, a thread does not inherit the tsx loader of its parent: it registers it.
  const thread = entry.pathname.endsWith('.ts')
    ? new Worker(
        `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`,
        { eval: true },
      )
    : new Worker(entry);
  let closing = false;
  const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
  thread.on('error', (err) => {
    logger.error({ err: err.message }, 'the job thread failed');
    logger.flush();
    process.exit(1);
  });
  thread.on('exit', (code) => {
    if (closing) return;
    logger.error({ code }, 'the job thread ended');
    logger.flush();
    process.exit(1);
  });
  await new Promise<void>((resolve) =>
    thread.on('message', (m) => {
      if (m === READY) resolve();
    }),
  );
  return {
    async close() {
      closing = true;
      thread.postMessage(STOP);
      await exited;
    },
  };
}

/** The thread's side: its own configuration, store and worker, until the main thread says stop. */
export async function runJobThread(env: Env): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('runJobThread runs on a worker thread');
  const config = loadConfig(env);
  const logger = openLogger(
    config.logLevel,
    1,
    Object.values(config.ai.providers).map((p) => p?.apiKey),
  );
  const deps = await openJobDeps(config, logger);
  const worker = createAppJobWorker(deps);
  port.on('message', (m) => {
    if (m !== STOP) return;
    void (async () => {
      await worker.stop();
      await deps.mail.close?.();
      await deps.store.close();
      logger.flush();
      port.close();
    })();
  });
  worker.start();
  port.postMessage(READY);
}

/**
 * JOBS_THREAD (job-thread.ts): the real server process runs its job worker on a thread of its
 * own, which takes due jobs once each, and a SIGTERM ends the thread with the process, cleanly.
 */
import crypto from 'node:crypto';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import {
  eventually,
  freePort,
  serverOptions,
  startServer,
  type RunningServer,
} from '../test/server-process.ts';
import { enqueueJob } from './jobs/queue.ts';
import { JOB_KINDS } from './notices/job-kinds.ts';
import { openSqliteStore } from './store/sqlite.ts';
import type { Store } from './store/store.ts';

let server: RunningServer | undefined;
let store: Store | undefined;
afterEach(async () => {
  await server?.stop('SIGKILL');
  await store?.close();
  server = store = undefined;
});

interface JobState {
  done_at: string | null;
  attempts: number;
  last_error: string | null;
}

it('runs due jobs on its thread, each once, and stops with the process', async () => {
  const opts = serverOptions();
  server = await startServer({
    ...opts,
    port: await freePort(),
    env: { JOBS_THREAD: 'true', JOBS_POLL_MS: '100' },
  });
  store = openSqliteStore(path.join(opts.dataDir, 'scout.db'));
  const db = store;
  // A new-event job whose event is gone: the handler has nothing to tell, and the job is done.
  const keys = ['a', 'b', 'c'].map((k) => `thread-test:${k}`);
  for (const dedupeKey of keys)
    await enqueueJob(db, Date.now(), {
      kind: JOB_KINDS.eventCreated,
      payload: { eventId: crypto.randomUUID() },
      dedupeKey,
    });
  const states = async () =>
    (
      await db.query<JobState>(
        `SELECT done_at, attempts, last_error FROM jobs WHERE dedupe_key IN (?, ?, ?)`,
        keys,
      )
    ).rows;
  await eventually('the jobs are done', 30_000, async () =>
    (await states()).every((j) => j.done_at !== null),
  );
  expect((await states()).map((j) => [j.attempts, j.last_error])).toEqual([
    [1, null],
    [1, null],
    [1, null],
  ]);

  await server.stop('SIGTERM');
  expect(server.exitCode()).toBe(0);
  expect(server.output()).not.toMatch(/job thread|"level":50/);
});

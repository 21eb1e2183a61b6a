import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
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

/**
 * `npm run bench:sign-in`: sign-in under load, in one run.
 *
 * - Floor: the raw argon2id verify rate of this machine with the server's parameters, as many
 *   verifies at once as there are cores, measured in this process while nothing else runs.
 * - Ours: sign-ins per second through the compiled server (each one an argon2id verify plus the
 *   session it creates), driven by as many concurrent clients, spread over enough accounts that
 *   the per-email limit does not bind.
 * - The event loop: p99 of a Data API list request (20 calendar events) while idle and during
 *   the sign-in storm. Goals: throughput >= 0.8x the floor, p99 during the storm <= 3x idle.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { verify } from '@node-rs/argon2';
import { createUserWithRole } from '../server/src/admin/users.ts';
import { ARGON2_OPTIONS, hashPassword } from '../server/src/auth/passwords.ts';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { openSqliteStore } from '../server/src/store/sqlite.ts';
import { noticesLongSent } from './bench-stores.ts';
import { freePort, startProcess, stopAll, waitFor } from './processes.ts';

const SECONDS = Number(process.env.BENCH_DURATION || 8);
const ACCOUNTS = 600;
const PASSWORD = 'storm-password-2026';
const cores = os.availableParallelism();

async function seed(dataDir: string) {
  const store = openSqliteStore(path.join(dataDir, 'scout.db'));
  try {
    await migrate(store);
    const now = Date.now();
    const reader = await createUserWithRole(
      store,
      { email: 'reader@troop.example', password: PASSWORD, role: 'user', name: 'Reader' },
      now,
    );
    // One hash for every account: each sign-in still verifies it in full.
    const hash = await hashPassword(PASSWORD);
    await store.transaction(async (tx) => {
      const stamp = new Date(now).toISOString();
      for (let i = 0; i < ACCOUNTS; i++) {
        await tx.query(
          `INSERT INTO users (id, email, password_hash, display_name, role, metadata, created_at, updated_at) VALUES (?, ?, ?, ?, 'user', '{}', ?, ?)`,
          [`storm-${i}`, `storm${i}@troop.example`, hash, `Storm ${i}`, stamp, stamp],
        );
      }
      for (let i = 0; i < 200; i++) {
        await tx.query(
          `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, creator_name, created_at, updated_at) VALUES (?, ?, ?, ?, '19:00', 'Reader', ?, ?)`,
          [
            `event_${i}`,
            reader.id,
            `Meeting ${i}`,
            `2026-12-${String((i % 28) + 1).padStart(2, '0')}`,
            stamp,
            stamp,
          ],
        );
      }
      await noticesLongSent(tx);
    });
    return { reader, hash };
  } finally {
    await store.close();
  }
}

async function rawVerifyRate(hash: string): Promise<number> {
  let done = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: cores }, async () => {
      while (performance.now() < end) {
        await verify(hash, PASSWORD, ARGON2_OPTIONS);
        done++;
      }
    }),
  );
  return done / SECONDS;
}

/** Sequential list requests until `stop()` resolves; returns their latencies in ms. */
function probeLatency(url: string, token: string) {
  const latencies: number[] = [];
  let running = true;
  const finished = (async () => {
    while (running) {
      const t0 = performance.now();
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
      latencies.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  return {
    async stop() {
      running = false;
      await finished;
      return latencies;
    },
  };
}

/** Sign-ins from `cores * 2` clients for SECONDS, over keep-alive connections. */
async function signInStorm(base: string, projectId: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: cores * 2 });
  let signIns = 0;
  let refused = 0;
  let next = 0;
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: cores * 2 }, async () => {
      while (performance.now() < end) {
        const i = next++ % ACCOUNTS;
        const body = JSON.stringify({
          email: `storm${i}@troop.example`,
          password: PASSWORD,
          projectId,
        });
        const status = await post(agent, `${base}/api/auth/signin/email`, body);
        if (status === 200) signIns++;
        else refused++;
      }
    }),
  );
  agent.destroy();
  return { signIns, refused };
}

/** A POST through node:http, lighter on this process than fetch: the client shares the cores. */
function post(agent: http.Agent, url: string, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.99)] ?? NaN;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-signin-'));
  try {
    const { reader, hash } = await seed(dataDir);
    const floor = await rawVerifyRate(hash);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const child = startProcess('server', 'dist/main.js', {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ADDRESS_RATE_LIMIT_SCALE: '1000',
    });
    await waitFor(`${base}/api/health`, child);
    const config = loadConfig({});
    const token = await signAccessToken(
      loadOrCreateSecret(dataDir),
      { sub: reader.id, role: 'user', pid: config.projectId, email: reader.email },
      Date.now(),
    );
    const listUrl = `${base}/api/db/${config.projectId}/rest/v1/calendar_events?order=event_date.asc&limit=20`;

    const idleProbe = probeLatency(listUrl, token);
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    const idle = await idleProbe.stop();

    // Throughput is measured with nothing else asking the server for anything; the list p99
    // under the same storm is measured in a second storm, so the probe's own requests do not
    // take CPU from the sign-ins being counted.
    const counted = await signInStorm(base, config.projectId);
    const stormProbe = probeLatency(listUrl, token);
    await signInStorm(base, config.projectId);
    const storm = await stormProbe.stop();
    const { signIns, refused } = counted;
    const rate = signIns / SECONDS;
    console.log(`argon2id verify, ${cores} at once (floor): ${floor.toFixed(1)}/s`);
    console.log(
      `sign-ins through the server:           ${rate.toFixed(1)}/s (${refused} refused) -> ${(rate / floor).toFixed(2)}x the floor (goal >= 0.8)`,
    );
    console.log(
      `list p99 idle ${p99(idle).toFixed(1)} ms (${idle.length} requests), during the storm ${p99(storm).toFixed(1)} ms (${storm.length}) -> ${(p99(storm) / p99(idle)).toFixed(2)}x (goal <= 3)`,
    );
  } finally {
    await stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

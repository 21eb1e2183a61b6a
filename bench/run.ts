/**
 * `npm run bench`: the calendar list (20 of 10,000 events by date, with an exact count) through
 * our server and through a floor (bench/floor-server.ts), in one run, on the same data, and the
 * ratio of their rates. Our server is the real one, compiled (server/dist/main.js), on a loopback port with
 * a SQLite file in a temp folder and a real access token; each server runs in its own process
 * and autocannon drives them from this one.
 *
 * Settings (flags when run directly, environment through npm): --duration / BENCH_DURATION
 * seconds per measurement (default 10), --connections / BENCH_CONNECTIONS (default 10),
 * --rounds / BENCH_ROUNDS (default 2; targets alternate so drift on a shared machine hits both
 * alike). Example: `BENCH_DURATION=5 npm run bench`. BENCH_CPU_PROF_DIR=DIR writes a CPU
 * profile of our server there (open it in Chrome DevTools).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { createUserWithRole } from '../server/src/admin/users.ts';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { openSqliteStore } from '../server/src/store/sqlite.ts';
import { freePort, mulberry32, startProcess, stopAll, waitFor } from './processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = 10_000;
const TARGET_RATIO = 0.5;

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION || '10' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS || '10' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS || '2' },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);
for (const [name, v] of Object.entries({ duration, connections, rounds })) {
  if (!Number.isInteger(v) || v < 1)
    throw new Error(`${name} must be a whole number of at least 1`);
}

async function seed(dataDir: string): Promise<{ userId: string; email: string }> {
  const store = openSqliteStore(path.join(dataDir, 'scout.db'));
  try {
    await migrate(store);
    const now = Date.UTC(2026, 0, 1);
    const user = await createUserWithRole(
      store,
      {
        email: 'bench@troop.example',
        password: 'bench-password',
        role: 'user',
        name: 'Bench Leader',
      },
      now,
    );
    const random = mulberry32(42);
    const pad = (n: number) => String(n).padStart(2, '0');
    await store.transaction(async (tx) => {
      for (let i = 0; i < EVENTS; i++) {
        const day = new Date(Date.UTC(2026, 0, 1) + Math.floor(random() * 3 * 365) * 86_400_000);
        const created = new Date(now + i * 1000).toISOString();
        await tx.query(
          `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, hyperlink, creator_name, created_at, updated_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [
            `event_${now + i}`,
            user.id,
            `Troop meeting ${i}`,
            day.toISOString().slice(0, 10),
            `${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 4) * 15)}`,
            i % 3 === 0 ? `https://troop.example/events/${i}` : null,
            'Bench Leader',
            created,
            created,
          ],
        );
      }
    });
    return { userId: user.id, email: user.email };
  } finally {
    await store.close();
  }
}

interface Answer {
  status: number;
  range: string | null;
  ids: string[];
}

async function ask(url: string, headers: Record<string, string>): Promise<Answer> {
  const res = await fetch(url, { headers });
  const body = (await res.json()) as unknown;
  const ids = Array.isArray(body) ? body.map((r) => String((r as { id: unknown }).id)) : [];
  return { status: res.status, range: res.headers.get('content-range'), ids };
}

async function measure(url: string, headers: Record<string, string>, seconds: number) {
  const result = await autocannon({ url, headers, connections, duration: seconds, pipelining: 1 });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-'));
  try {
    console.log(`Seeding ${EVENTS.toLocaleString('en-US')} calendar events in ${dataDir} ...`);
    const { userId, email } = await seed(dataDir);
    const projectId = loadConfig({}).projectId;
    const secret = loadOrCreateSecret(dataDir);
    const token = await signAccessToken(
      secret,
      { sub: userId, role: 'user', pid: projectId, email },
      Date.now(),
    );

    const [oursPort, floorPort] = [await freePort(), await freePort()];
    const oursProcess = startProcess(
      'our server',
      'dist/main.js',
      {
        DATA_DIR: dataDir,
        PORT: String(oursPort),
        HOST: '127.0.0.1',
        PROJECT_ID: projectId,
        REDIS_URL: '',
        DATABASE_URL: '',
        S3_BUCKET: '',
        // The API only: the SPA is not what is measured.
        WEB_DIR: path.join(dataDir, 'no-web'),
      },
      process.env.BENCH_CPU_PROF_DIR
        ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`]
        : [],
    );
    const floorProcess = startProcess('floor', path.join(here, 'floor-server.ts'), {
      BENCH_DB: path.join(dataDir, 'scout.db'),
      PORT: String(floorPort),
    });

    const ours = {
      name: 'ours ',
      url: `http://127.0.0.1:${oursPort}/api/db/${projectId}/rest/v1/calendar_events?select=*&order=event_date.asc&limit=20`,
      headers: { authorization: `Bearer ${token}`, prefer: 'count=exact' },
    };
    const floor = { name: 'floor', url: `http://127.0.0.1:${floorPort}/`, headers: {} };
    await waitFor(`http://127.0.0.1:${oursPort}/api/health`, oursProcess);
    await waitFor(floor.url, floorProcess);

    // Same answer from both before any timing: 20 rows, the same ids in the same order, a count.
    const [a, b] = [await ask(ours.url, ours.headers), await ask(floor.url, floor.headers)];
    if (a.status !== 200) {
      console.error(
        `Our endpoint answered ${a.status}; is the Data API (server/src/rest) registered?`,
      );
      process.exitCode = 1;
      return;
    }
    const expectedRange = `0-19/${EVENTS}`;
    if (
      a.range !== expectedRange ||
      b.range !== expectedRange ||
      a.ids.join() !== b.ids.join() ||
      a.ids.length !== 20
    ) {
      console.error('Our answer and the floor answer differ:', { ours: a, floor: b });
      process.exitCode = 1;
      return;
    }

    console.log(
      `Warming up; then ${rounds} rounds of ${duration} s per target, ${connections} connections.`,
    );
    for (const t of [floor, ours]) await measure(t.url, t.headers, 2);
    const runs: Record<string, Awaited<ReturnType<typeof measure>>[]> = { floor: [], ours: [] };
    for (let r = 0; r < rounds; r++) {
      for (const [key, t] of [
        ['floor', floor],
        ['ours', ours],
      ] as const) {
        const m = await measure(t.url, t.headers, duration);
        runs[key]?.push(m);
        console.log(
          `  round ${r + 1} ${t.name}: ${m.rate.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.bad ? `, ${m.bad} failed` : ''}`,
        );
      }
    }
    const mean = (xs: { rate: number }[]) => xs.reduce((s, x) => s + x.rate, 0) / xs.length;
    const floorRate = mean(runs.floor ?? []);
    const oursRate = mean(runs.ours ?? []);
    const failed = [...(runs.floor ?? []), ...(runs.ours ?? [])].reduce((s, m) => s + m.bad, 0);
    const ratio = oursRate / floorRate;
    console.log('');
    console.log(
      'Calendar list, 20 of 10,000 events by date with count=exact (same data, same run):',
    );
    const line = (label: string, rate: number) =>
      console.log(`  ${label.padEnd(50)}${rate.toFixed(0).padStart(7)} req/s`);
    line('floor (node:http + better-sqlite3)', floorRate);
    line('ours  (GET /api/db/{p}/rest/v1/calendar_events)', oursRate);
    console.log(
      `  ratio ours/floor ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})${ratio >= TARGET_RATIO ? '' : '  BELOW TARGET'}`,
    );
    if (failed > 0) {
      console.error(`${failed} requests failed or answered non-2xx`);
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();

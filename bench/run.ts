/**
 * `npm run bench`: the Data API beside its floor (bench/floor-server.ts), in one run, on the same
 * data, on SQLite and on PostgreSQL:
 *
 * - list: 20 of 10,000 calendar events by date, with an exact count (the calendar's read);
 * - create: one calendar event, answered with the stored row (the calendar's write).
 *
 * Our server is the real one, compiled (server/dist/main.js), with a real access token, on a
 * loopback port; each store gets its own server and its own floor, and autocannon drives them
 * all from this process. The floor runs the simplest SQL with the same answer, prepared as our
 * server prepares its statements, with the same pool size; before any timing, both answers are
 * checked to be the same JSON. Targets alternate within
 * a round, and which goes first alternates between rounds, so drift on a shared machine hits both
 * alike. Events created in a measurement are deleted before the next, so every list sees the same
 * 10,000 rows. The notice job each created event schedules runs in the server's job worker during
 * the measurement (it looks for due jobs every 200 ms here), and whatever is left runs to the end
 * before the clean-up, so no measurement does the work of the one before
 * (bench/bench-stores.ts, removeCreatedEvents).
 *
 * Settings (flags when run directly, environment through npm): --duration / BENCH_DURATION
 * seconds per measurement (default 5), --connections / BENCH_CONNECTIONS (default 10),
 * --rounds / BENCH_ROUNDS (default 3), --stores / BENCH_STORES (default `sqlite,postgres`),
 * --requests / BENCH_REQUESTS (default `list,create`; one alone, to profile it apart),
 * --jobs-thread / BENCH_JOBS_THREAD=1 runs our job worker on a thread of its own (JOBS_THREAD),
 * BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test; a schema of its own is made and
 * dropped). BENCH_CPU_PROF_DIR=DIR writes CPU profiles of our servers there (Chrome
 * DevTools). BENCH_SERVER_MAIN times another build of our server (a copy of server/dist kept
 * under server/, so its packages resolve; run `npx tsx ../bench/run.ts` from server/ so the
 * current build is not remade): a change before and after, one run each, on one machine state.
 * Example: `BENCH_STORES=postgres BENCH_DURATION=10 npm run bench`.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config.ts';
import {
  benchMember,
  benchPgUrl,
  benchStoreKinds,
  openBenchStore,
  seedEvents,
  removeCreatedEvents,
  startOurServer,
  type BenchStore,
  type BenchStoreKind,
} from './bench-stores.ts';
import { CREATED_NAME, createBody } from './data-api-requests.ts';
import { freePort, startProcess, stopAll, waitFor } from './processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const EVENTS = 10_000;
/** Our server's pool (server/src/store/postgres.ts); the floor gets the same. */
const POOL_SIZE = 10;
/** Goals of the issue, per store and request. */
const TARGETS: Record<BenchStoreKind, Record<'list' | 'create', number>> = {
  sqlite: { list: 0.9, create: 0.9 },
  postgres: { list: 0.9, create: 0.9 },
};

const { values: opts } = parseArgs({
  options: {
    duration: { type: 'string', default: process.env.BENCH_DURATION || '5' },
    connections: { type: 'string', default: process.env.BENCH_CONNECTIONS || '10' },
    rounds: { type: 'string', default: process.env.BENCH_ROUNDS || '3' },
    stores: { type: 'string', default: process.env.BENCH_STORES || 'sqlite,postgres' },
    requests: { type: 'string', default: process.env.BENCH_REQUESTS || 'list,create' },
    'jobs-thread': { type: 'boolean', default: process.env.BENCH_JOBS_THREAD === '1' },
  },
});
const duration = Number(opts.duration);
const connections = Number(opts.connections);
const rounds = Number(opts.rounds);
for (const [name, v] of Object.entries({ duration, connections, rounds })) {
  if (!Number.isInteger(v) || v < 1)
    throw new Error(`${name} must be a whole number of at least 1`);
}
const kinds = benchStoreKinds(opts.stores);
if (kinds.length === 0 || kinds.some((k) => k !== 'sqlite' && k !== 'postgres'))
  throw new Error('--stores takes sqlite, postgres or both');
const requests = opts.requests.split(',').map((r) => r.trim());
if (requests.length === 0 || requests.some((r) => r !== 'list' && r !== 'create'))
  throw new Error('--requests takes list, create or both');
const pgUrl = benchPgUrl();

interface Target {
  name: string;
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

interface Measured {
  rate: number;
  p50: number;
  p99: number;
  bad: number;
}

async function measure(t: Target, seconds: number): Promise<Measured> {
  const result = await autocannon({
    url: t.url,
    method: t.method,
    headers: t.headers,
    ...(t.body ? { body: t.body } : {}),
    connections,
    duration: seconds,
    pipelining: 1,
  });
  return {
    rate: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    bad: result.non2xx + result.errors,
  };
}

async function call(t: Target) {
  const res = await fetch(t.url, {
    method: t.method,
    headers: t.headers,
    ...(t.body ? { body: t.body } : {}),
  });
  return { status: res.status, range: res.headers.get('content-range'), body: await res.json() };
}

interface Scenario {
  label: string;
  kind: BenchStoreKind;
  request: 'list' | 'create';
  floor: Target;
  ours: Target;
  /** Run before each measurement: puts the table back as seeded. */
  reset(): Promise<void>;
}

async function startStore(bench: BenchStore): Promise<Scenario[]> {
  const member = await benchMember(bench, Date.UTC(2026, 0, 1));
  await seedEvents(bench.store, member.userId, EVENTS);
  const projectId = loadConfig({}).projectId;
  const [oursPort, floorPort] = [await freePort(), await freePort()];
  const profDir = process.env.BENCH_CPU_PROF_DIR;
  const ours = startOurServer(
    bench,
    oursPort,
    // The job worker looks for due jobs every 200 ms instead of every 5 s, so the notice jobs the
    // creates schedule run during the measurement that caused them, in every round alike.
    { JOBS_POLL_MS: '200', JOBS_THREAD: opts['jobs-thread'] ? 'true' : 'false' },
    profDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profDir)}`] : [],
  );
  const floor = startProcess(`floor (${bench.kind})`, path.join(here, 'floor-server.ts'), {
    PORT: String(floorPort),
    BENCH_DB: bench.sqliteFile,
    DATABASE_URL: bench.databaseUrl,
    BENCH_POOL_SIZE: String(POOL_SIZE),
    BENCH_USER_ID: member.userId,
  });
  const oursBase = `http://127.0.0.1:${oursPort}`;
  const floorBase = `http://127.0.0.1:${floorPort}/`;
  await waitFor(`${oursBase}/api/health`, ours);
  await waitFor(floorBase, floor);

  const table = `${oursBase}/api/db/${projectId}/rest/v1/calendar_events`;
  const auth = { authorization: `Bearer ${member.token}` };
  const json = { 'content-type': 'application/json' };
  const body = JSON.stringify(createBody());
  const reset = () => removeCreatedEvents(bench.store, CREATED_NAME);
  const label = bench.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  return [
    {
      label: `${label}, list 20 of ${EVENTS.toLocaleString('en-US')} by date + exact count`,
      kind: bench.kind,
      request: 'list',
      floor: { name: 'floor', url: floorBase, method: 'GET', headers: {} },
      ours: {
        name: 'ours ',
        url: `${table}?select=*&order=event_date.asc&limit=20`,
        method: 'GET',
        headers: { ...auth, prefer: 'count=exact' },
      },
      reset,
    },
    {
      label: `${label}, create one event`,
      kind: bench.kind,
      request: 'create',
      floor: { name: 'floor', url: floorBase, method: 'POST', headers: json, body },
      ours: {
        name: 'ours ',
        url: table,
        method: 'POST',
        headers: { ...auth, ...json, prefer: 'return=representation' },
        body,
      },
      reset,
    },
  ];
}

/**
 * Both answer alike before any timing: the same JSON (the same 20 rows and count), or the same
 * created row but for the id and timestamps each side sets.
 */
async function checkSameAnswers(s: Scenario): Promise<void> {
  const [a, b] = [await call(s.ours), await call(s.floor)];
  const own = new Set(['id', 'created_at', 'updated_at']);
  const comparable = (rows: unknown) =>
    JSON.stringify(
      s.request === 'list'
        ? rows
        : (rows as Record<string, unknown>[]).map((r) =>
            Object.fromEntries(Object.entries(r).filter(([k]) => !own.has(k))),
          ),
    );
  const same =
    a.status === b.status &&
    a.status === (s.request === 'list' ? 200 : 201) &&
    (s.request === 'create' || (a.range === `0-19/${EVENTS}` && a.range === b.range)) &&
    Array.isArray(a.body) &&
    a.body.length === (s.request === 'list' ? 20 : 1) &&
    comparable(a.body) === comparable(b.body);
  if (!same)
    throw new Error(
      `${s.label}: our answer and the floor's differ: ${JSON.stringify({ ours: a, floor: b }).slice(0, 4000)}`,
    );
  await s.reset();
}

async function main() {
  const stores: BenchStore[] = [];
  try {
    const scenarios: Scenario[] = [];
    for (const kind of kinds) {
      console.log(`Seeding ${EVENTS.toLocaleString('en-US')} calendar events on ${kind} ...`);
      const bench = await openBenchStore(kind, pgUrl);
      stores.push(bench);
      scenarios.push(...(await startStore(bench)).filter((s) => requests.includes(s.request)));
    }
    for (const s of scenarios) await checkSameAnswers(s);

    console.log(
      `Warming up; then ${rounds} rounds of ${duration} s per target, ${connections} connections.`,
    );
    for (const s of scenarios) {
      for (const t of [s.floor, s.ours]) {
        await s.reset();
        await measure(t, 2);
      }
    }
    const runs = scenarios.map(() => ({ floor: [] as Measured[], ours: [] as Measured[] }));
    for (let r = 0; r < rounds; r++) {
      for (const [i, s] of scenarios.entries()) {
        const order = r % 2 === 0 ? (['floor', 'ours'] as const) : (['ours', 'floor'] as const);
        for (const key of order) {
          await s.reset();
          const m = await measure(s[key], duration);
          runs[i]?.[key].push(m);
          console.log(
            `  round ${r + 1} ${s.label}, ${s[key].name}: ${m.rate.toFixed(0)} req/s, p50 ${m.p50} ms, p99 ${m.p99} ms${m.bad ? `, ${m.bad} failed` : ''}`,
          );
        }
      }
    }

    const mean = (xs: Measured[]) => xs.reduce((s, x) => s + x.rate, 0) / xs.length;
    console.log('');
    console.log(
      'Data API beside its floor (node:http + the same driver, the simplest SQL with the same answer, prepared), same run:',
    );
    let failed = 0;
    for (const [i, s] of scenarios.entries()) {
      const run = runs[i];
      if (!run) continue;
      const [floorRate, oursRate] = [mean(run.floor), mean(run.ours)];
      const perRound = run.ours.map((m, j) => m.rate / (run.floor[j]?.rate ?? NaN));
      // The median round: one round that other work on a shared machine spoiled moves it least.
      const sorted = [...perRound].sort((x, y) => x - y);
      const median =
        sorted.length % 2 === 1
          ? (sorted[(sorted.length - 1) / 2] ?? NaN)
          : ((sorted[sorted.length / 2 - 1] ?? NaN) + (sorted[sorted.length / 2] ?? NaN)) / 2;
      const target = TARGETS[s.kind][s.request];
      const ratio = oursRate / floorRate;
      failed += [...run.floor, ...run.ours].reduce((n, m) => n + m.bad, 0);
      console.log(
        `  ${s.label.padEnd(55)} ours ${oursRate.toFixed(0).padStart(6)} req/s, floor ${floorRate.toFixed(0).padStart(6)} req/s: ratio ${ratio.toFixed(2)} (rounds ${Math.min(...perRound).toFixed(2)}-${Math.max(...perRound).toFixed(2)}, median ${median.toFixed(2)}; target >= ${target})${ratio >= target ? '' : '  BELOW TARGET'}`,
      );
    }
    if (failed > 0) {
      console.error(`${failed} requests failed or answered non-2xx`);
      process.exitCode = 1;
    }
  } finally {
    await stopAll();
    for (const s of stores) await s.dispose();
  }
}

await main();

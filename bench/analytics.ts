/**
 * `npm run bench:analytics`: analytics intake beside its floor (bench/analytics-floor.ts), and the
 * dashboard's 30-day figures over 1,000,000 events, on SQLite and on PostgreSQL, in one run.
 *
 * - intake: POST /api/analytics/{projectId}/log with batches of 10 events, each batch a new
 *   visit, against the floor that inserts the same rows with one prepared statement; the figure
 *   is events a second and our share of the floor's (goal: at least 5,000 events/s).
 * - stats: GET /stats?period=30d as an admin over 1,000,000 events in 200,000 visits spread over
 *   the last 30 days; p50 of 20 requests after one to warm up (goal: at most 500 ms).
 *
 * Our server is the real one, compiled (server/dist/main.js), on a loopback port, with
 * ADDRESS_RATE_LIMIT_SCALE=1000 so the per-address limit (one address sends everything here)
 * does not cut the run short. Settings: BENCH_DURATION seconds per intake measurement (default
 * 5), BENCH_CONNECTIONS (default 10), BENCH_STORES (default `sqlite,postgres`), BENCH_PG_URL,
 * BENCH_PARTS (default `intake,stats`; `intake` alone skips seeding the million events).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { loadConfig } from '../server/src/config.ts';
import {
  benchMember,
  benchPgUrl,
  benchStoreKinds,
  openBenchStore,
  startOurServer,
  type BenchStore,
  type BenchStoreKind,
} from './bench-stores.ts';
import { seedMillion, SEEDED_EVENTS } from './analytics-seed.ts';
import { freePort, startProcess, stopAll, waitFor } from './processes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const duration = Number(process.env.BENCH_DURATION || 5);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const kinds = benchStoreKinds();
const pgUrl = benchPgUrl();
const parts = (process.env.BENCH_PARTS || 'intake,stats').split(',');
const STATS_REQUESTS = 20;

let batchNo = 0;
function batchBody(): string {
  const session = `sess_${Date.now()}_b${++batchNo}`;
  const t = Date.now();
  const events = Array.from({ length: 10 }, (_, i) => ({
    type: i === 9 ? 'signup' : 'pageview',
    timestamp: new Date(t + i * 1000).toISOString(),
    project_id: loadConfig({}).projectId,
    user_id: null,
    user_email: null,
    session_id: session,
    pathname: `/page${i}`,
    referrer: i === 0 ? 'https://www.google.com/search?q=troop' : null,
    screen_width: 1280,
    channel: 'Organic Search',
    utm_source: null,
    utm_medium: null,
    utm_campaign: null,
    utm_content: null,
    utm_term: null,
  }));
  return JSON.stringify({ events });
}

async function ingest(url: string): Promise<{ eventsPerSecond: number; bad: number }> {
  const result = await autocannon({
    url,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    connections,
    duration,
    pipelining: 1,
    requests: [{ setupRequest: (req) => ({ ...req, body: batchBody() }) }],
  });
  return {
    eventsPerSecond: (result.requests.total * 10) / duration,
    bad: result.non2xx + result.errors,
  };
}

async function statsP50(url: string, token: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= STATS_REQUESTS; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as { totals?: { visits: number } };
    if (res.status !== 200 || !body.totals) throw new Error(`stats answered ${res.status}`);
    if (i > 0) times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

async function runStore(kind: BenchStoreKind) {
  const label = kind === 'sqlite' ? 'SQLite' : 'PostgreSQL';
  const bench: BenchStore = await openBenchStore(kind, pgUrl);
  try {
    if (parts.includes('stats')) {
      console.log(`${label}: seeding ${SEEDED_EVENTS.toLocaleString('en-US')} events ...`);
      await seedMillion(bench.store, Date.now());
    }
    const member = await benchMember(bench, Date.now());
    await bench.store.query("UPDATE users SET role = 'admin' WHERE id = ?", [member.userId]);
    const projectId = loadConfig({}).projectId;
    const [oursPort, floorPort] = [await freePort(), await freePort()];
    const ours = startOurServer(bench, oursPort, { ADDRESS_RATE_LIMIT_SCALE: '1000' });
    const floor = startProcess(`floor (${kind})`, path.join(here, 'analytics-floor.ts'), {
      PORT: String(floorPort),
      BENCH_DB: bench.sqliteFile,
      DATABASE_URL: bench.databaseUrl,
      BENCH_POOL_SIZE: '10',
    });
    const oursBase = `http://127.0.0.1:${oursPort}`;
    await waitFor(`${oursBase}/api/health`, ours);
    await waitFor(`http://127.0.0.1:${floorPort}/`, floor);

    const stats = `${oursBase}/api/analytics/${projectId}/stats?period=30d`;
    const p50 = parts.includes('stats') ? await statsP50(stats, member.token) : undefined;

    if (parts.includes('intake')) {
      const oursLog = `${oursBase}/api/analytics/${projectId}/log`;
      const floorLog = `http://127.0.0.1:${floorPort}/`;
      await ingest(oursLog); // warm-up of both
      await ingest(floorLog);
      const a1 = await ingest(oursLog);
      const f1 = await ingest(floorLog);
      const f2 = await ingest(floorLog);
      const a2 = await ingest(oursLog);
      const ourRate = (a1.eventsPerSecond + a2.eventsPerSecond) / 2;
      const floorRate = (f1.eventsPerSecond + f2.eventsPerSecond) / 2;
      console.log(
        `${label}, intake in batches of 10: ours ${Math.round(ourRate)} events/s, floor ${Math.round(floorRate)} events/s, ratio ${(ourRate / floorRate).toFixed(2)} (goal: at least 5,000 events/s)${a1.bad + a2.bad > 0 ? `, ${a1.bad + a2.bad} answers not 2xx` : ''}`,
      );
    }
    if (p50 !== undefined)
      console.log(
        `${label}, stats of 30 days over ${SEEDED_EVENTS.toLocaleString('en-US')} events: p50 ${p50.toFixed(0)} ms (goal: at most 500 ms)`,
      );
  } finally {
    await stopAll();
    await bench.dispose();
  }
}

for (const kind of kinds) await runStore(kind);

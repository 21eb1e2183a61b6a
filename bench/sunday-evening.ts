/**
 * `npm run bench:sunday`: "Sunday evening" (issue "Many troops on one server", Scale, measured).
 * A council of 100 troops (bench/council-seed.ts: 8,000 accounts, about 100,000 events and
 * 200,000 answers) on SQLite behind one server process, then on PostgreSQL + Redis behind two
 * server processes (each member's requests go to one of them, round robin by member). 1,000
 * members, spread over the troops, arrive evenly over the window; each opens the dashboard, then
 * the calendar, and answers one upcoming event, one request after another
 * (bench/sunday-member.ts). Per store and request kind: count, p50, p99, max, errors. Exit code 1
 * on any error (a non-2xx answer or a network error).
 *
 * Settings: BENCH_WINDOW_S (default 300), BENCH_MEMBERS (default 1000), BENCH_STORES (default
 * `sqlite,postgres`), BENCH_PG_URL, BENCH_REDIS_URL (default redis://127.0.0.1:6379, loopback).
 */
import http from 'node:http';
import os from 'node:os';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import {
  benchPgUrl,
  benchStoreKinds,
  openBenchStore,
  startOurServer,
  type BenchStore,
} from './bench-stores.ts';
import {
  benchTroopId,
  benchTroopProject,
  COUNCIL_TROOPS,
  seedCouncil,
  TROOP_SIZE,
} from './council-seed.ts';
import { freePort, stopAll, waitFor } from './processes.ts';
import { sundayEvening, type Failure, type Member, type Recorder } from './sunday-member.ts';

const TROOPS = COUNCIL_TROOPS;
const TROOP = TROOP_SIZE;
const WINDOW_S = Number(process.env.BENCH_WINDOW_S || 300);
const MEMBERS = Number(process.env.BENCH_MEMBERS || 1000);
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';

const troopId = benchTroopId;
const troopProject = benchTroopProject;

/** Member k: troop k mod 100, an ordinary member (never the leader, account 0) of it. */
async function members(bench: BenchStore, origins: string[]): Promise<Member[]> {
  const secret = loadOrCreateSecret(bench.dataDir);
  const agents = origins.map(() => new http.Agent({ keepAlive: true, maxSockets: 256 }));
  const out: Member[] = [];
  for (let k = 0; k < MEMBERS; k++) {
    const n = (k % TROOPS) + 1;
    const userId = `${troopId(n)}_u${1 + (Math.floor(k / TROOPS) % (TROOP.accounts - 1))}`;
    const projectId = troopProject(n);
    const claims = { sub: userId, role: 'user', pid: projectId, email: `${userId}@bench.example` };
    const token = await signAccessToken(secret, claims, Date.now());
    const at = k % origins.length;
    out.push({ userId, projectId, token, origin: origins[at] as string, agent: agents[at]! });
  }
  return out;
}

interface Result {
  times: Map<string, number[]>;
  failures: Failure[];
  clientCpu: number;
  wallS: number;
}

/** Every member arrives at k * window / members seconds and makes their visit. */
async function load(list: Member[]): Promise<Result> {
  const times = new Map<string, number[]>();
  const failures: Failure[] = [];
  const rec: Recorder = {
    time: (kind, ms) => (times.get(kind) ?? times.set(kind, []).get(kind)!).push(ms),
    fail: (f) => failures.push(f),
  };
  const gap = (WINDOW_S * 1000) / list.length;
  const cpu = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    list.map(
      (m, k) =>
        new Promise<void>((resolve) => {
          setTimeout(() => void sundayEvening(rec, m, k).then(resolve, resolve), k * gap);
        }),
    ),
  );
  const wallMs = performance.now() - started;
  // The visits are over: their connections close, as the members' browsers would.
  for (const agent of new Set(list.map((m) => m.agent))) agent.destroy();
  const used = process.cpuUsage(cpu);
  return {
    times,
    failures,
    clientCpu: (used.user + used.system) / 1000 / wallMs,
    wallS: wallMs / 1000,
  };
}

async function startServers(bench: BenchStore): Promise<string[]> {
  const processes = bench.kind === 'postgres' ? 2 : 1;
  const env = {
    LOG_LEVEL: 'warn',
    // One loopback address sends for a thousand members, who would each have their own.
    ADDRESS_RATE_LIMIT_SCALE: '1000',
    ...(bench.kind === 'postgres' ? { REDIS_URL } : {}),
  };
  const origins: string[] = [];
  for (let i = 0; i < processes; i++) {
    const port = await freePort();
    const server = startOurServer(bench, port, env);
    const origin = `http://127.0.0.1:${port}`;
    await waitFor(`${origin}/api/health`, server);
    origins.push(origin);
  }
  return origins;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

function report(label: string, r: Result): string[] {
  const lines = [
    `  ${label}: ${r.wallS.toFixed(0)} s; machine load ${os.loadavg()[0]?.toFixed(1)} on ${os.cpus().length} cores; load generator CPU ${(r.clientCpu * 100).toFixed(0)}% of one core${r.clientCpu > 0.5 ? ' (HIGH: the client may be the bottleneck)' : ''}`,
    `    ${'request'.padEnd(40)} ${'count'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'max ms'.padStart(8)} errors`,
  ];
  for (const [kind, list] of [...r.times].sort()) {
    const sorted = list.sort((a, b) => a - b);
    const errors = r.failures.filter((f) => f.kind === kind).length;
    lines.push(
      `    ${kind.padEnd(40)} ${String(sorted.length).padStart(6)} ${pct(sorted, 0.5).toFixed(1).padStart(8)} ${pct(sorted, 0.99).toFixed(1).padStart(8)} ${(sorted.at(-1) ?? 0).toFixed(1).padStart(8)} ${errors}`,
    );
  }
  // Alike failures once, with their count and the first request that met them.
  const alike = new Map<string, { first: Failure; count: number }>();
  for (const f of r.failures) {
    const key = `${f.kind} ${f.status} ${f.body}`;
    const seen = alike.get(key);
    if (seen) seen.count++;
    else alike.set(key, { first: f, count: 1 });
  }
  for (const { first: f, count } of alike.values())
    lines.push(`    ERROR x${count} (first: ${f.method} ${f.path}) -> ${f.status} ${f.body}`);
  return lines;
}

async function runStore(kind: BenchStore['kind']): Promise<{ lines: string[]; errors: number }> {
  const bench = await openBenchStore(kind, benchPgUrl());
  try {
    const seeding = Date.now();
    await seedCouncil(bench.store);
    const seededS = (Date.now() - seeding) / 1000;
    const origins = await startServers(bench);
    const result = await load(await members(bench, origins));
    const setup =
      kind === 'postgres'
        ? `PostgreSQL + Redis, ${origins.length} server processes`
        : 'SQLite, 1 server process';
    return {
      lines: [`${setup} (seeded in ${seededS.toFixed(0)} s)`, ...report(kind, result)],
      errors: result.failures.length,
    };
  } finally {
    await stopAll();
    await bench.dispose();
  }
}

console.log(
  `sunday evening: ${MEMBERS} members of ${TROOPS} troops arriving over ${WINDOW_S} s${WINDOW_S === 300 && MEMBERS === 1000 ? ' (the full run)' : ' (a SHORTER run than the goal of 1,000 members over 300 s)'}; each opens the dashboard, the calendar and answers one event`,
);
let errors = 0;
for (const kind of benchStoreKinds()) {
  const result = await runStore(kind);
  errors += result.errors;
  for (const line of result.lines) console.log(line);
}
if (errors > 0) {
  console.log(`${errors} errors`);
  process.exitCode = 1;
}

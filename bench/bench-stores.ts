/**
 * The databases a Data API benchmark runs on, filled with the same calendar events every run:
 * a SQLite file in a temporary folder, or a schema of its own in a PostgreSQL database (dropped
 * at the end), both migrated by the server's own migrations.
 */
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { createUserWithRole } from '../server/src/admin/users.ts';
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import { migrate } from '../server/src/store/migrate.ts';
import { openPostgresStore } from '../server/src/store/postgres.ts';
import { openSqliteStore } from '../server/src/store/sqlite.ts';
import type { Queryable, Store } from '../server/src/store/store.ts';
import { mulberry32, startProcess, stopAll } from './processes.ts';

export type BenchStoreKind = 'sqlite' | 'postgres';

/** The PostgreSQL server the benchmarks use unless BENCH_PG_URL names another (loopback only). */
export const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/test';

/** The stores a run measures: a comma-separated list, BENCH_STORES unless given, else both. */
export const benchStoreKinds = (list = process.env.BENCH_STORES || 'sqlite,postgres') =>
  list.split(',').map((s) => s.trim()) as BenchStoreKind[];

/** The PostgreSQL server of this run: BENCH_PG_URL, else DEFAULT_PG_URL. */
export const benchPgUrl = () => process.env.BENCH_PG_URL || DEFAULT_PG_URL;

export interface BenchStore {
  kind: BenchStoreKind;
  /** The server's DATA_DIR: its signing key, and the SQLite file. */
  dataDir: string;
  /** What the server and the floor are given: DATABASE_URL (PostgreSQL) or the SQLite file. */
  databaseUrl: string;
  sqliteFile: string;
  /** Runs SQL in the bench process (seeding, clean-up between rounds). */
  store: Store;
  /** Removes the folder, and the PostgreSQL schema. */
  dispose(): Promise<void>;
}

export async function openBenchStore(kind: BenchStoreKind, pgUrl: string): Promise<BenchStore> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `scout-bench-${kind}-`));
  const sqliteFile = path.join(dataDir, 'scout.db');
  if (kind === 'sqlite') {
    const store = openSqliteStore(sqliteFile);
    await migrate(store);
    return {
      kind,
      dataDir,
      databaseUrl: '',
      sqliteFile,
      store,
      async dispose() {
        await store.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const schema = `bench_${crypto.randomBytes(5).toString('hex')}`;
  await adminQuery(pgUrl, `CREATE SCHEMA ${schema}`);
  const url = new URL(pgUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = openPostgresStore(url.toString(), { max: 2 });
  await migrate(store);
  return {
    kind,
    dataDir,
    databaseUrl: url.toString(),
    sqliteFile,
    store,
    async dispose() {
      await store.close();
      await adminQuery(pgUrl, `DROP SCHEMA ${schema} CASCADE`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function adminQuery(url: string, sql: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Runs `measure` on each store of the run in turn (benchStoreKinds, benchPgUrl); after each,
 * every process it started is stopped and the store removed, whether it passed or threw.
 */
export async function forEachBenchStore(
  measure: (bench: BenchStore) => Promise<void>,
): Promise<void> {
  for (const kind of benchStoreKinds()) {
    const bench = await openBenchStore(kind, benchPgUrl());
    try {
      await measure(bench);
    } finally {
      await stopAll();
      await bench.dispose();
    }
  }
}

/**
 * Fresh planner statistics for the calendar, as a running server keeps them: PostgreSQL's
 * autovacuum (settle), and SQLite's ANALYZE that the server's hourly `PRAGMA optimize`
 * (store/sqlite.ts) runs for a table that grew.
 */
export async function freshStatistics(bench: BenchStore): Promise<void> {
  await settle(bench.store);
  if (bench.kind === 'sqlite') await bench.store.query('ANALYZE');
}

/**
 * Our server, compiled (server/dist/main.js), on `bench`'s data and a loopback port: the API
 * only, without Redis, S3 or the SPA. `env` adds to or overrides its settings. BENCH_SERVER_MAIN
 * names another build's main.js (a copy of server/dist made at an earlier commit), to time a
 * change before and after on one machine in one state.
 */
export function startOurServer(
  bench: BenchStore,
  port: number,
  env: Record<string, string> = {},
  nodeArgs: string[] = [],
): ChildProcess {
  const settings = {
    DATA_DIR: bench.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PROJECT_ID: loadConfig({}).projectId,
    REDIS_URL: '',
    DATABASE_URL: bench.databaseUrl,
    S3_BUCKET: '',
    // The API only: the SPA is not what is measured.
    WEB_DIR: path.join(bench.dataDir, 'no-web'),
    ...env,
  };
  const main = process.env.BENCH_SERVER_MAIN || 'dist/main.js';
  return startProcess(`our server (${bench.kind})`, main, settings, nodeArgs);
}

export interface BenchMember {
  userId: string;
  email: string;
  /** An access token of this member, signed with the server's key in `dataDir`. */
  token: string;
}

/** A member who owns the seeded events and makes every request. */
export async function benchMember(bench: BenchStore, now: number): Promise<BenchMember> {
  const user = await createUserWithRole(
    bench.store,
    {
      email: 'bench@troop.example',
      password: 'bench-password',
      role: 'user',
      name: 'Bench Leader',
    },
    now,
  );
  const secret = loadOrCreateSecret(bench.dataDir);
  const token = await signAccessToken(
    secret,
    { sub: user.id, role: 'user', pid: loadConfig({}).projectId, email: user.email },
    Date.now(),
  );
  return { userId: user.id, email: user.email, token };
}

/** The columns of a seeded event, in the order of eventValues. */
export const SEEDED_EVENT_COLUMNS = [
  'id',
  'user_id',
  'event_name',
  'event_date',
  'event_time',
  'hyperlink',
  'creator_name',
  'created_at',
  'updated_at',
] as const;
const ROWS_PER_INSERT = 500;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The values of seeded event `i` in SEEDED_EVENT_COLUMNS order: a troop meeting on `day` at a random quarter
 * hour of `random`, a link on every third, created and last changed at `created`.
 */
export function eventValues(
  i: number,
  id: string,
  userId: string,
  day: Date,
  created: string,
  random: () => number,
): unknown[] {
  return [
    id,
    userId,
    `Troop meeting ${i}`,
    day.toISOString().slice(0, 10),
    `${pad(Math.floor(random() * 24))}:${pad(Math.floor(random() * 4) * 15)}`,
    i % 3 === 0 ? `https://troop.example/events/${i}` : null,
    'Bench Leader',
    created,
    created,
  ];
}

/**
 * `count` calendar events, the same on every run and store: dates spread over `years` from
 * 2026-01-01, times on the quarter hour, a link on every third. `first` numbers them, so a
 * larger table can be grown from a smaller one.
 */
export async function seedEvents(
  store: Store,
  userId: string,
  count: number,
  opts: { first?: number; years?: number } = {},
): Promise<void> {
  const first = opts.first ?? 0;
  const days = Math.round((opts.years ?? 3) * 365);
  const base = Date.UTC(2026, 0, 1);
  const placeholders = `(${SEEDED_EVENT_COLUMNS.map(() => '?').join(', ')})`;
  for (let start = first; start < first + count; start += ROWS_PER_INSERT) {
    const end = Math.min(first + count, start + ROWS_PER_INSERT);
    const params: unknown[] = [];
    for (let i = start; i < end; i++) {
      // One random source per event: event i is the same whichever batch seeds it.
      const random = mulberry32(42 + i);
      const day = new Date(base + Math.floor(random() * days) * 86_400_000);
      const created = new Date(base + i * 1000).toISOString();
      params.push(...eventValues(i, `event_${base + i}`, userId, day, created, random));
    }
    await store.query(
      `INSERT INTO calendar_events (${SEEDED_EVENT_COLUMNS.join(', ')}) VALUES ${Array.from({ length: end - start }, () => placeholders).join(', ')}`,
      params,
    );
  }
  await noticesLongSent(store);
  await settle(store);
}

/**
 * Seeded events stand for a calendar built up over years: their notices went out long ago. The
 * jobs their rows scheduled (migration 032) are dropped, so the server does not spend the
 * measurement announcing them.
 */
export async function noticesLongSent(store: Queryable): Promise<void> {
  await store.query("DELETE FROM jobs WHERE kind IN ('event-created', 'event-changed')");
}

/**
 * Puts the calendar back as seeded between measurements. The notices of the events a measurement
 * created are the server's own work: they run to the end, with their events still there, before
 * anything is removed. The removal notices of the clean-up itself (migration 033) are not product
 * work and are dropped, so no measurement does the work of the one before.
 */
export async function removeCreatedEvents(store: Store, eventName: string): Promise<void> {
  await jobsDone(store);
  await store.query('DELETE FROM calendar_events WHERE event_name = ?', [eventName]);
  await store.query("DELETE FROM jobs WHERE kind = 'event-removed' AND done_at IS NULL");
  await settle(store);
}

/** Waits until the server's job worker has run every job that is due. */
async function jobsDone(store: Store): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const { rows } = await store.query<{ due: number }>(
      'SELECT count(*) AS due FROM jobs WHERE done_at IS NULL AND failed_at IS NULL AND run_at <= ?',
      [new Date().toISOString()],
    );
    if (Number(rows[0]?.due ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error('the server did not finish its notice jobs');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * On PostgreSQL, a vacuumed table with fresh planner statistics (its visibility map lets counts
 * read the index alone), as autovacuum leaves it, so every measurement starts from the same
 * state of the table. SQLite needs nothing: deleted rows leave its tree as it was.
 */
export async function settle(store: Store): Promise<void> {
  if (store.dialect === 'postgres') await store.query('VACUUM ANALYZE calendar_events');
}

/**
 * Builds an app for tests: in-memory SQLite (or TEST_DATABASE_URL's PostgreSQL in a fresh
 * schema), a manual clock and a random key. Each call is isolated from every other.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { manualClock } from '../src/clock.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppDeps, ReadyDeps } from '../src/deps.ts';
import { completeDeps } from '../src/wiring.ts';
import { forgetAccount } from '../src/auth/session-check.ts';
import { migrate } from '../src/store/migrate.ts';
import { openPostgresStore } from '../src/store/postgres.ts';
import { openSqliteStore } from '../src/store/sqlite.ts';
import { createDiskFileStore } from '../src/storage/disk.ts';
import type { Store } from '../src/store/store.ts';

/**
 * A configuration for tests: everything default, nothing read from the environment. The job
 * worker does not poll: a test runs due jobs itself (`app.jobs.runDue()`), when it means to.
 */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const base = loadConfig({ DATA_DIR: '/nonexistent', JOBS_POLL_MS: '0' });
  return { ...base, webDir: undefined, ...overrides };
}

export type StoreKind = 'sqlite' | 'postgres';

const bothStores: StoreKind[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/**
 * The stores a suite whose behaviour depends on the store runs on: SQLite always, PostgreSQL
 * when TEST_DATABASE_URL is set. These are the suites of the SQL the server writes (the data
 * API, the operator's SQL, analytics figures), of two requests at once (locking, single-use
 * links, capacities), of the job queue, of backups and health, and the authorization matrices,
 * whose rules compile to SQL.
 */
export const testStoreKinds: StoreKind[] = bothStores;

/**
 * The store every other suite runs on: the embedded SQLite. Their behaviour is the same on any
 * store (mail contents, file handling, the gateways, request shapes), so running them twice
 * would only spend time. `TEST_ALL_STORES=1` runs them on PostgreSQL too.
 */
export const embeddedStore: StoreKind[] = process.env.TEST_ALL_STORES ? bothStores : ['sqlite'];

/**
 * A fresh, migrated store. PostgreSQL gets a schema of its own, dropped on close. SQLite is in
 * memory unless `sqliteFile` asks for a file in a temporary folder (removed on close), which
 * other processes can open as they do in production.
 */
export async function openTestStore(
  kind: StoreKind = 'sqlite',
  opts: { sqliteFile?: boolean } = {},
): Promise<Store> {
  if (kind === 'sqlite') {
    const dir = opts.sqliteFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'scout-db-')) : undefined;
    const store = openSqliteStore(dir ? path.join(dir, 'scout.db') : ':memory:');
    await migrate(store);
    if (dir) {
      const close = store.close.bind(store);
      store.close = async () => {
        await close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
    return store;
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const schema = `t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  const store = openPostgresStore(url.toString(), { max: 4, statementTimeoutMs: 5000 });
  await migrate(store);
  const close = store.close.bind(store);
  store.close = async () => {
    await close();
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP SCHEMA ${schema} CASCADE`);
    await c.end();
  };
  return store;
}

export interface TestApp {
  app: FastifyInstance;
  deps: ReadyDeps;
  clock: ReturnType<typeof manualClock>;
  /** This app's own file-store folder, removed on close. */
  filesDir: string;
  close(): Promise<void>;
}

export async function buildTestApp(
  opts: {
    store?: StoreKind;
    /** SQLite in a temporary file instead of memory (see openTestStore). */
    sqliteFile?: boolean;
    config?: Partial<Config>;
    deps?: Partial<AppDeps>;
  } = {},
): Promise<TestApp> {
  const store = await openTestStore(opts.store ?? 'sqlite', { sqliteFile: opts.sqliteFile });
  const clock = manualClock(Date.now());
  const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-files-'));
  const deps = completeDeps({
    config: testConfig(opts.config),
    store,
    jwtSecret: crypto.randomBytes(32),
    clock,
    logger: false,
    files: createDiskFileStore(filesDir),
    ...opts.deps,
  });
  const app = await buildApp(deps);
  await app.ready();
  return {
    app,
    deps,
    clock,
    filesDir,
    close: async () => {
      await app.close();
      await store.close();
      fs.rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

/**
 * The account row a test token speaks for, made if missing: the server believes a token only
 * while its account exists (auth/session-check.ts). The role is set to `role` either way.
 */
export async function ensureTestAccount(
  store: Store,
  id: string,
  role: string,
  email: string,
): Promise<void> {
  const now = new Date().toISOString();
  await store.query(
    `INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET role = excluded.role`,
    [id, email, id, role, now, now],
  );
  forgetAccount(store, id);
}

/**
 * Builds an app for tests: in-memory SQLite (or TEST_DATABASE_URL's PostgreSQL in a schema of
 * its own while it is open, test-app-postgres.ts), a manual clock and a random key. Each call
 * is isolated from every other.
 * `sharedTestApp` gives the tests of one suite one such app, built once.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { buildApp } from '../src/app.ts';
import { manualClock } from '../src/clock.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { AppDeps, ReadyDeps } from '../src/deps.ts';
import { completeDeps } from '../src/wiring.ts';
import { forgetAccount } from '../src/auth/session-check.ts';
import { migrate } from '../src/store/migrate.ts';
import { migrations } from '../src/store/migrations/index.ts';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import { openSqliteStore } from '../src/store/sqlite.ts';
import { openPostgresTestStore } from './test-app-postgres.ts';
import { createDiskFileStore } from '../src/storage/disk.ts';
import { quoteIdent, type Store } from '../src/store/store.ts';

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
 * A fresh, migrated store. PostgreSQL gets a schema of its own (test-app-postgres.ts), no
 * other store's while it is open. SQLite is in memory unless `sqliteFile` asks for a file in a
 * temporary folder (removed on close), which other processes can open as they do in production.
 */
export async function openTestStore(
  kind: StoreKind = 'sqlite',
  opts: {
    sqliteFile?: boolean;
    /** Migrated only this far: an older server's store. */ upTo?: number;
  } = {},
): Promise<Store> {
  const list = migrations.filter((m) => m.version <= (opts.upTo ?? Infinity));
  if (kind === 'sqlite') {
    const dir = opts.sqliteFile ? fs.mkdtempSync(path.join(os.tmpdir(), 'scout-db-')) : undefined;
    const store = openSqliteStore(dir ? path.join(dir, 'scout.db') : ':memory:');
    if (opts.upTo === undefined) await copyMigratedSqlite(store);
    else await migrate(store, list);
    if (dir) {
      const close = store.close.bind(store);
      store.close = async () => {
        await close();
        fs.rmSync(dir, { recursive: true, force: true });
      };
    }
    return store;
  }
  return openPostgresTestStore(opts.upTo, emptyStore);
}

/** What a fully migrated SQLite store holds: its schema in creation order, and its rows. */
interface SqliteTemplate {
  /** The migrations it was made from: a list changed since (a new file) makes a new template. */
  migrations: readonly unknown[];
  schema: { type: string; sql: string }[];
  rows: { table: string; rows: Record<string, unknown>[] }[];
}

let sqliteTemplate: SqliteTemplate | undefined;

/**
 * Every migration run once per test process, in memory, and its outcome read back: the
 * statements SQLite keeps for each table, index, view and trigger (`sqlite_master`, in the order
 * they were made, as the migrations left them) and the rows the migrations wrote.
 */
async function migratedSqlite(): Promise<SqliteTemplate> {
  if (sqliteTemplate?.migrations === migrations) return sqliteTemplate;
  const store = openSqliteStore(':memory:');
  try {
    await migrate(store, migrations);
    const { rows: schema } = await store.query<{ type: string; name: string; sql: string }>(
      "SELECT type, name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid",
    );
    const rows: SqliteTemplate['rows'] = [];
    const tables = schema.filter((o) => o.type === 'table').map((o) => o.name);
    const { rows: sequence } = await store.query<{ n: number }>(
      "SELECT count(*) AS n FROM sqlite_master WHERE name = 'sqlite_sequence'",
    );
    if (Number(sequence[0]?.n) > 0) tables.push('sqlite_sequence');
    for (const table of tables) {
      const { rows: held } = await store.query<Record<string, unknown>>(
        `SELECT * FROM ${quoteIdent(table)}`,
      );
      if (held.length > 0) rows.push({ table, rows: held });
    }
    sqliteTemplate = { migrations, schema, rows };
    return sqliteTemplate;
  } finally {
    await store.close();
  }
}

/**
 * Makes a new SQLite store what `migrate` would make it, for about a tenth of the work: a few
 * dozen CREATE statements instead of every migration's steps, table rebuilds and backfills
 * included. The rows go in before the triggers are made, so they fire for none of them, as
 * they had not when the migrations wrote them. Every migration still runs: once per process
 * for the template, in each PostgreSQL store, in `upTo` stores and in the servers tests start.
 */
async function copyMigratedSqlite(store: Store): Promise<void> {
  const { schema, rows } = await migratedSqlite();
  await store.transaction(async (tx) => {
    await tx.query('PRAGMA defer_foreign_keys = ON');
    for (const o of schema) if (o.type !== 'trigger') await tx.query(o.sql);
    for (const { table, rows: held } of rows)
      for (const row of held) {
        const names = Object.keys(row);
        await tx.query(
          `INSERT INTO ${quoteIdent(table)} (${names.map(quoteIdent).join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
          names.map((n) => row[n]),
        );
      }
    for (const o of schema) if (o.type === 'trigger') await tx.query(o.sql);
  });
}

export interface TestApp {
  app: FastifyInstance;
  deps: ReadyDeps;
  clock: ReturnType<typeof manualClock>;
  /** This app's own file-store folder, removed on close. */
  filesDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions {
  store?: StoreKind;
  /** SQLite in a temporary file instead of memory (see openTestStore). */
  sqliteFile?: boolean;
  config?: Partial<Config>;
  deps?: Partial<AppDeps>;
}

export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
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

/**
 * Deletes every row of a test store but the migrations' record, and forgets the accounts it
 * held (auth/session-check.ts): the store is as migrate left it, for a few milliseconds where a
 * new PostgreSQL schema and every migration take a second on a busy machine. Tables a test
 * created stay, empty. (TRUNCATE would skip the triggers but costs PostgreSQL a new file per
 * table, slower than the fresh schema.)
 */
export async function emptyStore(store: Store): Promise<void> {
  const { rows: users } = await store.query<{ id: string }>('SELECT id FROM users');
  const names = await tablesChildrenFirst(store);
  // A delete trigger writes rows (calendar_events' removal notices into jobs): the second
  // pass deletes what the first one's triggers wrote, and finds nothing more to trigger.
  // The first troop stays: a server always has it (migration 041).
  const deletes = names.map((name) =>
    name === 'troops'
      ? `DELETE FROM troops WHERE id <> '${FIRST_TROOP_ID}'`
      : `DELETE FROM ${quoteIdent(name)}`,
  );
  if (store.dialect === 'postgres') {
    // One statement, one trip to the server, where a statement per table and pass took a
    // hundred on a busy machine.
    const body = deletes.map((d) => `${d};`).join(' ');
    await store.query(`DO $empty$ BEGIN ${body} ${body} END $empty$`);
  } else
    await store.transaction(async (tx) => {
      // SQLite checks its foreign keys at the commit, when every table is empty.
      await tx.query('PRAGMA defer_foreign_keys = ON');
      for (let pass = 0; pass < 2; pass++) for (const d of deletes) await tx.query(d);
    });
  for (const { id } of users) forgetAccount(store, id);
}

/** The store's tables but schema_migrations; on PostgreSQL a referencing table before the one it references. */
async function tablesChildrenFirst(store: Store): Promise<string[]> {
  if (store.dialect === 'sqlite') {
    const { rows } = await store.query<{ name: string }>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY 1",
    );
    return rows.map((r) => r.name);
  }
  const { rows } = await store.query<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() AND tablename <> 'schema_migrations' ORDER BY 1",
  );
  const { rows: refs } = await store.query<{ child: string; parent: string }>(
    `SELECT c.relname AS child, p.relname AS parent FROM pg_constraint k
       JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
      WHERE k.contype = 'f' AND k.connamespace = current_schema()::regnamespace`,
  );
  const ordered: string[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: Set<string>) => {
    if (placed.has(name) || path.has(name)) return;
    path.add(name);
    for (const r of refs) if (r.parent === name && r.child !== name) place(r.child, path);
    placed.add(name);
    ordered.push(name);
  };
  for (const { name } of rows) place(name, new Set());
  return ordered;
}

/**
 * One app (buildTestApp) for every test of the suite it is called in, instead of one per test:
 * built before the suite's first test, closed after its last. Call it in the body of a
 * `describe` (once per store kind of a `describe.each`) and use what it returns in the tests and
 * hooks as the app: its fields read the shared one. Closing is the suite's; a test that needs
 * another configuration builds its own app.
 *
 * Before each test the clock is set to the present, as a new app's would be, so a test that
 * moves time moves it for itself. Tests share the store: each makes its own accounts and rows
 * (signUp's addresses are unique, fixed ones are used by one test only). A suite whose tests
 * count or read whole tables, or reuse ids, asks `empty: true`, and each test then starts on an
 * empty store (emptyStore) and an empty file store, its own `beforeEach` hooks running after that.
 */
export function sharedTestApp(opts: TestAppOptions & { empty?: boolean } = {}): TestApp {
  let shared: TestApp | undefined;
  const current = (): TestApp => {
    if (!shared) throw new Error('the shared test app is used outside its suite');
    return shared;
  };
  beforeAll(async () => {
    shared = await buildTestApp(opts);
  });
  afterAll(async () => {
    await shared?.close();
    shared = undefined;
  });
  beforeEach(async () => {
    const t = current();
    t.clock.set(Date.now());
    if (opts.empty) {
      await emptyStore(t.deps.store);
      t.deps.troops.forget();
      // The files of the rows just deleted: a path a test uses again is free again.
      for (const entry of fs.readdirSync(t.filesDir))
        fs.rmSync(path.join(t.filesDir, entry), { recursive: true, force: true });
    }
  });
  return {
    get app() {
      return current().app;
    },
    get deps() {
      return current().deps;
    },
    get clock() {
      return current().clock;
    },
    get filesDir() {
      return current().filesDir;
    },
    close: async () => {
      throw new Error('the shared test app is closed by its suite, after its last test');
    },
  };
}

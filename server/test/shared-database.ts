/**
 * One database that real server processes (server-process.ts) and the test share: a SQLite
 * file in the processes' data folder, or a schema of its own on TEST_DATABASE_URL, dropped after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { openPostgresStore } from '../src/store/postgres.ts';
import { openSqliteStore } from '../src/store/sqlite.ts';
import type { Store } from '../src/store/store.ts';
import { serverOptions, type ServerOptions } from './server-process.ts';
import type { StoreKind } from './test-app.ts';

export interface SharedDatabase {
  /** What the processes add to their environment to open it. */
  env: Record<string, string>;
  opts: Omit<ServerOptions, 'port'>;
  /** A store of the test's own on it. */
  open(): Store;
  drop(): Promise<void>;
}

export async function sharedDatabase(kind: StoreKind): Promise<SharedDatabase> {
  const opts = serverOptions();
  if (kind === 'sqlite') {
    return {
      env: {},
      opts,
      open: () => openSqliteStore(path.join(opts.dataDir, 'scout.db')),
      drop: async () => fs.rmSync(opts.dataDir, { recursive: true, force: true }),
    };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `p_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE SCHEMA ${schema}`);
  await admin.end();
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString() },
    opts,
    open: () => openPostgresStore(url.toString(), { max: 2 }),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP SCHEMA ${schema} CASCADE`);
      await c.end();
      fs.rmSync(opts.dataDir, { recursive: true, force: true });
    },
  };
}

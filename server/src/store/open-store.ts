import path from 'node:path';
import { openPostgresStore } from './postgres.ts';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';

/** SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server. */
export function openStore(opts: { databaseUrl?: string; dataDir: string }): Store {
  if (opts.databaseUrl) return openPostgresStore(opts.databaseUrl, { statementTimeoutMs: 5000 });
  return openSqliteStore(path.join(opts.dataDir, 'scout.db'));
}

import path from 'node:path';
import { openSqliteStore } from './sqlite.ts';
import type { Store } from './store.ts';

/**
 * SQLite in DATA_DIR unless DATABASE_URL names a PostgreSQL server. The PostgreSQL driver is
 * loaded only then, so a laptop install does not carry it in memory.
 */
export async function openStore(opts: {
  databaseUrl?: string;
  dataDir: string;
  /** PostgreSQL connections at most (default 10). */
  poolSize?: number;
}): Promise<Store> {
  if (opts.databaseUrl) {
    const { openPostgresStore } = await import('./postgres.ts');
    return openPostgresStore(opts.databaseUrl, {
      statementTimeoutMs: 5000,
      ...(opts.poolSize ? { max: opts.poolSize } : {}),
    });
  }
  return openSqliteStore(path.join(opts.dataDir, 'scout.db'));
}

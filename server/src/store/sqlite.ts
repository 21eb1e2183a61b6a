import Database from 'better-sqlite3';
import type { Dialect, Queryable, QueryResult, Store } from './store.ts';

/** Values SQLite can bind: booleans become 0/1, objects JSON text, undefined NULL. */
function toSqliteValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) return JSON.stringify(v);
  return v;
}

/**
 * SQLite through better-sqlite3 (synchronous, one connection). WAL lets readers in other
 * processes (backups, the admin CLI) work while the server writes.
 */
export function openSqliteStore(file: string): Store {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');

  const cache = new Map<string, Database.Statement>();
  const prepare = (sql: string) => {
    let stmt = cache.get(sql);
    if (!stmt) {
      stmt = db.prepare(sql);
      if (cache.size > 500) cache.clear();
      cache.set(sql, stmt);
    }
    return stmt;
  };

  const run = <T>(sql: string, params: readonly unknown[] = []): QueryResult<T> => {
    const stmt = prepare(sql);
    const values = params.map(toSqliteValue);
    if (stmt.reader) {
      // .all() always finishes the statement; an unfinished one would block WAL checkpoints.
      const rows = stmt.all(...values) as T[];
      return { rows, rowCount: rows.length, columns: stmt.columns().map((c) => c.name) };
    }
    const info = stmt.run(...values);
    return { rows: [], rowCount: info.changes, columns: [] };
  };

  // One connection: while a transaction is open, other callers wait their turn so their
  // statements never land inside someone else's transaction.
  let queue: Promise<unknown> = Promise.resolve();
  let inTransaction = false;

  const dialect: Dialect = 'sqlite';
  const store: Store = {
    dialect,
    async query<T>(sql: string, params?: readonly unknown[]) {
      if (inTransaction) await queue.catch(() => undefined);
      return run<T>(sql, params);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const next = queue
        .catch(() => undefined)
        .then(async () => {
          inTransaction = true;
          db.exec('BEGIN IMMEDIATE');
          const tx: Queryable = { dialect, query: async <R>(s: string, p?: readonly unknown[]) => run<R>(s, p) };
          try {
            const result = await fn(tx);
            db.exec('COMMIT');
            return result;
          } catch (err) {
            if (db.inTransaction) db.exec('ROLLBACK');
            throw err;
          } finally {
            inTransaction = false;
          }
        });
      queue = next;
      return next;
    },
    async backup(file: string) {
      await db.backup(file);
    },
    async close() {
      await queue.catch(() => undefined);
      db.close();
    },
  };
  return store;
}

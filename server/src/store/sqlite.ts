import path from 'node:path';
import Database from 'better-sqlite3';
import {
  ReadOnlyStatementError,
  type Dialect,
  type Queryable,
  type QueryResult,
  type Store,
  type TransactionOptions,
} from './store.ts';

/** Values SQLite can bind: booleans become 0/1, objects JSON text, undefined NULL. */
export function toSqliteValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === 'boolean') return v ? 1 : 0;
  if (v instanceof Date) return v.toISOString();
  if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) return JSON.stringify(v);
  return v;
}

interface Prepared {
  stmt: Database.Statement;
  /** Result column names when rows are made by toObjects (the statement is in raw mode). */
  names: string[] | null;
}

/**
 * Rows as better-sqlite3 makes them (each name set in turn, so a repeated name keeps the last
 * value), built from its value arrays: faster than its own objects, which it builds property by
 * property in native code.
 */
function toObjects(
  names: readonly string[],
  arrays: readonly unknown[][],
): Array<Record<string, unknown>> {
  const rows = new Array<Record<string, unknown>>(arrays.length);
  for (let r = 0; r < arrays.length; r++) {
    const values = arrays[r] ?? [];
    const row: Record<string, unknown> = {};
    for (let i = 0; i < names.length; i++) row[names[i] ?? ''] = values[i];
    rows[r] = row;
  }
  return rows;
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

  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (!entry) {
      const stmt = db.prepare(sql);
      // Result columns named in the text (no `*`) keep their names whatever the schema becomes.
      const names = stmt.reader && !sql.includes('*') ? stmt.columns().map((c) => c.name) : null;
      if (names) stmt.raw(true);
      entry = { stmt, names };
      if (cache.size > 500) cache.clear();
      cache.set(sql, entry);
    }
    return entry;
  };

  const run = <T>(
    sql: string,
    params: readonly unknown[] = [],
    readOnly = false,
  ): QueryResult<T> => {
    const { stmt, names } = prepare(sql);
    // The engine's own answer (sqlite3_stmt_readonly), asked before the statement runs.
    if (readOnly && !stmt.readonly) throw new ReadOnlyStatementError();
    const values = params.map(toSqliteValue);
    if (stmt.reader) {
      // .all() always finishes the statement; an unfinished one would block WAL checkpoints.
      if (names) {
        const rows = toObjects(names, stmt.all(...values) as unknown[][]) as T[];
        return {
          rows,
          rowCount: rows.length,
          get columns() {
            return [...names];
          },
        };
      }
      const rows = stmt.all(...values) as T[];
      // Asking SQLite for column names costs about as much as a small query; most callers never
      // read them, so they are fetched on first use.
      let columns: string[] | undefined;
      return {
        rows,
        rowCount: rows.length,
        get columns() {
          columns ??= stmt.columns().map((c) => c.name);
          return columns;
        },
      };
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
    // Other processes (operator SQL, backups) open the same file; an in-memory database has none.
    file: file === ':memory:' || file === '' ? undefined : path.resolve(file),
    async query<T>(sql: string, params?: readonly unknown[]) {
      if (inTransaction) await queue.catch(() => undefined);
      return run<T>(sql, params);
    },
    transaction<T>(fn: (tx: Queryable) => Promise<T>, opts: TransactionOptions = {}): Promise<T> {
      const readOnly = opts.readOnly === true;
      const next = queue
        .catch(() => undefined)
        .then(async () => {
          inTransaction = true;
          // A read-only transaction takes no write lock, so writers in other processes go on.
          db.exec(readOnly ? 'BEGIN' : 'BEGIN IMMEDIATE');
          const tx: Queryable = {
            dialect,
            query: async <R>(s: string, p?: readonly unknown[]) => run<R>(s, p, readOnly),
          };
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

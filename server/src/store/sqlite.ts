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

/** How often a connection refreshes SQLite's statistics (`PRAGMA optimize`). */
export const OPTIMIZE_INTERVAL_MS = 60 * 60 * 1000;

interface Prepared {
  stmt: Database.Statement;
  /** Result column names when rows are made by `toRow` (the statement is in raw mode). */
  names: string[] | null;
  toRow: RowMaker | null;
}

type RowMaker = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * Rows as better-sqlite3 makes them, built from its value arrays by a function made once per
 * statement that writes one object literal (names go in as JSON string literals): objects of one
 * shape, made faster than by its own native code, which sets them property by property. A
 * repeated name, or `__proto__` (which in a literal would set the prototype), keeps
 * better-sqlite3's own objects.
 */
function rowMaker(names: readonly string[]): RowMaker | null {
  if (new Set(names).size !== names.length || names.includes('__proto__')) return null;
  const fields = names.map((n, i) => `${JSON.stringify(n)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowMaker;
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
  // Statistics for the planner and for estimated counts (rest/count-rows.ts), kept as SQLite
  // advises for a long-lived connection: brought up to date at open where a table needs it, then
  // every OPTIMIZE_INTERVAL_MS, each time from a bounded sample so it stays quick on big tables.
  db.pragma('analysis_limit = 1000');
  const optimize = (pragma: string) => {
    if (db.inTransaction) return;
    try {
      db.pragma(pragma);
    } catch {
      // Another process holds the write lock (after busy_timeout): the next round does it.
    }
  };
  optimize('optimize = 0x10002');
  const optimizer = setInterval(() => optimize('optimize'), OPTIMIZE_INTERVAL_MS);
  optimizer.unref();

  const cache = new Map<string, Prepared>();
  const prepare = (sql: string): Prepared => {
    let entry = cache.get(sql);
    if (!entry) {
      const stmt = db.prepare(sql);
      // Result columns named in the text (no `*`) keep their names whatever the schema becomes.
      const named = stmt.reader && !sql.includes('*') ? stmt.columns().map((c) => c.name) : null;
      const toRow = named ? rowMaker(named) : null;
      if (toRow) stmt.raw(true);
      entry = { stmt, names: toRow ? named : null, toRow };
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
    const { stmt, names, toRow } = prepare(sql);
    // The engine's own answer (sqlite3_stmt_readonly), asked before the statement runs.
    if (readOnly && !stmt.readonly) throw new ReadOnlyStatementError();
    const values = params.map(toSqliteValue);
    if (stmt.reader) {
      // .all() always finishes the statement; an unfinished one would block WAL checkpoints.
      if (names && toRow) {
        const rows = (stmt.all(...values) as unknown[][]).map(toRow) as T[];
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

  // Prepared once: `exec` parses its text on every call, which cost a write in a transaction
  // about as much as the write itself.
  const control = {
    begin: db.prepare('BEGIN'),
    beginWrite: db.prepare('BEGIN IMMEDIATE'),
    commit: db.prepare('COMMIT'),
    rollback: db.prepare('ROLLBACK'),
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
          (readOnly ? control.begin : control.beginWrite).run();
          const tx: Queryable = {
            dialect,
            query: async <R>(s: string, p?: readonly unknown[]) => run<R>(s, p, readOnly),
          };
          try {
            const result = await fn(tx);
            control.commit.run();
            return result;
          } catch (err) {
            if (db.inTransaction) control.rollback.run();
            throw err;
          } finally {
            inTransaction = false;
          }
        });
      queue = next;
      return next;
    },
    async close() {
      await queue.catch(() => undefined);
      clearInterval(optimizer);
      db.close();
    },
  };
  return store;
}

import pg from 'pg';
import type { Dialect, Queryable, QueryResult, Store } from './store.ts';

// BIGINT (int8) counts arrive as strings by default; our counts and ids fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

/** Rewrites `?` placeholders to `$1..$n`. Our SQL never carries string literals with `?`. */
export function toPgPlaceholders(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

function toPgValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v)) return JSON.stringify(v);
  return v;
}

async function runOn<T>(client: pg.Pool | pg.PoolClient, sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
  const res = await client.query(toPgPlaceholders(sql), params.map(toPgValue));
  return {
    rows: res.rows as T[],
    rowCount: res.rowCount ?? res.rows.length,
    columns: (res.fields ?? []).map((f) => f.name),
  };
}

/**
 * PostgreSQL through a pool. Several server processes may share one database: all state lives
 * in it, never in the process.
 */
export function openPostgresStore(url: string, opts: { statementTimeoutMs?: number; max?: number } = {}): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const dialect: Dialect = 'postgres';
  return {
    dialect,
    query: <T>(sql: string, params?: readonly unknown[]) => runOn<T>(pool, sql, params),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const tx: Queryable = { dialect, query: <R>(s: string, p?: readonly unknown[]) => runOn<R>(client, s, p) };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}

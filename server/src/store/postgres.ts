import pg from 'pg';
import { isStalePlan, PgStatements } from './pg-statements.ts';
import type { Dialect, Queryable, QueryResult, Store, TransactionOptions } from './store.ts';

// BIGINT (int8) counts arrive as strings by default; our counts and ids fit in a double.
pg.types.setTypeParser(20, (v) => Number(v));

function toPgValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (v !== null && typeof v === 'object' && !(v instanceof Date) && !Buffer.isBuffer(v))
    return JSON.stringify(v);
  return v;
}

async function runOn<T>(
  client: pg.Pool | pg.PoolClient,
  statements: PgStatements,
  sql: string,
  params: readonly unknown[] = [],
  inTransaction = false,
): Promise<QueryResult<T>> {
  const { text, name } = statements.statement(sql);
  const values = params.map(toPgValue);
  let res: pg.QueryResult;
  try {
    res = await client.query(name ? { name, text, values } : { text, values });
  } catch (err) {
    if (!name || !isStalePlan(err)) throw err;
    statements.rename(sql);
    // Inside a transaction the error has already ended it; the caller's next try runs afresh.
    if (inTransaction) throw err;
    res = await client.query({ text, values });
  }
  return {
    rows: res.rows as T[],
    rowCount: res.rowCount ?? res.rows.length,
    columns: (res.fields ?? []).map((f) => f.name),
  };
}

/**
 * Operator SQL goes as written and always by the extended protocol, which takes exactly one
 * statement: `SELECT 1; COMMIT; ...` is refused by the server instead of ending our transaction.
 */
async function runOperatorSql<T>(
  client: pg.PoolClient,
  sql: string,
  params: readonly unknown[] = [],
): Promise<QueryResult<T>> {
  // `queryMode` is in pg 8.x but not yet in @types/pg.
  const config = {
    text: sql,
    values: params.map(toPgValue),
    queryMode: 'extended',
  } as pg.QueryConfig;
  const res = await client.query(config);
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
export function openPostgresStore(
  url: string,
  opts: { statementTimeoutMs?: number; max?: number } = {},
): Store {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    ...(opts.statementTimeoutMs ? { statement_timeout: opts.statementTimeoutMs } : {}),
  });
  // An idle client losing its connection must not crash the process.
  pool.on('error', () => undefined);
  const statements = new PgStatements();
  const dialect: Dialect = 'postgres';
  return {
    dialect,
    query: <T>(sql: string, params?: readonly unknown[]) => runOn<T>(pool, statements, sql, params),
    async transaction<T>(
      fn: (tx: Queryable) => Promise<T>,
      opts: TransactionOptions = {},
    ): Promise<T> {
      const client = await pool.connect();
      const operator = opts.operator;
      try {
        await client.query(opts.readOnly ? 'BEGIN READ ONLY' : 'BEGIN');
        if (operator)
          await client.query(
            `SET LOCAL statement_timeout = ${Math.max(1, Math.floor(operator.statementTimeoutMs))}`,
          );
        const tx: Queryable = {
          dialect,
          query: <R>(s: string, p?: readonly unknown[]) =>
            operator ? runOperatorSql<R>(client, s, p) : runOn<R>(client, statements, s, p, true),
        };
        const result = await fn(tx);
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        // An operator's statements may have changed session settings: that connection ends here.
        client.release(operator ? true : undefined);
      }
    },
    async close() {
      await pool.end();
    },
  };
}

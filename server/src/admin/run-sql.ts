/**
 * Runs operator SQL for `POST /api/db/{projectId}/sql` and `/batch`: values bound, all
 * statements in one transaction, rolled back as a whole on any error, each statement held to a
 * time limit, and a database's refusal answered as a 400 with its own (sanitised) message, never
 * a 500.
 */
import Database from 'better-sqlite3';
import { ApiError } from '../errors.ts';
import { toSqliteValue } from '../store/sqlite.ts';
import { ReadOnlyStatementError, type Dialect, type Store } from '../store/store.ts';
import { isBlankSql, numberPlaceholders, refusedStatement } from './sql-text.ts';
import { runSqlInChildProcess } from './sqlite-sql-process.ts';

/**
 * Per-statement time limit. PostgreSQL cancels the statement itself (`statement_timeout`); on
 * SQLite the statements run in a child process that is ended at the limit
 * (docs/operations.md, "The SQL endpoints").
 */
export const SQL_STATEMENT_TIMEOUT_MS = 10_000;
export const SQL_MAX_STATEMENTS = 500;
export const SQL_MAX_LENGTH = 100_000;
const MESSAGE_MAX_LENGTH = 500;

export type SqlMode = 'read' | 'write';

export interface SqlStatement {
  sql: string;
  args: readonly unknown[];
}

export interface StatementResult {
  rows: Record<string, unknown>[];
  columns: string[];
  rowCount: number;
}

/** A statement the database refused, with its position in the batch. */
class StatementFailed extends Error {
  constructor(
    readonly index: number,
    readonly original: unknown,
  ) {
    super('statement failed');
  }
}

export async function runSqlStatements(
  store: Store,
  statements: readonly SqlStatement[],
  mode: SqlMode,
  opts: { statementTimeoutMs?: number } = {},
): Promise<StatementResult[]> {
  const timeoutMs = opts.statementTimeoutMs ?? SQL_STATEMENT_TIMEOUT_MS;
  const label = (i: number) => (statements.length > 1 ? `Statement ${i + 1}: ` : '');
  const prepared = statements.map((s, i) => {
    if (isBlankSql(s.sql, store.dialect))
      throw new ApiError('VALIDATION_ERROR', `${label(i)}the statement is empty`);
    const refused = refusedStatement(s.sql, store.dialect);
    if (refused) {
      throw new ApiError(
        'VALIDATION_ERROR',
        `${label(i)}${refused} is not allowed here: the endpoint runs every statement in one transaction of its own`,
      );
    }
    // Placeholders are `?` on both databases; PostgreSQL numbers them.
    const sql =
      store.dialect === 'postgres' && s.args.length > 0 ? numberPlaceholders(s.sql) : s.sql;
    return { sql, args: s.args };
  });
  const toApiError = (err: unknown) => {
    const failed = err instanceof StatementFailed;
    const original = failed ? err.original : err;
    // COMMIT itself may refuse (a deferred constraint): no statement to name then.
    const prefix = failed ? label(err.index) : '';
    if (isTimeout(original, store.dialect)) {
      const which = failed && statements.length > 1 ? `Statement ${err.index + 1}` : 'Statement';
      return new ApiError(
        'VALIDATION_ERROR',
        `${which} exceeded the time limit of ${timeoutMs / 1000} s`,
      );
    }
    const refusal = databaseRefusal(original, store.dialect);
    return refusal ? refusalError(refusal, prefix) : original;
  };

  if (store.dialect === 'sqlite' && store.file) {
    const outcome = await runSqlInChildProcess(
      store,
      store.file,
      prepared.map((s) => ({ sql: s.sql, args: s.args.map(toSqliteValue) })),
      mode,
      timeoutMs,
    );
    if (outcome.kind === 'done') return outcome.results;
    if (outcome.kind === 'timedOut')
      throw toApiError(new StatementFailed(outcome.index, TIMED_OUT));
    throw toApiError(
      outcome.index < 0 ? outcome.error : new StatementFailed(outcome.index, outcome.error),
    );
  }

  // An in-memory SQLite database cannot be opened by another process: its statements run on the
  // server's own connection, with no time limit (only tests use one).
  try {
    return await store.transaction(
      async (tx) => {
        const results: StatementResult[] = [];
        for (const [i, s] of prepared.entries()) {
          try {
            const r = await tx.query(s.sql, s.args);
            results.push({ rows: r.rows, columns: r.columns, rowCount: r.rowCount });
          } catch (err) {
            throw new StatementFailed(i, err);
          }
        }
        return results;
      },
      {
        readOnly: mode === 'read',
        operator: { statementTimeoutMs: timeoutMs },
      },
    );
  } catch (err) {
    throw toApiError(err);
  }
}

/**
 * pg's DatabaseError, recognised by its shape (a `severity` and a five-character SQLSTATE code)
 * so the PostgreSQL driver is not loaded by a server running on SQLite.
 */
function isPgDatabaseError(err: unknown): err is Error & { code?: string; severity?: string } {
  const e = err as { severity?: unknown; code?: unknown } | null;
  return (
    err instanceof Error &&
    typeof e?.severity === 'string' &&
    typeof e.code === 'string' &&
    /^[0-9A-Z]{5}$/.test(e.code)
  );
}

/** Marks the statement the child process was stopped in. */
const TIMED_OUT = Symbol('timed out');

/** PostgreSQL's `statement_timeout` cancellation, or the SQLite child stopped at the limit. */
const isTimeout = (err: unknown, dialect: Dialect) =>
  err === TIMED_OUT ||
  (dialect === 'postgres' &&
    isPgDatabaseError(err) &&
    err.code === '57014' &&
    /statement timeout/.test(err.message));

/**
 * The database's answer to a statement it would not run, or undefined for anything else (a lost
 * connection stays an internal error). Busy or overloaded databases are a 503: trying later helps.
 */
function databaseRefusal(
  err: unknown,
  dialect: Dialect,
): { status: 400 | 503; message: string } | undefined {
  if (err instanceof ReadOnlyStatementError)
    return { status: 400, message: 'A read batch cannot change data' };
  if (dialect === 'sqlite') {
    if (err instanceof Database.SqliteError) {
      const busy = err.code === 'SQLITE_BUSY' || err.code === 'SQLITE_LOCKED';
      return { status: busy ? 503 : 400, message: sanitise(err.message) };
    }
    // better-sqlite3 reports bad bindings and multi-statement strings as RangeError/TypeError.
    if (err instanceof RangeError || err instanceof TypeError)
      return { status: 400, message: sanitise(err.message) };
    return undefined;
  }
  if (isPgDatabaseError(err)) {
    const code = err.code ?? '';
    // 08P01 is the server refusing what was sent (e.g. too few parameters), not a lost connection.
    const unavailable =
      (code.startsWith('08') && code !== '08P01') ||
      code.startsWith('53') ||
      code.startsWith('57P');
    return { status: unavailable ? 503 : 400, message: sanitise(err.message) };
  }
  return undefined;
}

const refusalError = (r: { status: 400 | 503; message: string }, prefix: string) =>
  new ApiError(r.status === 400 ? 'VALIDATION_ERROR' : 'SERVICE_UNAVAILABLE', prefix + r.message);

/** One line, no control characters, bounded length. */
export function sanitise(message: string): string {
  const line = (message.split('\n')[0] ?? '')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .trim();
  if (line === '') return 'The database refused the statement';
  return line.length > MESSAGE_MAX_LENGTH ? `${line.slice(0, MESSAGE_MAX_LENGTH)}...` : line;
}

/**
 * Database and query errors as API answers: a client's mistake is a clear 4xx, never a 500.
 * Constraint codes: PostgreSQL SQLSTATE classes 22 and 23; better-sqlite3's extended codes.
 */
import { ApiError } from '../errors.ts';
import { QueryError } from './parse-query.ts';

const DUPLICATE = 'A row with the same key already exists';

function notNullColumn(err: { column?: unknown; message?: unknown }): string | undefined {
  if (typeof err.column === 'string') return err.column;
  const m =
    typeof err.message === 'string'
      ? /NOT NULL constraint failed: \w+\.(\w+)/.exec(err.message)
      : null;
  return m?.[1];
}

export function toApiError(err: unknown): unknown {
  if (err instanceof ApiError) return err;
  if (err instanceof QueryError) return new ApiError('VALIDATION_ERROR', err.message);
  if (typeof err !== 'object' || err === null) return err;
  const e = err as { code?: unknown; column?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (
    code === '23505' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === 'SQLITE_CONSTRAINT_UNIQUE'
  )
    return new ApiError('CONFLICT', DUPLICATE);
  if (code === '23502' || code === 'SQLITE_CONSTRAINT_NOTNULL') {
    const column = notNullColumn(e);
    return new ApiError(
      'VALIDATION_ERROR',
      column ? `"${column}" is required` : 'A required column is missing',
    );
  }
  if (code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY')
    return new ApiError('VALIDATION_ERROR', 'The row refers to a row that does not exist');
  if (code.startsWith('23') || code.startsWith('SQLITE_CONSTRAINT'))
    return new ApiError('VALIDATION_ERROR', 'The row breaks a rule of the table');
  if (code.startsWith('22'))
    return new ApiError('VALIDATION_ERROR', 'A value does not fit its column');
  if (code === 'SQLITE_TOOBIG') return new ApiError('PAYLOAD_TOO_LARGE');
  return err;
}

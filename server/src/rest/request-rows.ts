/**
 * Request bodies of the Data API: an object, or an array of objects for a bulk insert, declared
 * as the route's body schema (routes.ts). Keys may arrive in camelCase (docs/protocol.md, Common
 * to every call) and are stored under their snake_case names.
 */
import { z } from 'zod';
import { ApiError } from '../errors.ts';
import { camelToSnake, isIdentifier, shown } from './names.ts';

export const MAX_ROWS_PER_WRITE = 1000;

export type BodyRow = Record<string, unknown>;

/** One row as a client writes it: any JSON object, its keys column names. */
export const wireRow = z.record(z.string(), z.unknown());

/** POST: one row, or an array of at most MAX_ROWS_PER_WRITE rows. */
export const rowsToInsertBody = z.union([wireRow, z.array(wireRow).max(MAX_ROWS_PER_WRITE)], {
  // The union names no branch; the words say which rule the body broke.
  error: ({ input }) =>
    !Array.isArray(input)
      ? 'Send a JSON object, or an array of objects, to insert'
      : input.length > MAX_ROWS_PER_WRITE
        ? `At most ${MAX_ROWS_PER_WRITE} rows per request`
        : 'Each row to insert must be a JSON object',
});

/** PATCH: the columns to change, as one object. */
export const rowToUpdateBody = z.record(z.string(), z.unknown(), {
  error: 'Send a JSON object with the columns to change',
});

export type RowsToInsertBody = z.output<typeof rowsToInsertBody>;
export type RowToUpdateBody = z.output<typeof rowToUpdateBody>;

function toSnakeRow(raw: Record<string, unknown>): BodyRow {
  const row: BodyRow = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const column = camelToSnake(key);
    if (!isIdentifier(column))
      throw new ApiError('VALIDATION_ERROR', `Invalid column name "${shown(key)}"`);
    row[column] = value;
  }
  return row;
}

export function rowsToInsert(body: RowsToInsertBody): BodyRow[] {
  return (Array.isArray(body) ? body : [body]).map(toSnakeRow);
}

export function rowToUpdate(body: RowToUpdateBody): BodyRow {
  const row = toSnakeRow(body);
  if (Object.keys(row).length === 0)
    throw new ApiError('VALIDATION_ERROR', 'Nothing to change: the body names no column');
  return row;
}

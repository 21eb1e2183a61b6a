/**
 * Request bodies of the Data API: an object, or an array of objects for a bulk insert. Keys may
 * arrive in camelCase (docs/protocol.md, Common to every call) and are stored under their snake_case names.
 */
import { badRequest } from '../errors.ts';
import { camelToSnake, isIdentifier, shown } from './names.ts';

export const MAX_ROWS_PER_WRITE = 1000;

export type BodyRow = Record<string, unknown>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function toSnakeRow(raw: Record<string, unknown>): BodyRow {
  const row: BodyRow = {};
  for (const [key, value] of Object.entries(raw)) {
    if (value === undefined) continue;
    const column = camelToSnake(key);
    if (!isIdentifier(column)) throw badRequest(`Invalid column name "${shown(key)}"`);
    row[column] = value;
  }
  return row;
}

export function rowsToInsert(body: unknown): BodyRow[] {
  if (body === undefined || body === null)
    throw badRequest('Send a JSON object, or an array of objects, to insert');
  const list = Array.isArray(body) ? body : [body];
  if (list.length > MAX_ROWS_PER_WRITE)
    throw badRequest(`At most ${MAX_ROWS_PER_WRITE} rows per request`);
  return list.map((item) => {
    if (!isPlainObject(item)) throw badRequest('Each row to insert must be a JSON object');
    return toSnakeRow(item);
  });
}

export function rowToUpdate(body: unknown): BodyRow {
  if (!isPlainObject(body)) throw badRequest('Send a JSON object with the columns to change');
  const row = toSnakeRow(body);
  if (Object.keys(row).length === 0)
    throw badRequest('Nothing to change: the body names no column');
  return row;
}

/**
 * PostgREST's `select` list: `*`, columns, renamed columns (`day:event_date`) and casts
 * (`event_date::text`, `count:attendees::int`). Pure: parseSelectList reads the text,
 * shapeRow turns a stored row into the answered one.
 *
 * Casts are applied to the answered values, not in SQL, from a fixed list, so no text of the
 * request ever reaches the database. What PostgREST offers and this server does not (embedded
 * resources across foreign keys, JSON paths, aggregates) is refused by name (docs/protocol.md).
 */
import { QueryError } from './query-error.ts';

export const SELECT_CASTS = [
  'text',
  'integer',
  'int',
  'int4',
  'int8',
  'bigint',
  'smallint',
  'numeric',
  'float',
  'float8',
  'real',
  'boolean',
  'bool',
  'json',
  'jsonb',
] as const;
export type SelectCast = (typeof SELECT_CASTS)[number];

export type SelectItem =
  | { kind: 'all' }
  | { kind: 'column'; column: string; alias: string | null; cast: SelectCast | null };

/** Reads one select list; `toColumn` checks a name and converts camelCase. */
export function parseSelectList(
  raw: string,
  toColumn: (name: string) => string,
): SelectItem[] | null {
  if (/[()]/.test(raw)) {
    throw new QueryError(
      'Embedded resources (select=...,other(...)) are not supported: read each table on its own',
    );
  }
  if (raw.includes('->')) throw new QueryError('JSON paths in select (col->key) are not supported');
  const items = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (items.length === 0) return null;
  return items.map((item): SelectItem => {
    if (item === '*') return { kind: 'all' };
    const [head = '', castRaw, ...extra] = item.split('::');
    if (extra.length > 0) throw new QueryError(`Invalid select item "${item.slice(0, 64)}"`);
    const colon = head.indexOf(':');
    const alias = colon >= 0 ? head.slice(0, colon).trim() : null;
    const name = (colon >= 0 ? head.slice(colon + 1) : head).trim();
    if (alias !== null && !/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(alias)) {
      throw new QueryError(`Invalid alias "${alias.slice(0, 64)}": use letters, digits and _`);
    }
    let cast: SelectCast | null = null;
    if (castRaw !== undefined) {
      const wanted = castRaw.trim().toLowerCase();
      if (!(SELECT_CASTS as readonly string[]).includes(wanted)) {
        throw new QueryError(
          `Cast to "${wanted.slice(0, 32)}" is not supported (use one of ${SELECT_CASTS.join(', ')})`,
        );
      }
      cast = wanted as SelectCast;
    }
    return { kind: 'column', column: toColumn(name), alias, cast };
  });
}

/** The stored columns a select list reads; null means all of them. */
export function selectedColumns(items: readonly SelectItem[] | null): string[] | null {
  if (items === null || items.some((i) => i.kind === 'all')) return null;
  return [...new Set(items.map((i) => (i.kind === 'column' ? i.column : '')))];
}

/** True when the answer is the stored columns as they are (no rename, no cast, no repeat). */
export function isPlainSelect(items: readonly SelectItem[] | null): boolean {
  if (items === null) return true;
  const names = items.map((i) => (i.kind === 'column' ? i.column : '*'));
  return (
    items.every((i) => i.kind === 'all' || (i.alias === null && i.cast === null)) &&
    new Set(names).size === names.length
  );
}

function castValue(value: unknown, cast: SelectCast, column: string): unknown {
  if (value === null || value === undefined) return null;
  const fail = (): never => {
    throw new QueryError(`Column "${column}" holds a value that cannot be cast to ${cast}`);
  };
  switch (cast) {
    case 'text':
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'integer':
    case 'int':
    case 'int4':
    case 'int8':
    case 'bigint':
    case 'smallint': {
      const n = typeof value === 'boolean' ? fail() : Number(value);
      return Number.isFinite(n) && String(value).trim() !== '' ? Math.round(n) : fail();
    }
    case 'numeric':
    case 'float':
    case 'float8':
    case 'real': {
      const n = typeof value === 'boolean' ? fail() : Number(value);
      return Number.isFinite(n) && String(value).trim() !== '' ? n : fail();
    }
    case 'boolean':
    case 'bool': {
      if (typeof value === 'boolean') return value;
      const t = String(value).trim().toLowerCase();
      if (['true', 't', '1', 'yes', 'on'].includes(t)) return true;
      if (['false', 'f', '0', 'no', 'off'].includes(t)) return false;
      return fail();
    }
    case 'json':
    case 'jsonb':
      if (typeof value !== 'string') return value;
      try {
        return JSON.parse(value) as unknown;
      } catch {
        return value;
      }
  }
}

/** The answered row: `*` gives every stored column, then each item under its alias, cast. */
export function shapeRow(
  row: Record<string, unknown>,
  items: readonly SelectItem[],
  allColumns: readonly string[],
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const item of items) {
    if (item.kind === 'all') {
      for (const c of allColumns) out[c] = row[c];
      continue;
    }
    const value = row[item.column];
    out[item.alias ?? item.column] = item.cast ? castValue(value, item.cast, item.column) : value;
  }
  return out;
}

/** The answered column names, in order, for a CSV header. */
export function answerColumns(
  items: readonly SelectItem[] | null,
  allColumns: readonly string[],
): string[] {
  if (items === null) return [...allColumns];
  const out: string[] = [];
  for (const item of items) {
    if (item.kind === 'all') out.push(...allColumns);
    else out.push(item.alias ?? item.column);
  }
  return [...new Set(out)];
}

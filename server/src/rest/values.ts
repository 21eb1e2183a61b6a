/**
 * Values between the wire and a column's declared type. Every value is bound as a parameter;
 * these functions only decide what JavaScript value to bind, or refuse it with a 400 so the
 * database never sees a value of the wrong type (PostgreSQL would fail the statement).
 */
import { QueryError } from './parse-query.ts';
import { readBoolean } from '../store/sql-values.ts';

/** `json` is JSON kept as text: stored and answered as the string it is. */
export type ColumnType = 'text' | 'integer' | 'number' | 'boolean' | 'json';
export type DbValue = string | number | boolean | null;

const INTEGER_TEXT = /^[+-]?\d{1,10}$/;
const NUMBER_TEXT = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
// Declared INTEGER columns are 32-bit on PostgreSQL.
const INT_MIN = -2147483648;
const INT_MAX = 2147483647;

function parseBooleanText(raw: string): boolean | undefined {
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  return undefined;
}

function integerOrFail(n: number, column: string): number {
  if (!Number.isInteger(n) || n < INT_MIN || n > INT_MAX) {
    throw new QueryError(`Column "${column}" takes a whole number from ${INT_MIN} to ${INT_MAX}`);
  }
  return n;
}

function numberOrFail(n: number, column: string): number {
  if (!Number.isFinite(n)) throw new QueryError(`Column "${column}" takes a finite number`);
  return n;
}

/** A filter or cursor value written in the query string. Booleans may be sent as 1/0. */
export function fromQueryText(type: ColumnType, raw: string, column: string): DbValue {
  switch (type) {
    case 'text':
    case 'json':
      return raw;
    case 'integer':
      if (!INTEGER_TEXT.test(raw.trim()))
        throw new QueryError(`Column "${column}" takes a whole number`);
      return integerOrFail(Number(raw), column);
    case 'number':
      if (!NUMBER_TEXT.test(raw.trim())) throw new QueryError(`Column "${column}" takes a number`);
      return numberOrFail(Number(raw), column);
    case 'boolean': {
      const b = parseBooleanText(raw);
      if (b === undefined) throw new QueryError(`Column "${column}" takes true or false`);
      return b;
    }
  }
}

/** A value from a JSON body (or a cursor). Lenient where clients differ: `1`/`"true"` for booleans, numbers as text. */
export function fromJson(type: ColumnType, v: unknown, column: string): DbValue {
  if (v === null || v === undefined) return null;
  switch (type) {
    case 'text':
      if (typeof v === 'string') return v;
      if (typeof v === 'number' || typeof v === 'boolean') return String(v);
      return JSON.stringify(v);
    case 'json':
      return typeof v === 'string' ? v : JSON.stringify(v);
    case 'integer':
      if (typeof v === 'number') return integerOrFail(v, column);
      if (typeof v === 'string' && INTEGER_TEXT.test(v.trim()))
        return integerOrFail(Number(v), column);
      throw new QueryError(`Column "${column}" takes a whole number`);
    case 'number':
      if (typeof v === 'number') return numberOrFail(v, column);
      if (typeof v === 'string' && NUMBER_TEXT.test(v.trim()))
        return numberOrFail(Number(v), column);
      throw new QueryError(`Column "${column}" takes a number`);
    case 'boolean': {
      if (typeof v === 'boolean') return v;
      const b =
        typeof v === 'number' || typeof v === 'string' ? parseBooleanText(String(v)) : undefined;
      if (b === undefined) throw new QueryError(`Column "${column}" takes true or false`);
      return b;
    }
  }
}

/** A stored value as the API answers it: SQLite keeps booleans as 0/1. */
export function toApiValue(type: ColumnType, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (type === 'boolean') return readBoolean(v);
  if ((type === 'integer' || type === 'number') && typeof v === 'string') return Number(v);
  return v;
}

/** The type a column of a table created on the fly takes from the first value seen. */
export function inferType(v: unknown): ColumnType {
  if (typeof v === 'boolean') return 'boolean';
  if (typeof v === 'number') return 'number';
  if (v !== null && typeof v === 'object') return 'json';
  return 'text';
}

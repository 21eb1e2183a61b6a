/**
 * Values as the stores keep them, written once for both dialects. Instants are ISO 8601 UTC
 * text (`2026-03-01T15:04:05.000Z`) in either store, so they compare and sort as text and read
 * back with `Date.parse`. Booleans are PostgreSQL's `boolean` and SQLite's 0/1 integers; read
 * back, either driver's form (true, 1, '1', 't', 'true') counts as true.
 */
import type { Queryable } from './store.ts';

/** The instant `ms` as the stores keep it. */
export const isoInstant = (ms: number): string => new Date(ms).toISOString();

/** A boolean as `db`'s dialect keeps it, for a query parameter. */
export const storedBoolean = (db: Pick<Queryable, 'dialect'>, v: boolean): boolean | number =>
  db.dialect === 'postgres' ? v : v ? 1 : 0;

/** A boolean column's value as either store answers it. */
export const readBoolean = (v: unknown): boolean =>
  v === true || v === 1 || v === '1' || v === 't' || v === 'true';

/** What the Data API's operations share: the store, the clock and the table registry. */
import type { RolesConfig } from '@scout/protocol/permissions';
import type { Clock } from '../clock.ts';
import type { Store } from '../store/store.ts';
import { columnType } from './build-sql.ts';
import { filterColumns, type ParsedQuery } from './parse-query.ts';
import type { TableDef, TableRegistry } from './tables.ts';
import { toApiValue, type ColumnType } from './values.ts';
import { isoInstant } from '../store/sql-values.ts';

export interface DataContext {
  store: Store;
  clock: Clock;
  tables: TableRegistry;
  /** The roles configuration: which roles an account may be given. */
  roles: RolesConfig;
}

/** Rows a write created, changed or deleted in one table, by id. */
export interface TableChange {
  table: string;
  kind: 'created' | 'updated' | 'deleted';
  ids: string[];
  /** Deleted rows' owners by id, where the table has an owner: the rows are gone after. */
  owners?: Record<string, string>;
}

export type ApiRow = Record<string, unknown>;

/** A stored row as answered: only `columns`, booleans as JSON booleans. */
export function toApiRow(
  table: TableDef,
  row: Record<string, unknown>,
  columns: readonly string[],
): ApiRow {
  const out: ApiRow = {};
  for (const c of columns) {
    const type = table.columns.get(c);
    if (type) out[c] = toApiValue(type, row[c]);
  }
  return out;
}

/**
 * The rows of a SELECT of exactly `columns` (columns of `table`, in that order) as answered: the
 * same as toApiRow on each, converted in place so rows of text columns are not copied.
 */
export function toApiRowsInPlace(
  table: TableDef,
  rows: Array<Record<string, unknown>>,
  columns: readonly string[],
): ApiRow[] {
  const converted: Array<[string, ColumnType]> = [];
  for (const c of columns) {
    const type = table.columns.get(c);
    if (type && type !== 'text' && type !== 'json') converted.push([c, type]);
  }
  for (const row of rows) for (const [c, type] of converted) row[c] = toApiValue(type, row[c]);
  return rows;
}

/** Refuses (400, naming it) the first column of the query the table does not have. */
export function checkQueryColumns(table: TableDef, q: ParsedQuery): void {
  for (const c of queryColumns(q)) columnType(table, c);
}

/** Every column a query names (filters, order, select, on_conflict). */
export function queryColumns(q: ParsedQuery): Set<string> {
  const cols = filterColumns(q.filters);
  for (const t of q.order) cols.add(t.column);
  for (const c of q.select ?? []) cols.add(c);
  for (const c of q.onConflict ?? []) cols.add(c);
  return cols;
}

export const nowIso = (ctx: Pick<DataContext, 'clock'>) => isoInstant(ctx.clock.now());

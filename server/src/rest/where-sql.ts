/**
 * The WHERE clause of every Data API statement (build-sql.ts): the client's filters, the caller's
 * row scope, exact matches, and the keyset condition that continues a page after a cursor; with
 * the binder that keeps parameters in the order they appear in the text. Apart from the
 * statements because all of them share it, and because it is where NULL and text ordering are
 * made to behave alike on both engines (see build-sql.ts).
 */
import type { Dialect } from '../store/store.ts';
import { quoteIdent } from '../store/store.ts';
import { parseLikePattern, toGlobPattern, toLikePattern } from './like-pattern.ts';
import { QueryError, type Condition, type Filter, type OrderTerm } from './parse-query.ts';
import type { RowScope } from './rules.ts';
import { TROOP_COLUMN, type Tenancy } from './table-definition.ts';
import { fromQueryText, type ColumnType, type DbValue } from './values.ts';

export interface Sql {
  text: string;
  params: unknown[];
}

/** What build-sql needs to know of a table: its name and the columns the API may use. */
export interface TableShape {
  name: string;
  columns: ReadonlyMap<string, ColumnType>;
  /** Columns declared NOT NULL: their order needs no NULLS clause, which lets SQLite use an index. */
  notNull?: ReadonlySet<string>;
}

/**
 * The troop a statement is confined to (docs/decisions/065-troops.md), made by troopScope from
 * the table's tenancy and the request's troop: a troop table's rows of that troop (and, for a
 * read of a table its council shares, the council's too), the accounts with a membership there,
 * or (a global table) every row.
 */
export type TroopScope =
  | { kind: 'troop'; troopId: string }
  | { kind: 'troopAndCouncil'; troopId: string; councilId: string }
  | { kind: 'accounts'; column: string; troopId: string }
  | { kind: 'global' };

/**
 * `councilId` is given for reads only: a write (and the check of what it may touch) is always
 * the troop's own rows, so a council's shared rows are never written through a troop's path.
 */
export function troopScope(
  table: { tenancy: Tenancy; account?: string; councilShared?: boolean },
  troopId: string,
  councilId: string | null = null,
): TroopScope {
  if (table.tenancy === 'troop')
    return table.councilShared && councilId !== null
      ? { kind: 'troopAndCouncil', troopId, councilId }
      : { kind: 'troop', troopId };
  if (table.tenancy === 'accounts')
    return { kind: 'accounts', column: table.account ?? 'id', troopId };
  return { kind: 'global' };
}

/**
 * Which rows a statement touches: the troop's, then the client's filters, the caller's scope,
 * and exact matches. The troop is required, so no statement can be built without it.
 */
export interface RowSelection {
  troop: TroopScope;
  filters: readonly Filter[];
  scope: RowScope;
  /** Column = value pairs that must all hold (upsert lookups by conflict key). */
  match?: ReadonlyArray<readonly [string, DbValue]>;
}

export class Binder {
  readonly params: unknown[] = [];
  bind(v: unknown): string {
    this.params.push(v);
    return '?';
  }
}

export function columnType(shape: TableShape, column: string): ColumnType {
  const type = shape.columns.get(column);
  if (!type) throw new QueryError(`Unknown column "${column}" in table "${shape.name}"`);
  return type;
}

const isText = (t: ColumnType) => t === 'text' || t === 'json';

/** The column as used by an ordering comparison: byte order on PostgreSQL, as SQLite does. */
export function ordered(dialect: Dialect, column: string, type: ColumnType): string {
  return dialect === 'postgres' && isText(type)
    ? `${quoteIdent(column)} COLLATE "C"`
    : quoteIdent(column);
}

const COMPARE_SQL = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;

function compileCondition(c: Condition, shape: TableShape, dialect: Dialect, b: Binder): string {
  const type = columnType(shape, c.column);
  const col = quoteIdent(c.column);
  let sql: string;
  switch (c.op) {
    case 'in': {
      const values = c.values.map((v) => b.bind(fromQueryText(type, v, c.column)));
      sql = values.length === 0 ? '1=0' : `${col} IN (${values.join(', ')})`;
      break;
    }
    case 'is':
      if (c.value !== 'null' && type !== 'boolean') {
        throw new QueryError(
          `is.${c.value} applies to true/false columns; "${c.column}" is not one`,
        );
      }
      sql = `${col} IS ${c.value.toUpperCase()}`;
      break;
    case 'like':
    case 'ilike': {
      if (!isText(type))
        throw new QueryError(`${c.op} applies to text columns; "${c.column}" is not one`);
      const tokens = parseLikePattern(c.value);
      if (dialect === 'postgres')
        sql = `${col} ${c.op === 'like' ? 'LIKE' : 'ILIKE'} ${b.bind(toLikePattern(tokens))} ESCAPE '\\'`;
      else if (c.op === 'like') sql = `${col} GLOB ${b.bind(toGlobPattern(tokens))}`;
      else sql = `${col} LIKE ${b.bind(toLikePattern(tokens))} ESCAPE '\\'`;
      break;
    }
    default: {
      const value = b.bind(fromQueryText(type, c.value, c.column));
      const left = c.op === 'eq' || c.op === 'neq' ? col : ordered(dialect, c.column, type);
      sql = `${left} ${COMPARE_SQL[c.op]} ${value}`;
    }
  }
  return c.negated ? `NOT (${sql})` : sql;
}

function compileFilter(f: Filter, shape: TableShape, dialect: Dialect, b: Binder): string {
  if (f.kind === 'cond') return compileCondition(f, shape, dialect, b);
  const parts = f.children.map((child) => compileFilter(child, shape, dialect, b));
  const sql = `(${parts.join(f.kind === 'and' ? ' AND ' : ' OR ')})`;
  return f.negated ? `NOT ${sql}` : sql;
}

/** One bound parameter: a troop's rows come from its range of the troop-led indexes. */
function troopSql(troop: TroopScope, b: Binder): string | null {
  if (troop.kind === 'global') return null;
  if (troop.kind === 'troop') return `${quoteIdent(TROOP_COLUMN)} = ${b.bind(troop.troopId)}`;
  if (troop.kind === 'troopAndCouncil')
    return `${quoteIdent(TROOP_COLUMN)} IN (${b.bind(troop.troopId)}, ${b.bind(troop.councilId)})`;
  return `${quoteIdent(troop.column)} IN (SELECT user_id FROM memberships WHERE troop_id = ${b.bind(troop.troopId)})`;
}

function scopeSql(scope: RowScope, b: Binder): string | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'none') return '1=0';
  return `${quoteIdent(scope.column)} = ${b.bind(scope.userId)}`;
}

/** Rows outside a scope (NULL owners included): the complement of scopeSql. */
export function outsideScopeSql(scope: RowScope, b: Binder): string {
  if (scope.kind === 'all') return '1=0';
  if (scope.kind === 'none') return '1=1';
  const col = quoteIdent(scope.column);
  return `(${col} IS NULL OR ${col} <> ${b.bind(scope.userId)})`;
}

/** `extra` is called last so its parameters are bound in the order they appear in the text. */
export function whereSql(
  sel: RowSelection,
  shape: TableShape,
  dialect: Dialect,
  b: Binder,
  extra?: () => string,
): string {
  const parts: string[] = [];
  const troop = troopSql(sel.troop, b);
  if (troop) parts.push(troop);
  const scope = scopeSql(sel.scope, b);
  if (scope) parts.push(scope);
  for (const [column, value] of sel.match ?? []) {
    columnType(shape, column);
    parts.push(
      value === null ? `${quoteIdent(column)} IS NULL` : `${quoteIdent(column)} = ${b.bind(value)}`,
    );
  }
  for (const f of sel.filters) parts.push(compileFilter(f, shape, dialect, b));
  if (extra) parts.push(extra());
  return parts.length === 0 ? '' : ` WHERE ${parts.join(' AND ')}`;
}

/**
 * Keyset condition "the row comes after `values` in `order`": for each term, either strictly
 * after on that term, or equal on it and after on the next. NULL sits first or last as ordered;
 * a NOT NULL column has none. When the first column is NOT NULL, the condition opens with its
 * bound alone (`event_date >= ?`), which says nothing new but lets both engines start reading an
 * index there instead of at its beginning: a page deep in a large table costs what the first does.
 */
export function afterSql(
  shape: TableShape,
  dialect: Dialect,
  order: readonly OrderTerm[],
  values: readonly DbValue[],
  b: Binder,
): string {
  const build = (i: number): string => {
    const term = order[i];
    if (!term) return '1=0';
    const type = columnType(shape, term.column);
    const col = quoteIdent(term.column);
    const v = values[i] ?? null;
    const last = i === order.length - 1;
    const nullable = !shape.notNull?.has(term.column);
    if (v === null) {
      const after = term.nullsFirst ? `${col} IS NOT NULL` : '1=0';
      return last ? after : `(${after} OR (${col} IS NULL AND ${build(i + 1)}))`;
    }
    const cmp = `${ordered(dialect, term.column, type)} ${term.descending ? '<' : '>'} ${b.bind(v)}`;
    const after = term.nullsFirst || !nullable ? cmp : `(${cmp} OR ${col} IS NULL)`;
    if (last) return after;
    // Bound after cmp's value: parameters follow the text's order.
    const equal = `${col} = ${b.bind(v)}`;
    return `(${after} OR (${equal} AND ${build(i + 1)}))`;
  };
  const first = order[0];
  const v = values[0] ?? null;
  if (!first || v === null || !shape.notNull?.has(first.column)) return build(0);
  const seek = `${ordered(dialect, first.column, columnType(shape, first.column))} ${first.descending ? '<=' : '>='} ${b.bind(v)}`;
  return `${seek} AND ${build(0)}`;
}

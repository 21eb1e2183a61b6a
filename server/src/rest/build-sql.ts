/**
 * The typed tree from parse-query.ts -> parameterised SQL for one dialect. Pure. Identifiers
 * are checked against the table's columns and quoted; values are always bound (`?`).
 *
 * Both engines answer alike: NULL follows SQL's three-valued logic (a comparison with NULL
 * matches nothing, also under `not.`), NULLS FIRST/LAST is always explicit, and text is ordered
 * and compared by code point (PostgreSQL uses COLLATE "C" for <, >, and ORDER BY).
 */
import type { Dialect } from '../store/store.ts';
import { quoteIdent } from '../store/store.ts';
import { parseLikePattern, toGlobPattern, toLikePattern } from './like-pattern.ts';
import { QueryError, type Condition, type Filter, type OrderTerm } from './parse-query.ts';
import type { RowScope } from './rules.ts';
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

/** Which rows a statement touches: the client's filters, the caller's scope, and exact matches. */
export interface RowSelection {
  filters: readonly Filter[];
  scope: RowScope;
  /** Column = value pairs that must all hold (upsert lookups by conflict key). */
  match?: ReadonlyArray<readonly [string, DbValue]>;
}

class Binder {
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
function ordered(dialect: Dialect, column: string, type: ColumnType): string {
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

function scopeSql(scope: RowScope, b: Binder): string | null {
  if (scope.kind === 'all') return null;
  if (scope.kind === 'none') return '1=0';
  return `${quoteIdent(scope.column)} = ${b.bind(scope.userId)}`;
}

/** Rows outside a scope (NULL owners included): the complement of scopeSql. */
function outsideScopeSql(scope: RowScope, b: Binder): string {
  if (scope.kind === 'all') return '1=0';
  if (scope.kind === 'none') return '1=1';
  const col = quoteIdent(scope.column);
  return `(${col} IS NULL OR ${col} <> ${b.bind(scope.userId)})`;
}

/** `extra` is called last so its parameters are bound in the order they appear in the text. */
function whereSql(
  sel: RowSelection,
  shape: TableShape,
  dialect: Dialect,
  b: Binder,
  extra?: () => string,
): string {
  const parts: string[] = [];
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

/** `id` is unique, so ordering ends with it: every order is total and a cursor is exact. */
export function totalOrder(order: readonly OrderTerm[]): OrderTerm[] {
  const out: OrderTerm[] = [];
  for (const term of order) {
    if (out.some((t) => t.column === term.column)) continue;
    out.push(term);
    if (term.column === 'id') return out;
  }
  out.push({ column: 'id', descending: false, nullsFirst: false });
  return out;
}

/**
 * Keyset condition "the row comes after `values` in `order`": for each term, either strictly
 * after on that term, or equal on it and after on the next. NULL sits first or last as ordered;
 * a NOT NULL column has none. When the first column is NOT NULL, the condition opens with its
 * bound alone (`event_date >= ?`), which says nothing new but lets both engines start reading an
 * index there instead of at its beginning: a page deep in a large table costs what the first does.
 */
function afterSql(
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

export interface SelectPlan {
  columns: readonly string[];
  selection: RowSelection;
  /** A total order (see totalOrder). */
  order: readonly OrderTerm[];
  /** Order-key values of the last row already seen (a decoded cursor). */
  after?: readonly DbValue[];
  limit: number;
  offset: number;
}

const columnList = (shape: TableShape, columns: readonly string[]) =>
  columns.map((c) => (columnType(shape, c), quoteIdent(c))).join(', ');

/**
 * The one number written into SQL instead of bound: SQLite plans with a LIMIT's value, so a bound
 * LIMIT makes it compile the statement again on every run. Only a whole number checked here is
 * written; the client's `limit` text never reaches SQL.
 */
function limitLiteral(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 0) throw new Error(`Invalid LIMIT ${limit}`);
  return String(limit);
}

export function buildSelect(shape: TableShape, dialect: Dialect, plan: SelectPlan): Sql {
  const b = new Binder();
  const cols = columnList(shape, plan.columns);
  const after = plan.after;
  const where = whereSql(
    plan.selection,
    shape,
    dialect,
    b,
    after ? () => afterSql(shape, dialect, plan.order, after, b) : undefined,
  );
  const orderBy = plan.order
    .map((t) => {
      const type = columnType(shape, t.column);
      const nulls = shape.notNull?.has(t.column) ? '' : ` NULLS ${t.nullsFirst ? 'FIRST' : 'LAST'}`;
      return `${ordered(dialect, t.column, type)} ${t.descending ? 'DESC' : 'ASC'}${nulls}`;
    })
    .join(', ');
  const text = `SELECT ${cols} FROM ${quoteIdent(shape.name)}${where} ORDER BY ${orderBy} LIMIT ${limitLiteral(plan.limit)} OFFSET ${b.bind(plan.offset)}`;
  return { text, params: b.params };
}

export function buildCount(shape: TableShape, dialect: Dialect, selection: RowSelection): Sql {
  const b = new Binder();
  const where = whereSql(selection, shape, dialect, b);
  return { text: `SELECT COUNT(*) AS n FROM ${quoteIdent(shape.name)}${where}`, params: b.params };
}

/** The matching rows, as nothing but a row each: what a planner estimates a count from. */
export function buildMatching(shape: TableShape, dialect: Dialect, selection: RowSelection): Sql {
  const b = new Binder();
  const where = whereSql(selection, shape, dialect, b);
  return { text: `SELECT 1 FROM ${quoteIdent(shape.name)}${where}`, params: b.params };
}

/** Counts the matching rows, but reads no more than `cap` of them. */
export function buildCappedCount(
  shape: TableShape,
  dialect: Dialect,
  selection: RowSelection,
  cap: number,
): Sql {
  const matching = buildMatching(shape, dialect, selection);
  return {
    text: `SELECT COUNT(*) AS n FROM (${matching.text} LIMIT ${limitLiteral(cap)}) AS capped`,
    params: matching.params,
  };
}

/** Is any selected row outside `writable`? Such rows are visible but not the caller's to change. */
export function buildAnyOutside(
  shape: TableShape,
  dialect: Dialect,
  selection: RowSelection,
  writable: RowScope,
): Sql {
  const b = new Binder();
  const where = whereSql(selection, shape, dialect, b, () => outsideScopeSql(writable, b));
  return {
    text: `SELECT 1 AS hit FROM ${quoteIdent(shape.name)}${where} LIMIT 1`,
    params: b.params,
  };
}

/** Several rows with the same columns in one statement. */
export function buildInsert(
  shape: TableShape,
  columns: readonly string[],
  rows: ReadonlyArray<readonly DbValue[]>,
  returning: readonly string[],
): Sql {
  const b = new Binder();
  const tuples = rows.map((row) => `(${row.map((v) => b.bind(v)).join(', ')})`);
  const text = `INSERT INTO ${quoteIdent(shape.name)} (${columns.map(quoteIdent).join(', ')}) VALUES ${tuples.join(', ')} RETURNING ${columnList(shape, returning)}`;
  return { text, params: b.params };
}

export interface UpdatePlan {
  set: ReadonlyArray<readonly [string, DbValue]>;
  /** An INTEGER column raised by one on every update (calendar_events.sequence, for iCal). */
  bump?: string;
  selection: RowSelection;
  returning: readonly string[];
}

export function buildUpdate(shape: TableShape, dialect: Dialect, plan: UpdatePlan): Sql {
  const b = new Binder();
  const sets = plan.set.map(([c, v]) => `${quoteIdent(c)} = ${b.bind(v)}`);
  if (plan.bump) sets.push(`${quoteIdent(plan.bump)} = ${quoteIdent(plan.bump)} + 1`);
  const where = whereSql(plan.selection, shape, dialect, b);
  const text = `UPDATE ${quoteIdent(shape.name)} SET ${sets.join(', ')}${where} RETURNING ${columnList(shape, plan.returning)}`;
  return { text, params: b.params };
}

export function buildDelete(
  shape: TableShape,
  dialect: Dialect,
  selection: RowSelection,
  returning: readonly string[],
): Sql {
  const b = new Binder();
  const where = whereSql(selection, shape, dialect, b);
  return {
    text: `DELETE FROM ${quoteIdent(shape.name)}${where} RETURNING ${columnList(shape, returning)}`,
    params: b.params,
  };
}

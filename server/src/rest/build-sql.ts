/**
 * The typed tree from parse-query.ts -> parameterised SQL for one dialect. Pure. Identifiers
 * are checked against the table's columns and quoted; values are always bound (`?`).
 *
 * Both engines answer alike: NULL follows SQL's three-valued logic (a comparison with NULL
 * matches nothing, also under `not.`), NULLS FIRST/LAST is always explicit, and text is ordered
 * and compared by code point (PostgreSQL uses COLLATE "C" for <, >, and ORDER BY).
 * The WHERE clause every statement shares is where-sql.ts; this file builds the statements.
 */
import type { Dialect } from '../store/store.ts';
import { quoteIdent } from '../store/store.ts';
import type { OrderTerm } from './parse-query.ts';
import type { RowScope } from './rules.ts';
import type { DbValue } from './values.ts';
import {
  Binder,
  afterSql,
  columnType,
  ordered,
  outsideScopeSql,
  whereSql,
  type RowSelection,
  type Sql,
  type TableShape,
} from './where-sql.ts';

export {
  columnType,
  troopScope,
  type RowSelection,
  type Sql,
  type TableShape,
  type TroopScope,
} from './where-sql.ts';

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

function orderByText(shape: TableShape, dialect: Dialect, order: readonly OrderTerm[]): string {
  return order
    .map((t) => {
      const type = columnType(shape, t.column);
      const nulls = shape.notNull?.has(t.column) ? '' : ` NULLS ${t.nullsFirst ? 'FIRST' : 'LAST'}`;
      return `${ordered(dialect, t.column, type)} ${t.descending ? 'DESC' : 'ASC'}${nulls}`;
    })
    .join(', ');
}

/** `SELECT ... FROM ... WHERE ...` of the plan's rows, for the selection given. */
function selectFrom(
  shape: TableShape,
  dialect: Dialect,
  plan: SelectPlan,
  selection: RowSelection,
  b: Binder,
): string {
  const after = plan.after;
  const where = whereSql(
    selection,
    shape,
    dialect,
    b,
    after ? () => afterSql(shape, dialect, plan.order, after, b) : undefined,
  );
  return `SELECT ${columnList(shape, plan.columns)} FROM ${quoteIdent(shape.name)}${where}`;
}

export function buildSelect(shape: TableShape, dialect: Dialect, plan: SelectPlan): Sql {
  const troop = plan.selection.troop;
  if (troop.kind === 'troopAndCouncil') return buildSharedSelect(shape, dialect, plan, troop);
  const b = new Binder();
  const rows = selectFrom(shape, dialect, plan, plan.selection, b);
  const text = `${rows} ORDER BY ${orderByText(shape, dialect, plan.order)} LIMIT ${limitLiteral(plan.limit)} OFFSET ${b.bind(plan.offset)}`;
  return { text, params: b.params };
}

/**
 * A troop's page with its council's rows (docs/decisions/065-troops.md, The measured cost): each
 * unit's rows are one range of the troop-led index, and the two are merged in order rather than
 * read whole and sorted, as `troop_id IN (...)` would. SQLite merges the ranges of one compound
 * statement as it reads them; PostgreSQL merges the two pages each ordered and cut (a Merge
 * Append), and sorts a plain compound. Both answer the rows `IN` would, in the same order.
 */
function buildSharedSelect(
  shape: TableShape,
  dialect: Dialect,
  plan: SelectPlan,
  troop: { troopId: string; councilId: string },
): Sql {
  const b = new Binder();
  const orderBy = orderByText(shape, dialect, plan.order);
  const limit = limitLiteral(plan.limit);
  const unitRows = (troopId: string) =>
    selectFrom(shape, dialect, plan, { ...plan.selection, troop: { kind: 'troop', troopId } }, b);
  if (dialect === 'sqlite') {
    const own = unitRows(troop.troopId);
    const council = unitRows(troop.councilId);
    const text = `${own} UNION ALL ${council} ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${b.bind(plan.offset)}`;
    return { text, params: b.params };
  }
  // Each unit's page holds all the merged page may take from it: the offset's rows and the limit's.
  const page = (troopId: string) =>
    `(${unitRows(troopId)} ORDER BY ${orderBy} LIMIT ${limit} + ${b.bind(plan.offset)})`;
  const own = page(troop.troopId);
  const council = page(troop.councilId);
  const text = `SELECT * FROM (${own} UNION ALL ${council}) AS shared ORDER BY ${orderBy} LIMIT ${limit} OFFSET ${b.bind(plan.offset)}`;
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

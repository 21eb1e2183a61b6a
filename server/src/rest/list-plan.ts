/**
 * What a list request runs: its statements and how its rows are answered, made from the table,
 * the parsed query and the caller's row scope, and kept for the next request with the same three
 * (the query text is parsed once, request-cache.ts, so the same text is the same object here).
 * Pure apart from that cache; a table whose columns change is a new TableDef, so its plans are
 * made afresh.
 */
import type { Dialect } from '../store/store.ts';
import {
  buildCount,
  buildSelect,
  columnType,
  totalOrder,
  troopScope,
  type RowSelection,
  type Sql,
} from './build-sql.ts';
import { decodeCursor } from './cursor.ts';
import { checkQueryColumns } from './data-context.ts';
import type { OrderTerm, ParsedQuery } from './parse-query.ts';
import type { RowScope } from './rules.ts';
import { answerColumns } from './select-list.ts';
import type { TableDef } from './tables.ts';

/** At most this many rows per answer, as PostgREST's db-max-rows; the cursor continues. */
export const MAX_PAGE_ROWS = 10_000;

export interface ListPlan {
  select: Sql;
  count: Sql;
  selection: RowSelection;
  /** The columns read: the answered ones and the order's (the cursor is made of them). */
  needed: string[];
  /** The stored columns answered. */
  columns: readonly string[];
  /** Rows read hold more columns than answered (or a select list names some). */
  project: boolean;
  order: OrderTerm[];
  limit: number;
  /** The answered column names in order (a CSV header). */
  answerColumns: string[];
}

function makePlan(
  table: TableDef,
  dialect: Dialect,
  q: ParsedQuery,
  scope: RowScope,
  troopId: string,
  councilId: string | null,
): ListPlan {
  checkQueryColumns(table, q);
  const troop = troopScope(table, troopId, councilId);
  const selection: RowSelection = { troop, filters: q.filters, scope };
  const all = [...table.columns.keys()];
  const columns = q.select ?? all;
  const order = totalOrder(q.order);
  const needed = [...new Set([...columns, ...order.map((t) => t.column)])];
  const after =
    q.cursor === null ? undefined : decodeCursor(q.cursor, order, (c) => columnType(table, c));
  const limit = Math.min(q.limit ?? MAX_PAGE_ROWS, MAX_PAGE_ROWS);
  return {
    select: buildSelect(table, dialect, {
      columns: needed,
      selection,
      order,
      after,
      limit,
      offset: q.offset,
    }),
    count: buildCount(table, dialect, selection),
    selection,
    needed,
    columns,
    project: !(q.select === null && needed.length === columns.length),
    order,
    limit,
    answerColumns: answerColumns(q.selectItems, all),
  };
}

/** Scopes kept per table and query; past it they start afresh (one per member and troop at most). */
const MAX_SCOPES = 256;
const plans = new WeakMap<TableDef, WeakMap<ParsedQuery, Map<string, ListPlan>>>();

/**
 * A plan binds its troop's id and its council's: one troop's plan is never another's, nor that of
 * the same troop after it changed council (ids hold no NUL).
 */
const scopeKey = (dialect: Dialect, scope: RowScope, troopId: string, councilId: string | null) => {
  const units = `${dialect}\u0000${troopId}\u0000${councilId ?? ''}`;
  return scope.kind === 'owner'
    ? `${units}\u0000${scope.column}:${scope.userId}`
    : `${units}\u0000${scope.kind}`;
};

export function listPlan(
  table: TableDef,
  dialect: Dialect,
  q: ParsedQuery,
  scope: RowScope,
  troopId: string,
  /** The troop's council, whose shared rows a read includes (table-definition.ts councilShared). */
  councilId: string | null = null,
): ListPlan {
  let byQuery = plans.get(table);
  if (!byQuery) plans.set(table, (byQuery = new WeakMap()));
  let byScope = byQuery.get(q);
  if (!byScope) byQuery.set(q, (byScope = new Map()));
  const key = scopeKey(dialect, scope, troopId, councilId);
  let plan = byScope.get(key);
  if (!plan) {
    plan = makePlan(table, dialect, q, scope, troopId, councilId);
    if (byScope.size >= MAX_SCOPES) byScope.clear();
    byScope.set(key, plan);
  }
  return plan;
}

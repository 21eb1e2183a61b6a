/** GET: list rows the caller may read, with filters, order, paging and counts. */
import { notFound } from '../errors.ts';
import { buildCount, buildSelect, columnType, totalOrder } from './build-sql.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import {
  checkQueryColumns,
  queryColumns,
  toApiRow,
  toApiRowsInPlace,
  type ApiRow,
  type DataContext,
} from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { CountMode, Prefer } from './prefer.ts';
import { QueryError } from './query-error.ts';
import { accessFor, type SignedInCaller } from './rules.ts';
import { answerColumns, isPlainSelect, shapeRow } from './select-list.ts';
import type { TableDef } from './tables.ts';
import type { RowSelection } from './build-sql.ts';

/** At most this many rows per answer, as PostgREST's db-max-rows; the cursor continues. */
export const MAX_PAGE_ROWS = 10_000;

export interface Page {
  rows: ApiRow[];
  /** The answered column names in order (a CSV header), known even when no row matched. */
  columns: string[];
  /** `0-9/42`, `*\/0` (PostgREST). The total is `*` unless `Prefer: count=exact`. */
  contentRange: string;
  nextCursor: string | null;
}

function contentRange(offset: number, count: number, total: number | null): string {
  const of = total === null ? '*' : String(total);
  return count === 0 ? `*/${of}` : `${offset}-${offset + count - 1}/${of}`;
}

export async function listRows(
  ctx: DataContext,
  caller: SignedInCaller,
  name: string,
  q: ParsedQuery,
  prefer: Prefer,
): Promise<Page> {
  const found = await ctx.tables.lookup(name);
  if (found.kind === 'reserved') throw notFound(`Table "${name}" not found`);
  // A table created on first write reads as empty until then.
  if (found.kind === 'absent')
    return {
      rows: [],
      columns: answerColumns(q.selectItems, []),
      contentRange: contentRange(q.offset, 0, prefer.count ? 0 : null),
      nextCursor: null,
    };
  const table = await ctx.tables.withColumns(found.table, queryColumns(q));
  checkQueryColumns(table, q);
  const access = accessFor(table.name, table.dynamic, caller, ctx.roles);
  const selection = { filters: q.filters, scope: access.read };

  const all = [...table.columns.keys()];
  const columns = q.select ?? all;
  const order = totalOrder(q.order);
  // The order columns are read too: the cursor is made of the last row's values.
  const needed = [...new Set([...columns, ...order.map((t) => t.column)])];
  const after =
    q.cursor === null ? undefined : decodeCursor(q.cursor, order, (c) => columnType(table, c));
  const limit = Math.min(q.limit ?? MAX_PAGE_ROWS, MAX_PAGE_ROWS);

  const sql = buildSelect(table, ctx.store.dialect, {
    columns: needed,
    selection,
    order,
    after,
    limit,
    offset: q.offset,
  });
  const { rows } = await ctx.store.query(sql.text, sql.params);
  const full = toApiRowsInPlace(table, rows, needed);
  const last = full[full.length - 1];
  const nextCursor = limit > 0 && full.length === limit && last ? encodeCursor(order, last) : null;

  const total = prefer.count ? await countRows(ctx, table, selection, prefer.count) : null;
  const stored =
    q.select === null && needed.length === columns.length
      ? full
      : full.map((r) => toApiRow(table, r, columns));
  const items = q.selectItems;
  const answer =
    items && !isPlainSelect(items) ? stored.map((r) => shapeRow(r, items, all)) : stored;
  return {
    rows: answer,
    columns: answerColumns(items, all),
    contentRange: contentRange(q.offset, answer.length, total),
    nextCursor,
  };
}

/** Above this many rows an estimated count is the planner's estimate; below it, exact. */
export const ESTIMATED_COUNT_EXACT_UP_TO = MAX_PAGE_ROWS;

/**
 * PostgREST's three counts. `exact` counts every matching row. `planned` is PostgreSQL's planner
 * estimate (cheap at any size); SQLite has no such estimate, so it is refused there rather than
 * answered with a guess. `estimated` is exact for small results and the plan for large ones (on
 * SQLite, always exact).
 */
async function countRows(
  ctx: DataContext,
  table: TableDef,
  selection: RowSelection,
  mode: CountMode,
): Promise<number> {
  const sql = buildCount(table, ctx.store.dialect, selection);
  const exact = async () =>
    Number((await ctx.store.query<{ n: number }>(sql.text, sql.params)).rows[0]?.n ?? 0);
  if (mode === 'exact') return exact();
  if (ctx.store.dialect !== 'postgres') {
    if (mode === 'planned')
      throw new QueryError(
        'count=planned needs a query planner estimate, which this database does not give: use count=exact or count=estimated',
      );
    return exact();
  }
  const planned = await plannedRows(ctx, sql);
  return mode === 'estimated' && planned <= ESTIMATED_COUNT_EXACT_UP_TO ? exact() : planned;
}

/** The planner's row estimate for the counted rows (the node under the count's Aggregate). */
async function plannedRows(
  ctx: DataContext,
  sql: { text: string; params: unknown[] },
): Promise<number> {
  const { rows } = await ctx.store.query<Record<string, unknown>>(
    `EXPLAIN (FORMAT JSON) ${sql.text}`,
    sql.params,
  );
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: { 'Plan Rows': number; Plans?: Array<{ 'Plan Rows': number }> };
  }>;
  const top = plan[0]?.Plan;
  return Math.round(top?.Plans?.[0]?.['Plan Rows'] ?? top?.['Plan Rows'] ?? 0);
}

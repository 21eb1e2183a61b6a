/** GET: list rows the caller may read, with filters, order, paging and counts. */
import { notFound } from '../errors.ts';
import type { Sql } from './build-sql.ts';
import { encodeCursor } from './cursor.ts';
import {
  queryColumns,
  toApiRow,
  toApiRowsInPlace,
  type ApiRow,
  type DataContext,
} from './data-context.ts';
import { listPlan, MAX_PAGE_ROWS } from './list-plan.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { CountMode, Prefer } from './prefer.ts';
import { QueryError } from './query-error.ts';
import { accessFor, type SignedInCaller } from './rules.ts';
import { answerColumns, isPlainSelect, shapeRow } from './select-list.ts';

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
  const found = ctx.tables.lookupKnown(name) ?? (await ctx.tables.lookup(name));
  if (found.kind === 'reserved') throw notFound(`Table "${name}" not found`);
  // A table created on first write reads as empty until then.
  if (found.kind === 'absent')
    return {
      rows: [],
      columns: answerColumns(q.selectItems, []),
      contentRange: contentRange(q.offset, 0, prefer.count ? 0 : null),
      nextCursor: null,
    };
  const table = found.table.dynamic
    ? await ctx.tables.withColumns(found.table, queryColumns(q))
    : found.table;
  const access = accessFor(table.name, table.dynamic, caller, ctx.roles);
  const plan = listPlan(table, ctx.store.dialect, q, access.read);

  const { rows } = await ctx.store.query(plan.select.text, plan.select.params);
  const full = toApiRowsInPlace(table, rows, plan.needed);
  const last = full[full.length - 1];
  const nextCursor =
    plan.limit > 0 && full.length === plan.limit && last ? encodeCursor(plan.order, last) : null;

  const total = prefer.count ? await countRows(ctx, plan.count, prefer.count) : null;
  const stored = plan.project ? full.map((r) => toApiRow(table, r, plan.columns)) : full;
  const items = q.selectItems;
  let answer = stored;
  if (items && !isPlainSelect(items)) {
    const all = [...table.columns.keys()];
    answer = stored.map((r) => shapeRow(r, items, all));
  }
  return {
    rows: answer,
    columns: plan.answerColumns,
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
async function countRows(ctx: DataContext, sql: Sql, mode: CountMode): Promise<number> {
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

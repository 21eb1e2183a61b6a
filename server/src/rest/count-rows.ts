/**
 * PostgREST's three counts for a list (`Prefer: count=...`, docs/protocol.md, Data API).
 *
 * - `exact` counts every matching row.
 * - `planned` is PostgreSQL's planner estimate, cheap at any size. SQLite's planner gives none,
 *   so it is refused there rather than answered with a guess.
 * - `estimated` is exact up to ESTIMATED_COUNT_EXACT_UP_TO rows and an estimate beyond, so its
 *   cost stops growing with the table. PostgreSQL: the planner's estimate. SQLite: a count that
 *   stops reading at the threshold finds whether the rows are that few; beyond it, a count of the
 *   whole table is the row count SQLite's statistics hold (sqlite_stat1, kept by `PRAGMA
 *   optimize`, store/sqlite.ts), and a count with filters stays exact, as SQLite has no estimate
 *   for those.
 */
import { buildCappedCount, buildMatching, type RowSelection, type Sql } from './build-sql.ts';
import type { DataContext } from './data-context.ts';
import { MAX_PAGE_ROWS } from './list-plan.ts';
import type { CountMode } from './prefer.ts';
import { QueryError } from './query-error.ts';
import type { TableDef } from './tables.ts';

/** Above this many rows an estimated count is an estimate; up to it, exact. */
export const ESTIMATED_COUNT_EXACT_UP_TO = MAX_PAGE_ROWS;

export async function countRows(
  ctx: DataContext,
  table: TableDef,
  selection: RowSelection,
  sql: Sql,
  mode: CountMode,
): Promise<number> {
  const exact = async () => firstNumber(await ctx.store.query(sql.text, sql.params));
  if (mode === 'exact') return exact();
  if (ctx.store.dialect === 'postgres') {
    const planned = await plannedRows(ctx, buildMatching(table, 'postgres', selection));
    return mode === 'estimated' && planned <= ESTIMATED_COUNT_EXACT_UP_TO ? exact() : planned;
  }
  if (mode === 'planned')
    throw new QueryError(
      'count=planned needs a query planner estimate, which this database does not give: use count=exact or count=estimated',
    );
  const capped = buildCappedCount(table, 'sqlite', selection, ESTIMATED_COUNT_EXACT_UP_TO + 1);
  const upTo = firstNumber(await ctx.store.query(capped.text, capped.params));
  if (upTo <= ESTIMATED_COUNT_EXACT_UP_TO) return upTo;
  // A troop's rows are some of the table's: its statistics say nothing of them.
  const whole =
    selection.filters.length === 0 &&
    selection.scope.kind === 'all' &&
    selection.troop.kind === 'global';
  const stats = whole ? await sqliteTableRows(ctx, table.name) : undefined;
  return stats !== undefined ? Math.max(stats, upTo) : exact();
}

const firstNumber = (res: { rows: Array<Record<string, unknown>> }) =>
  Number(Object.values(res.rows[0] ?? {})[0] ?? 0);

/**
 * The planner's estimate of the matching rows: the top of the plan of reading them. (The plan of
 * a count would not do: a parallel plan counts in parts, and its nodes hold per-worker rows.)
 */
async function plannedRows(ctx: DataContext, matching: Sql): Promise<number> {
  const { rows } = await ctx.store.query<Record<string, unknown>>(
    `EXPLAIN (FORMAT JSON) ${matching.text}`,
    matching.params,
  );
  const raw = rows[0] ? Object.values(rows[0])[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
    Plan: { 'Plan Rows': number };
  }>;
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * The table's rows when SQLite last analysed it: the first figure of each of its indexes' stats
 * (every index has a row per table row). Undefined when it was never analysed.
 */
async function sqliteTableRows(ctx: DataContext, table: string): Promise<number | undefined> {
  let stats: Array<{ stat: string }>;
  try {
    stats = (
      await ctx.store.query<{ stat: string }>('SELECT stat FROM sqlite_stat1 WHERE tbl = ?', [
        table,
      ])
    ).rows;
  } catch {
    // No sqlite_stat1 until something is first analysed.
    return undefined;
  }
  const counts = stats.map((s) => Number.parseInt(String(s.stat), 10)).filter(Number.isFinite);
  return counts.length > 0 ? Math.max(...counts) : undefined;
}

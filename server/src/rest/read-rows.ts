/** GET: list rows the caller may read, with filters, order, paging and counts. */
import { ApiError } from '../errors.ts';
import { countRows } from './count-rows.ts';
import { encodeCursor } from './cursor.ts';
import {
  queryColumns,
  toApiRow,
  toApiRowsInPlace,
  type ApiRow,
  type DataContext,
} from './data-context.ts';
import { listPlan } from './list-plan.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { Prefer } from './prefer.ts';
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
  troopId: string,
  name: string,
  q: ParsedQuery,
  prefer: Prefer,
  /** The troop's council: a table it shares (table-definition.ts councilShared) reads its rows too. */
  councilId: string | null = null,
): Promise<Page> {
  const found = ctx.tables.lookupKnown(name) ?? (await ctx.tables.lookup(name));
  if (found.kind === 'reserved') throw new ApiError('NOT_FOUND', `Table "${name}" not found`);
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
  const access = accessFor(table, caller, ctx.roles);
  const plan = listPlan(table, ctx.store.dialect, q, access.read, troopId, councilId);

  const { rows } = await ctx.store.query(plan.select.text, plan.select.params);
  const full = toApiRowsInPlace(table, rows, plan.needed);
  const last = full[full.length - 1];
  const nextCursor =
    plan.limit > 0 && full.length === plan.limit && last ? encodeCursor(plan.order, last) : null;

  const total = prefer.count
    ? await countRows(ctx, table, plan.selection, plan.count, prefer.count)
    : null;
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

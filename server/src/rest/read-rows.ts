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
import type { Prefer } from './prefer.ts';
import { accessFor, type SignedInCaller } from './rules.ts';

/** At most this many rows per answer, as PostgREST's db-max-rows; the cursor continues. */
export const MAX_PAGE_ROWS = 10_000;

export interface Page {
  rows: ApiRow[];
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
      contentRange: contentRange(q.offset, 0, prefer.count ? 0 : null),
      nextCursor: null,
    };
  const table = await ctx.tables.withColumns(found.table, queryColumns(q));
  checkQueryColumns(table, q);
  const access = accessFor(table.name, table.dynamic, caller);
  const selection = { filters: q.filters, scope: access.read };

  const columns = q.select ?? [...table.columns.keys()];
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

  let total: number | null = null;
  if (prefer.count) {
    const count = buildCount(table, ctx.store.dialect, selection);
    total = Number(
      (await ctx.store.query<{ n: number }>(count.text, count.params)).rows[0]?.n ?? 0,
    );
  }
  const answer =
    q.select === null && needed.length === columns.length
      ? full
      : full.map((r) => toApiRow(table, r, columns));
  return { rows: answer, contentRange: contentRange(q.offset, answer.length, total), nextCursor };
}

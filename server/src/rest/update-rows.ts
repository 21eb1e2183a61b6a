/** PATCH: change the rows a filter names, under the access rules of rules.ts. */
import { forbidden } from '../errors.ts';
import { buildUpdate, type RowSelection } from './build-sql.ts';
import {
  checkQueryColumns,
  queryColumns,
  toApiRow,
  nowIso,
  type DataContext,
} from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import { rowToUpdate } from './request-rows.ts';
import { checkRow } from './row-checks.ts';
import { accessFor, visibleButNotWritable, type SignedInCaller } from './rules.ts';
import {
  atomically,
  checkExpectation,
  checkTargeting,
  idsOf,
  refuseForeignRows,
  restrictUpdate,
  serverStamped,
  tableFor,
  tableWithColumns,
  typedRow,
  withId,
  type WriteOptions,
  type WriteResult,
} from './write-common.ts';

export async function updateRows(
  ctx: DataContext,
  caller: SignedInCaller,
  name: string,
  q: ParsedQuery,
  body: unknown,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  checkTargeting(q, 'PATCH');
  const patch = rowToUpdate(body);
  const known = await tableFor(ctx, name);
  const access = accessFor(name, known?.dynamic ?? true, caller, ctx.roles);
  const write = access.update;
  if (!write) throw forbidden(`You cannot change rows of "${name}"`);
  // Nothing has been written to this table yet, so nothing matches.
  if (!known) return { rows: [], changes: [] };
  const allowed = restrictUpdate(patch, access, caller);
  let table = await tableWithColumns(ctx, name, known, [allowed], caller);
  table = await ctx.tables.withColumns(table, queryColumns(q));
  checkQueryColumns(table, q);
  const returning = q.select ?? [...table.columns.keys()];
  const set = checkRow(table.name, typedRow(table, allowed), 'update', ctx.roles);
  const selection: RowSelection = { filters: q.filters, scope: write };
  const several = visibleButNotWritable(access.read, write) || opts.expectOne === true;
  const rows = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, q, access.read, write);
    const sql = buildUpdate(table, tx.dialect, {
      ...serverStamped(table, set, nowIso(ctx)),
      selection,
      returning: withId(returning),
    });
    const updated = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, updated.length);
    return updated;
  });
  return {
    rows: rows.map((r) => toApiRow(table, r, returning)),
    changes: [{ table: table.name, kind: 'updated', ids: idsOf(rows) }],
  };
}

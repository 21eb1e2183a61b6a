/** DELETE: remove the rows a filter names, under the access rules of rules.ts. */
import { ApiError } from '../errors.ts';
import { quoteIdent } from '../store/store.ts';
import {
  buildDelete,
  buildSelect,
  totalOrder,
  troopScope,
  type RowSelection,
} from './build-sql.ts';
import { checkQueryColumns, queryColumns, toApiRow, type DataContext } from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import { TROOP_COLUMN } from './table-definition.ts';
import { accessFor, onTheFly, visibleButNotWritable, type SignedInCaller } from './rules.ts';
import {
  atomically,
  checkExpectation,
  checkTargeting,
  idsOf,
  refuseForeignRows,
  tableFor,
  withId,
  type TableChange,
  type WriteOptions,
  type WriteResult,
} from './write-common.ts';

export async function deleteRows(
  ctx: DataContext,
  caller: SignedInCaller,
  troopId: string,
  name: string,
  q: ParsedQuery,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  checkTargeting(q, 'DELETE');
  const known = await tableFor(ctx, name);
  const access = accessFor(known ?? onTheFly(name), caller, ctx.roles);
  const write = access.delete;
  if (!write) throw new ApiError('FORBIDDEN', `You cannot delete rows of "${name}"`);
  if (!known) return { rows: [], changes: [] };
  const table = await ctx.tables.withColumns(known, queryColumns(q));
  checkQueryColumns(table, q);
  const returning = q.select ?? [...table.columns.keys()];
  const troop = troopScope(table, troopId);
  const selection: RowSelection = { troop, filters: q.filters, scope: write };
  // Rows the database deletes along with these (ON DELETE CASCADE) are still reported, so the
  // change feed announces them: an account deleted takes its calendar events.
  const cascades = table.cascades ?? [];
  // The owners of deleted rows, for those who hear only of their own (rest/change-feed.ts).
  const owner = table.dynamic ? undefined : table.rows?.owner[0];
  const withOwner = (cols: readonly string[]) =>
    owner && !cols.includes(owner) ? [...cols, owner] : cols;
  const hook = table.onDelete?.applies(null) ? table.onDelete : null;
  const several =
    visibleButNotWritable(access.read, write) ||
    cascades.length > 0 ||
    hook !== null ||
    opts.expectOne === true;
  const { rows, cascaded } = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, { troop, filters: q.filters, scope: access.read }, write);
    const before = await hook?.before?.(tx, table, selection);
    // Read before the delete: afterwards the cascade has taken the rows away.
    const cascaded: TableChange[] = [];
    for (const c of cascades) {
      const parents = buildSelect(table, tx.dialect, {
        columns: ['id'],
        selection,
        order: totalOrder([]),
        limit: Number.MAX_SAFE_INTEGER,
        offset: 0,
      });
      // Reported on the path's troop's channels, so only that troop's rows are named there: an
      // account's rows in another troop go too, and that troop's members see it at their reload.
      const ofTroop = ctx.tables.declared(c.table)?.tenancy === 'troop';
      const children = await tx.query(
        `SELECT ${quoteIdent('id')} FROM ${quoteIdent(c.table)} WHERE ${quoteIdent(c.column)} IN (${parents.text})${ofTroop ? ` AND ${quoteIdent(TROOP_COLUMN)} = ?` : ''}`,
        ofTroop ? [...parents.params, troopId] : parents.params,
      );
      cascaded.push({ table: c.table, kind: 'deleted', ids: idsOf(children.rows) });
    }
    const sql = buildDelete(table, tx.dialect, selection, withOwner(withId(returning)));
    const deleted = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, deleted.length);
    if (hook) {
      const hookCtx = { roles: ctx.roles, now: ctx.clock.now(), caller, troopId };
      await hook.after(tx, hookCtx, idsOf(deleted), before, null);
    }
    return { rows: deleted, cascaded };
  });
  const deleted: TableChange = { table: table.name, kind: 'deleted', ids: idsOf(rows) };
  if (owner) {
    deleted.owners = {};
    for (const r of rows) if (r[owner] != null) deleted.owners[String(r.id)] = String(r[owner]);
  }
  return {
    rows: rows.map((r) => toApiRow(table, r, returning)),
    changes: [deleted, ...cascaded],
  };
}

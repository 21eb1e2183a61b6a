/** DELETE: remove the rows a filter names, under the access rules of rules.ts. */
import { forbidden } from '../errors.ts';
import { quoteIdent } from '../store/store.ts';
import { accountsBefore, isAuditedAccountWrite, settleAccountWrites } from './account-audit.ts';
import { buildDelete, buildSelect, totalOrder, type RowSelection } from './build-sql.ts';
import { checkQueryColumns, queryColumns, toApiRow, type DataContext } from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import { accessFor, ownerColumnOf, visibleButNotWritable, type SignedInCaller } from './rules.ts';
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

/**
 * Rows the database deletes along with others (ON DELETE CASCADE) that a write must still
 * report, so the change feed announces them: an admin deleting an account through the Data API
 * also deletes that member's calendar events.
 */
const CASCADED_DELETES: Readonly<Record<string, ReadonlyArray<{ table: string; column: string }>>> =
  {
    users: [{ table: 'calendar_events', column: 'user_id' }],
  };

export async function deleteRows(
  ctx: DataContext,
  caller: SignedInCaller,
  name: string,
  q: ParsedQuery,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  checkTargeting(q, 'DELETE');
  const known = await tableFor(ctx, name);
  const access = accessFor(name, known?.dynamic ?? true, caller, ctx.roles);
  const write = access.delete;
  if (!write) throw forbidden(`You cannot delete rows of "${name}"`);
  if (!known) return { rows: [], changes: [] };
  const table = await ctx.tables.withColumns(known, queryColumns(q));
  checkQueryColumns(table, q);
  const returning = q.select ?? [...table.columns.keys()];
  const selection: RowSelection = { filters: q.filters, scope: write };
  // Own keys only: a table made on the fly may be called `constructor`.
  const cascades = Object.hasOwn(CASCADED_DELETES, table.name)
    ? (CASCADED_DELETES[table.name] ?? [])
    : [];
  // The owners of deleted rows, for those who hear only of their own (rest/change-feed.ts).
  const owner = ownerColumnOf(table.name);
  const withOwner = (cols: readonly string[]) =>
    owner && !cols.includes(owner) ? [...cols, owner] : cols;
  const audited = isAuditedAccountWrite(table.name, null);
  const several =
    visibleButNotWritable(access.read, write) ||
    cascades.length > 0 ||
    audited ||
    opts.expectOne === true;
  const { rows, cascaded } = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, q, access.read, write);
    const accounts = audited ? await accountsBefore(tx, table, selection) : null;
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
      const children = await tx.query(
        `SELECT ${quoteIdent('id')} FROM ${quoteIdent(c.table)} WHERE ${quoteIdent(c.column)} IN (${parents.text})`,
        parents.params,
      );
      cascaded.push({ table: c.table, kind: 'deleted', ids: idsOf(children.rows) });
    }
    const sql = buildDelete(table, tx.dialect, selection, withOwner(withId(returning)));
    const deleted = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, deleted.length);
    if (accounts) {
      const audit = { roles: ctx.roles, now: ctx.clock.now(), caller };
      await settleAccountWrites(tx, audit, accounts, idsOf(deleted));
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

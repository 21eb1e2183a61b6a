/** PATCH: change the rows a filter names, under the access rules of rules.ts. */
import { ApiError } from '../errors.ts';
import { troopScope, type RowSelection } from './build-sql.ts';
import { toApiRow, nowIso, type DataContext } from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import { rowToUpdate, type RowToUpdateBody } from './request-rows.ts';
import { accessFor, onTheFly, visibleButNotWritable, type SignedInCaller } from './rules.ts';
import {
  atomically,
  checkedRow,
  checkExpectation,
  checkTargeting,
  idsOf,
  refuseForeignRows,
  restrictUpdate,
  stampedUpdate,
  tableFor,
  writeTarget,
  withId,
} from './write-common.ts';
import type { TableChange, WriteOptions, WriteResult } from './write-common.ts';

export async function updateRows(
  ctx: DataContext,
  caller: SignedInCaller,
  troopId: string,
  name: string,
  q: ParsedQuery,
  body: RowToUpdateBody,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  checkTargeting(q, 'PATCH');
  const patch = rowToUpdate(body);
  const known = await tableFor(ctx, name);
  const access = accessFor(known ?? onTheFly(name), caller, ctx.roles);
  const write = access.update;
  if (!write) throw new ApiError('FORBIDDEN', `You cannot change rows of "${name}"`);
  // Nothing has been written to this table yet, so nothing matches.
  if (!known) return { rows: [], changes: [] };
  const allowed = restrictUpdate(patch, access, caller);
  const { table, returning } = await writeTarget(ctx, name, known, [allowed], caller, q);
  const set = checkedRow(ctx, table, allowed, 'update');
  const troop = troopScope(table, troopId);
  const selection: RowSelection = { troop, filters: q.filters, scope: write };
  // The table's hook (a calendar event checked whole as stored, an account change audited)
  // runs in the write's transaction.
  const hook = table.onUpdate?.applies(set) ? table.onUpdate : null;
  const several =
    visibleButNotWritable(access.read, write) || opts.expectOne === true || hook !== null;
  const changeOf = (rows: readonly Record<string, unknown>[]): TableChange => ({
    table: table.name,
    kind: 'updated',
    ids: idsOf(rows),
  });
  const rows = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, { troop, filters: q.filters, scope: access.read }, write);
    const before = await hook?.before?.(tx, table, selection);
    const now = nowIso(ctx);
    const sql = stampedUpdate(table, tx.dialect, {
      set,
      now,
      selection,
      returning: withId(returning),
    });
    const updated = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, updated.length);
    if (hook) {
      const hookCtx = { roles: ctx.roles, now: ctx.clock.now(), caller, troopId };
      await hook.after(tx, hookCtx, idsOf(updated), before, set);
    }
    return updated;
  });
  return {
    rows: rows.map((r) => toApiRow(table, r, returning)),
    changes: [changeOf(rows)],
  };
}

/** PATCH: change the rows a filter names, under the access rules of rules.ts. */
import { forbidden } from '../errors.ts';
import { accountsBefore, isAuditedAccountWrite, settleAccountWrites } from './account-audit.ts';
import type { RowSelection } from './build-sql.ts';
import { toApiRow, nowIso, type DataContext } from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import { rowToUpdate, type RowToUpdateBody } from './request-rows.ts';
import { checkStoredEvents } from '../calendar/stored-events.ts';
import { accessFor, visibleButNotWritable, type SignedInCaller } from './rules.ts';
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
  name: string,
  q: ParsedQuery,
  body: RowToUpdateBody,
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
  const { table, returning } = await writeTarget(ctx, name, known, [allowed], caller, q);
  const set = checkedRow(ctx, table, allowed, 'update');
  const selection: RowSelection = { filters: q.filters, scope: write };
  // A calendar event is checked whole as stored (calendar/event-shape.ts): one transaction.
  const whole = table.name === 'calendar_events';
  const audited = isAuditedAccountWrite(table.name, set);
  const several =
    visibleButNotWritable(access.read, write) || opts.expectOne === true || whole || audited;
  const changeOf = (rows: readonly Record<string, unknown>[]): TableChange => ({
    table: table.name,
    kind: 'updated',
    ids: idsOf(rows),
  });
  const rows = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, q, access.read, write);
    const accounts = audited ? await accountsBefore(tx, table, selection) : null;
    const now = nowIso(ctx);
    const sql = stampedUpdate(table, tx.dialect, {
      set,
      now,
      selection,
      returning: withId(returning),
    });
    const updated = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, updated.length);
    if (whole) await checkStoredEvents(tx, idsOf(updated));
    if (accounts) {
      const audit = { roles: ctx.roles, now: ctx.clock.now(), caller };
      await settleAccountWrites(tx, audit, accounts, idsOf(updated), String(set.role));
    }
    return updated;
  });
  return {
    rows: rows.map((r) => toApiRow(table, r, returning)),
    changes: [changeOf(rows)],
  };
}

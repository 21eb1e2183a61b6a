/**
 * What inserts, updates and deletes share: finding and growing the table, typing values, the
 * columns a member may not touch, server-stamped changes and what a write reports.
 */
import { ApiError } from '../errors.ts';
import type { Dialect, Queryable } from '../store/store.ts';
import {
  buildAnyOutside,
  buildUpdate,
  columnType,
  type RowSelection,
  type Sql,
} from './build-sql.ts';
import {
  checkQueryColumns,
  queryColumns,
  type ApiRow,
  type DataContext,
  type TableChange,
} from './data-context.ts';
import { shown } from './names.ts';
import type { ParsedQuery } from './parse-query.ts';
import { notOneRow } from './media-type.ts';
import type { BodyRow } from './request-rows.ts';
import { visibleButNotWritable, type Access, type RowScope, type SignedInCaller } from './rules.ts';
import type { Row, TableDef } from './table-definition.ts';
import { fromJson, inferType, type ColumnType } from './values.ts';

export const OWN_ROWS_ONLY = 'You can change only rows you created';

/** Several statements run in one transaction; a lone statement needs none (fewer round trips). */
export function atomically<T>(
  ctx: DataContext,
  several: boolean,
  fn: (db: Queryable) => Promise<T>,
): Promise<T> {
  return several ? ctx.store.transaction(fn) : fn(ctx.store);
}

export async function tableFor(ctx: DataContext, name: string): Promise<TableDef | null> {
  const found = ctx.tables.lookupKnown(name) ?? (await ctx.tables.lookup(name));
  if (found.kind === 'reserved') throw new ApiError('NOT_FOUND', `Table "${name}" not found`);
  return found.kind === 'table' ? found.table : null;
}

/**
 * The table with every column the rows name. A table created on the fly gains missing columns
 * (typed by the first non-null value); a declared table refuses them. Values are type-checked
 * before any schema change, so a bad request leaves the schema as it was.
 */
export async function tableWithColumns(
  ctx: DataContext,
  name: string,
  known: TableDef | null,
  rows: readonly BodyRow[],
  caller: SignedInCaller,
) {
  const names = new Set(rows.flatMap((r) => Object.keys(r)));
  const table = known ? await ctx.tables.withColumns(known, names) : null;
  const missing = [...names].filter((c) => !table?.columns.has(c));
  if (missing.length === 0 && table) return table;
  if (table && !table.dynamic)
    throw new ApiError(
      'VALIDATION_ERROR',
      `Unknown column "${shown(missing[0] ?? '')}" in table "${name}"`,
    );
  const wanted = new Map<string, ColumnType>();
  for (const c of missing) {
    const first = rows.find((r) => Object.hasOwn(r, c) && r[c] !== null)?.[c];
    wanted.set(
      c,
      c === 'id' || c === 'owner_id' || c === 'created_at' || c === 'updated_at'
        ? 'text'
        : inferType(first),
    );
  }
  for (const row of rows) {
    for (const [c, v] of Object.entries(row))
      fromJson(wanted.get(c) ?? table?.columns.get(c) ?? 'text', v, c);
  }
  return ctx.tables.ensureDynamic(name, wanted, caller.kind === 'user' ? caller.userId : null);
}

/**
 * The table a write works on and the columns it answers: grown for the body's columns
 * (tableWithColumns), with every column the query names, which must exist; `returning` is the
 * query's `select`, else every column.
 */
export async function writeTarget(
  ctx: DataContext,
  name: string,
  known: TableDef | null,
  rows: readonly BodyRow[],
  caller: SignedInCaller,
  q: ParsedQuery,
) {
  const grown = await tableWithColumns(ctx, name, known, rows, caller);
  const table = await ctx.tables.withColumns(grown, queryColumns(q));
  checkQueryColumns(table, q);
  return { table, returning: q.select ?? [...table.columns.keys()] };
}

/** A body row with its values typed by the table's columns and checked by the table's own check. */
export function checkedRow(
  ctx: Pick<DataContext, 'roles'>,
  table: TableDef,
  row: BodyRow,
  mode: 'create' | 'update',
): Row {
  const typed: Row = {};
  for (const [c, v] of Object.entries(row)) typed[c] = fromJson(columnType(table, c), v, c);
  return table.check ? table.check(typed, mode, ctx.roles) : typed;
}

/** The columns of an update a member may not touch answer 403; their own id in an owner column is a no-op. */
export function restrictUpdate(set: BodyRow, access: Access, caller: SignedInCaller): BodyRow {
  if (access.unrestricted) return set;
  const out = { ...set };
  for (const c of access.ownerColumns) {
    if (!(c in out)) continue;
    if (caller.kind !== 'user' || String(out[c]) !== caller.userId)
      throw new ApiError('FORBIDDEN', `"${c}" cannot be changed`);
    delete out[c];
  }
  const allowed = access.updatable;
  if (allowed) {
    const refused = Object.keys(out).find((c) => !allowed.includes(c));
    if (refused)
      throw new ApiError(
        'FORBIDDEN',
        `You can change only ${allowed.join(', ')} (not "${shown(refused)}")`,
      );
  }
  return out;
}

export type { TableChange } from './data-context.ts';

export interface WriteOptions {
  /**
   * One object was asked for (`Accept: application/vnd.pgrst.object+json`): a write that does
   * not touch exactly one row is undone and answers 406, as PostgREST does.
   */
  expectOne?: boolean;
}

/** Inside the write's transaction, so a write that fails the expectation leaves nothing behind. */
export function checkExpectation(opts: WriteOptions, count: number): void {
  if (opts.expectOne && count !== 1) throw notOneRow(count);
}

export interface WriteResult {
  rows: ApiRow[];
  /** What the write did, for the change feed; empty lists when nothing matched. */
  changes: TableChange[];
}

/** The statement returns `id` as well, whatever the client selected, so the write can report it. */
export const withId = (columns: readonly string[]) =>
  columns.includes('id') ? columns : [...columns, 'id'];

export const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((r) => String(r.id));

/**
 * The UPDATE of the rows `selection` names, stamped by the server, not the client: `updated_at`
 * is always now and the bump column (iCal SEQUENCE) always rises by one, so a client writing
 * back a stale copy of a row can never make calendar apps miss the change.
 */
export function stampedUpdate(
  table: TableDef,
  dialect: Dialect,
  change: { set: Row; now: string; selection: RowSelection; returning: readonly string[] },
): Sql {
  const stamped: Row = { ...change.set, [table.updatedAt]: change.now };
  if (table.bumpOnUpdate) delete stamped[table.bumpOnUpdate];
  return buildUpdate(table, dialect, {
    set: Object.entries(stamped),
    ...(table.bumpOnUpdate ? { bump: table.bumpOnUpdate } : {}),
    selection: change.selection,
    returning: change.returning,
  });
}

/** PATCH and DELETE need a filter (docs/protocol.md) and take no paging. */
export function checkTargeting(q: ParsedQuery, verb: 'PATCH' | 'DELETE') {
  if (q.filters.length === 0)
    throw new ApiError('VALIDATION_ERROR', `${verb} needs a filter, e.g. ?id=eq.<id>`);
  if (q.limit !== null || q.offset !== 0 || q.cursor !== null)
    throw new ApiError('VALIDATION_ERROR', `${verb} takes no limit, offset or cursor`);
  if (q.onConflict !== null)
    throw new ApiError('VALIDATION_ERROR', `on_conflict applies to POST only`);
}

/**
 * 403 when a targeted row is one the caller may see but not change (rules.ts); `visible` is the
 * write's filters with the caller's read scope, in the request's troop.
 */
export async function refuseForeignRows(
  tx: Queryable,
  table: TableDef,
  visible: RowSelection,
  write: RowScope,
) {
  if (!visibleButNotWritable(visible.scope, write)) return;
  const sql = buildAnyOutside(table, tx.dialect, visible, write);
  if ((await tx.query(sql.text, sql.params)).rows.length > 0)
    throw new ApiError('FORBIDDEN', OWN_ROWS_ONLY);
}

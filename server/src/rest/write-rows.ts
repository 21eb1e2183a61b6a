/** POST (insert, bulk insert, upsert), PATCH and DELETE under the access rules of rules.ts. */
import crypto from 'node:crypto';
import { badRequest, conflict, forbidden, notFound } from '../errors.ts';
import { quoteIdent, type Queryable } from '../store/store.ts';
import {
  buildAnyOutside,
  buildDelete,
  buildInsert,
  buildSelect,
  buildUpdate,
  columnType,
  totalOrder,
  type RowSelection,
} from './build-sql.ts';
import {
  checkQueryColumns,
  queryColumns,
  toApiRow,
  nowIso,
  type ApiRow,
  type DataContext,
} from './data-context.ts';
import { shown } from './names.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { Prefer } from './prefer.ts';
import { notOneRow } from './media-type.ts';
import { rowsToInsert, rowToUpdate, type BodyRow } from './request-rows.ts';
import { checkRow, type Row } from './row-checks.ts';
import {
  accessFor,
  rowInScope,
  visibleButNotWritable,
  type Access,
  type RowScope,
  type SignedInCaller,
} from './rules.ts';
import type { TableDef } from './tables.ts';
import { fromJson, inferType, type ColumnType, type DbValue } from './values.ts';

/** Rows x columns per INSERT statement, well under both engines' bound-parameter limits. */
const MAX_PARAMS_PER_INSERT = 5000;

const OWN_ROWS_ONLY = 'You can change only rows you created';

/**
 * Rows the database deletes along with others (ON DELETE CASCADE) that a write must still
 * report, so the change feed announces them: an admin deleting an account through the Data API
 * also deletes that member's calendar events.
 */
const CASCADED_DELETES: Readonly<Record<string, ReadonlyArray<{ table: string; column: string }>>> =
  {
    users: [{ table: 'calendar_events', column: 'user_id' }],
  };

/** Several statements run in one transaction; a lone statement needs none (fewer round trips). */
function atomically<T>(
  ctx: DataContext,
  several: boolean,
  fn: (db: Queryable) => Promise<T>,
): Promise<T> {
  return several ? ctx.store.transaction(fn) : fn(ctx.store);
}

async function tableFor(ctx: DataContext, name: string): Promise<TableDef | null> {
  const found = await ctx.tables.lookup(name);
  if (found.kind === 'reserved') throw notFound(`Table "${name}" not found`);
  return found.kind === 'table' ? found.table : null;
}

/**
 * The table with every column the rows name. A table created on the fly gains missing columns
 * (typed by the first non-null value); a declared table refuses them. Values are type-checked
 * before any schema change, so a bad request leaves the schema as it was.
 */
async function tableWithColumns(
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
    throw badRequest(`Unknown column "${shown(missing[0] ?? '')}" in table "${name}"`);
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

function typedRow(table: TableDef, row: BodyRow): Row {
  const out: Row = {};
  for (const [c, v] of Object.entries(row)) out[c] = fromJson(columnType(table, c), v, c);
  return out;
}

/**
 * Owner columns of a new row: a member creates only as themself (filled in when absent, 403
 * when another id is sent). Admins may name any owner; absent, the owner columns fill from each
 * other (custom_users id = user_id), else from the admin's own id.
 */
function applyOwner(row: BodyRow, access: Access, caller: SignedInCaller): BodyRow {
  if (!access.fillOwner) return row;
  const out = { ...row };
  if (!access.unrestricted && caller.kind === 'user') {
    for (const c of access.ownerColumns) {
      if (out[c] === undefined || out[c] === null) out[c] = caller.userId;
      else if (String(out[c]) !== caller.userId)
        throw forbidden(`You can create rows only as yourself ("${c}" must be your user id)`);
    }
    return out;
  }
  const given = access.ownerColumns.map((c) => out[c]).find((v) => v !== undefined && v !== null);
  const fill = given ?? (caller.kind === 'user' ? caller.userId : undefined);
  if (fill !== undefined)
    for (const c of access.ownerColumns) if (out[c] === undefined || out[c] === null) out[c] = fill;
  return out;
}

/** The columns of an update a member may not touch answer 403; their own id in an owner column is a no-op. */
function restrictUpdate(set: BodyRow, access: Access, caller: SignedInCaller): BodyRow {
  if (access.unrestricted) return set;
  const out = { ...set };
  for (const c of access.ownerColumns) {
    if (!(c in out)) continue;
    if (caller.kind !== 'user' || String(out[c]) !== caller.userId)
      throw forbidden(`"${c}" cannot be changed`);
    delete out[c];
  }
  const allowed = access.updatable;
  if (allowed) {
    const refused = Object.keys(out).find((c) => !allowed.includes(c));
    if (refused)
      throw forbidden(`You can change only ${allowed.join(', ')} (not "${shown(refused)}")`);
  }
  return out;
}

const conflictKeyMatches = (table: TableDef, target: readonly string[]) =>
  table.uniqueKeys.some(
    (key) => key.length === target.length && key.every((c) => target.includes(c)),
  );

/** Rows a committed write created, changed or deleted in one table, by id. */
export interface TableChange {
  table: string;
  kind: 'created' | 'updated' | 'deleted';
  ids: string[];
}

export interface WriteOptions {
  /**
   * One object was asked for (`Accept: application/vnd.pgrst.object+json`): a write that does
   * not touch exactly one row is undone and answers 406, as PostgREST does.
   */
  expectOne?: boolean;
}

/** Inside the write's transaction, so a write that fails the expectation leaves nothing behind. */
function checkExpectation(opts: WriteOptions, count: number): void {
  if (opts.expectOne && count !== 1) throw notOneRow(count);
}

/**
 * PostgREST's `columns`: only those keys of each row are written, and a listed key a row lacks
 * is NULL, or left to the column's default with `Prefer: missing=default`.
 */
function onlyListedColumns(rows: BodyRow[], q: ParsedQuery, prefer: Prefer): BodyRow[] {
  const listed = q.columns;
  if (!listed) return rows;
  return rows.map((row) => {
    const out: BodyRow = {};
    for (const c of listed) {
      if (Object.hasOwn(row, c)) out[c] = row[c];
      else if (prefer.missing === 'null') out[c] = null;
    }
    return out;
  });
}

export interface WriteResult {
  rows: ApiRow[];
  /** What the write did, for the change feed; empty lists when nothing matched. */
  changes: TableChange[];
}

/** The statement returns `id` as well, whatever the client selected, so the write can report it. */
const withId = (columns: readonly string[]) =>
  columns.includes('id') ? columns : [...columns, 'id'];

const idsOf = (rows: readonly Record<string, unknown>[]) => rows.map((r) => String(r.id));

export async function insertRows(
  ctx: DataContext,
  caller: SignedInCaller,
  name: string,
  q: ParsedQuery,
  prefer: Prefer,
  body: unknown,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  if (q.filters.length > 0)
    throw badRequest('Filters are not used when inserting; send the rows in the body');
  const bodyRows = onlyListedColumns(rowsToInsert(body), q, prefer);
  const known = await tableFor(ctx, name);
  const access = accessFor(name, known?.dynamic ?? true, caller, ctx.roles);
  if (!access.create) throw forbidden(`You cannot create rows in "${name}"`);
  if (bodyRows.length === 0) return { rows: [], changes: [] };

  const owned = bodyRows.map((r) => applyOwner(r, access, caller));
  let table = await tableWithColumns(ctx, name, known, owned, caller);
  table = await ctx.tables.withColumns(table, queryColumns(q));
  checkQueryColumns(table, q);
  const returning = q.select ?? [...table.columns.keys()];

  const now = nowIso(ctx);
  const given = owned.map((r) => checkRow(table.name, typedRow(table, r), 'create', ctx.roles));
  const upsert = q.onConflict !== null || prefer.resolution !== null;
  const target = q.onConflict ?? ['id'];
  if (upsert && !conflictKeyMatches(table, target)) {
    const keys = table.uniqueKeys.map((k) => k.join(',')).join(' or ');
    throw badRequest(`on_conflict must name a unique key of "${name}": ${keys}`);
  }
  // Server-set values: a random id when none is given, and the timestamps.
  const withDefaults = (row: Row): Row => ({
    ...row,
    id: row.id ?? crypto.randomUUID(),
    [table.createdAt]: row[table.createdAt] ?? now,
    [table.updatedAt]: row[table.updatedAt] ?? now,
  });

  const written = await atomically(
    ctx,
    upsert || given.length > 1 || opts.expectOne === true,
    async (tx) => {
      if (!upsert) {
        const rows = await insertPlain(tx, table, given.map(withDefaults), withId(returning));
        checkExpectation(opts, rows.length);
        return rows.map((row) => ({ row, kind: 'created' as const }));
      }
      const out: Upserted[] = [];
      for (const row of given) {
        const one = await upsertOne(
          tx,
          table,
          access,
          caller,
          row,
          target,
          prefer.resolution ?? 'merge',
          withDefaults,
          now,
          withId(returning),
        );
        if (one) out.push(one);
      }
      checkExpectation(opts, out.length);
      return out;
    },
  );
  const ofKind = (kind: Upserted['kind']): TableChange => ({
    table: table.name,
    kind,
    ids: idsOf(written.filter((w) => w.kind === kind).map((w) => w.row)),
  });
  return {
    rows: written.map((w) => toApiRow(table, w.row, returning)),
    changes: [ofKind('created'), ofKind('updated')],
  };
}

interface Upserted {
  row: Record<string, unknown>;
  kind: 'created' | 'updated';
}

/** Consecutive rows with the same columns go in one multi-row INSERT; the answer keeps the body's order. */
async function insertPlain(
  tx: Queryable,
  table: TableDef,
  rows: readonly Row[],
  returning: readonly string[],
) {
  const out: Record<string, unknown>[] = [];
  let i = 0;
  while (i < rows.length) {
    const columns = Object.keys(rows[i] ?? {}).sort();
    const signature = columns.join(',');
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_INSERT / columns.length));
    const batch: DbValue[][] = [];
    while (
      i < rows.length &&
      batch.length < perStatement &&
      Object.keys(rows[i] ?? {})
        .sort()
        .join(',') === signature
    ) {
      const row = rows[i] ?? {};
      batch.push(columns.map((c) => row[c] ?? null));
      i++;
    }
    const sql = buildInsert(table, columns, batch, returning);
    out.push(...(await tx.query(sql.text, sql.params)).rows);
  }
  return out;
}

/**
 * One upsert row. No row with that key: insert. A row exists: `ignore` leaves it; `merge`
 * updates it only when it is the caller's to change: a row the caller can read but not change
 * is 403, one the caller cannot even read is 409 (its key is taken), as a plain insert would be.
 */
async function upsertOne(
  tx: Queryable,
  table: TableDef,
  access: Access,
  caller: SignedInCaller,
  row: Row,
  target: readonly string[],
  resolution: 'merge' | 'ignore',
  withDefaults: (row: Row) => Row,
  now: string,
  returning: readonly string[],
): Promise<Upserted | null> {
  const insert = async (): Promise<Upserted | null> => {
    const full = withDefaults(row);
    const sql = buildInsert(table, Object.keys(full), [Object.values(full)], returning);
    const created = (await tx.query(sql.text, sql.params)).rows[0];
    return created ? { row: created, kind: 'created' } : null;
  };
  if (target.some((c) => row[c] === undefined || row[c] === null)) {
    if (target.length === 1 && target[0] === 'id') return insert();
    throw badRequest(`Every row needs the on_conflict columns (${target.join(', ')})`);
  }
  const match = target.map((c) => [c, row[c] ?? null] as const);
  const scopeColumns = [access.read, access.update].flatMap((s) =>
    s?.kind === 'owner' ? [s.column] : [],
  );
  const probe = buildSelect(table, tx.dialect, {
    columns: [...new Set(['id', ...scopeColumns])],
    selection: { filters: [], scope: { kind: 'all' }, match },
    order: [{ column: 'id', descending: false, nullsFirst: false }],
    limit: 1,
    offset: 0,
  });
  const existing = (await tx.query(probe.text, probe.params)).rows[0];
  if (!existing) return insert();
  if (resolution === 'ignore') return null;
  if (!access.update || !rowInScope(access.update, existing)) {
    if (rowInScope(access.read, existing)) throw forbidden(OWN_ROWS_ONLY);
    throw conflict('A row with the same key already exists');
  }
  const changes: BodyRow = { ...row };
  for (const c of target) delete changes[c];
  const set = restrictUpdate(changes, access, caller) as Row;
  const sql = buildUpdate(table, tx.dialect, {
    ...serverStamped(table, set, now),
    selection: { filters: [], scope: access.update, match },
    returning,
  });
  const updated = (await tx.query(sql.text, sql.params)).rows[0];
  return updated ? { row: updated, kind: 'updated' } : null;
}

/**
 * The server, not the client, stamps a change: `updated_at` is always now and the bump column
 * (iCal SEQUENCE) always rises by one, so a client writing back a stale copy of a row can never
 * make calendar apps miss the change.
 */
function serverStamped(table: TableDef, set: Row, now: string) {
  const stamped: Row = { ...set, [table.updatedAt]: now };
  if (table.bumpOnUpdate) delete stamped[table.bumpOnUpdate];
  return {
    set: Object.entries(stamped),
    ...(table.bumpOnUpdate ? { bump: table.bumpOnUpdate } : {}),
  };
}

/** PATCH and DELETE need a filter (docs/protocol.md) and take no paging. */
function checkTargeting(q: ParsedQuery, verb: 'PATCH' | 'DELETE') {
  if (q.filters.length === 0) throw badRequest(`${verb} needs a filter, e.g. ?id=eq.<id>`);
  if (q.limit !== null || q.offset !== 0 || q.cursor !== null)
    throw badRequest(`${verb} takes no limit, offset or cursor`);
  if (q.onConflict !== null) throw badRequest(`on_conflict applies to POST only`);
}

/** 403 when a targeted row is one the caller may see but not change (rules.ts). */
async function refuseForeignRows(
  tx: Queryable,
  table: TableDef,
  q: ParsedQuery,
  read: RowScope,
  write: RowScope,
) {
  if (!visibleButNotWritable(read, write)) return;
  const sql = buildAnyOutside(table, tx.dialect, { filters: q.filters, scope: read }, write);
  if ((await tx.query(sql.text, sql.params)).rows.length > 0) throw forbidden(OWN_ROWS_ONLY);
}

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
  const cascades = CASCADED_DELETES[table.name] ?? [];
  const several =
    visibleButNotWritable(access.read, write) || cascades.length > 0 || opts.expectOne === true;
  const { rows, cascaded } = await atomically(ctx, several, async (tx) => {
    await refuseForeignRows(tx, table, q, access.read, write);
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
    const sql = buildDelete(table, tx.dialect, selection, withId(returning));
    const deleted = (await tx.query(sql.text, sql.params)).rows;
    checkExpectation(opts, deleted.length);
    return { rows: deleted, cascaded };
  });
  return {
    rows: rows.map((r) => toApiRow(table, r, returning)),
    changes: [{ table: table.name, kind: 'deleted', ids: idsOf(rows) }, ...cascaded],
  };
}

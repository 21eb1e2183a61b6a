/** POST: insert, bulk insert and upsert, under the access rules of rules.ts. */
import crypto from 'node:crypto';
import { badRequest, conflict, forbidden } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { buildInsert, buildSelect, buildUpdate } from './build-sql.ts';
import {
  checkQueryColumns,
  queryColumns,
  toApiRow,
  nowIso,
  type DataContext,
} from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { Prefer } from './prefer.ts';
import { rowsToInsert, type BodyRow } from './request-rows.ts';
import { checkRow, type Row } from './row-checks.ts';
import { accessFor, rowInScope, type Access, type SignedInCaller } from './rules.ts';
import type { TableDef } from './tables.ts';
import type { DbValue } from './values.ts';
import {
  atomically,
  checkExpectation,
  idsOf,
  OWN_ROWS_ONLY,
  restrictUpdate,
  serverStamped,
  tableFor,
  tableWithColumns,
  typedRow,
  withId,
  type TableChange,
  type WriteOptions,
  type WriteResult,
} from './write-common.ts';

/** Rows x columns per INSERT statement, well under both engines' bound-parameter limits. */
const MAX_PARAMS_PER_INSERT = 5000;

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

const conflictKeyMatches = (table: TableDef, target: readonly string[]) =>
  table.uniqueKeys.some(
    (key) => key.length === target.length && key.every((c) => target.includes(c)),
  );

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

const columnsOf = (row: Row | undefined) => Object.keys(row ?? {}).sort();

/**
 * Single-row INSERT statements by table and columns: most writes are one row with the columns
 * the app always sends, and the same text is also found at once in the store's statement cache.
 */
const singleRowInserts = new WeakMap<TableDef, Map<string, string>>();

function insertStatement(
  table: TableDef,
  columns: readonly string[],
  batch: readonly (readonly DbValue[])[],
  returning: readonly string[],
) {
  if (batch.length !== 1) return buildInsert(table, columns, batch, returning);
  let texts = singleRowInserts.get(table);
  if (!texts) singleRowInserts.set(table, (texts = new Map()));
  const key = `${columns.join(',')}|${returning.join(',')}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = buildInsert(table, columns, batch, returning).text;
    if (texts.size >= 256) texts.clear();
    texts.set(key, text);
  }
  return { text, params: batch[0] as DbValue[] };
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
    const columns = columnsOf(rows[i]);
    const signature = columns.join(',');
    const perStatement = Math.max(1, Math.floor(MAX_PARAMS_PER_INSERT / columns.length));
    const batch: DbValue[][] = [];
    do {
      const row = rows[i] ?? {};
      batch.push(columns.map((c) => row[c] ?? null));
      i++;
    } while (
      i < rows.length &&
      batch.length < perStatement &&
      columnsOf(rows[i]).join(',') === signature
    );
    const sql = insertStatement(table, columns, batch, returning);
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

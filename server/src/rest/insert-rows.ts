/** POST: insert, bulk insert and upsert (upsert-rows.ts), under the access rules of rules.ts. */
import crypto from 'node:crypto';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { buildInsert, troopScope } from './build-sql.ts';
import { toApiRow, nowIso, type DataContext } from './data-context.ts';
import type { ParsedQuery } from './parse-query.ts';
import type { Prefer } from './prefer.ts';
import { rowsToInsert, type BodyRow, type RowsToInsertBody } from './request-rows.ts';
import { TROOP_COLUMN, type Row } from './table-definition.ts';
import { accessFor, onTheFly, type Access, type SignedInCaller } from './rules.ts';
import { conflictKeyMatches, upsertOne, type Upserted } from './upsert-rows.ts';
import type { TableDef } from './tables.ts';
import type { DbValue } from './values.ts';
import {
  atomically,
  checkedRow,
  checkExpectation,
  idsOf,
  tableFor,
  writeTarget,
  withId,
} from './write-common.ts';
import type { TableChange, WriteOptions, WriteResult } from './write-common.ts';

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
        throw new ApiError(
          'FORBIDDEN',
          `You can create rows only as yourself ("${c}" must be your user id)`,
        );
    }
    return out;
  }
  const given = access.ownerColumns.map((c) => out[c]).find((v) => v !== undefined && v !== null);
  const fill = given ?? (caller.kind === 'user' ? caller.userId : undefined);
  if (fill !== undefined)
    for (const c of access.ownerColumns) if (out[c] === undefined || out[c] === null) out[c] = fill;
  return out;
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

export async function insertRows(
  ctx: DataContext,
  caller: SignedInCaller,
  troopId: string,
  name: string,
  q: ParsedQuery,
  prefer: Prefer,
  body: RowsToInsertBody,
  opts: WriteOptions = {},
): Promise<WriteResult> {
  if (q.filters.length > 0)
    throw new ApiError(
      'VALIDATION_ERROR',
      'Filters are not used when inserting; send the rows in the body',
    );
  const bodyRows = onlyListedColumns(rowsToInsert(body), q, prefer);
  const known = await tableFor(ctx, name);
  const access = accessFor(known ?? onTheFly(name), caller, ctx.roles);
  if (!access.create) throw new ApiError('FORBIDDEN', `You cannot create rows in "${name}"`);
  if (bodyRows.length === 0) return { rows: [], changes: [] };

  const owned = bodyRows.map((r) => applyOwner(r, access, caller));
  const { table, returning } = await writeTarget(ctx, name, known, owned, caller, q);

  const now = nowIso(ctx);
  const given = owned.map((r) => checkedRow(ctx, table, r, 'create'));
  const upsert = q.onConflict !== null || prefer.resolution !== null;
  const target = q.onConflict ?? ['id'];
  if (upsert && !conflictKeyMatches(table, target)) {
    const keys = table.uniqueKeys.map((k) => k.join(',')).join(' or ');
    throw new ApiError(
      'VALIDATION_ERROR',
      `on_conflict must name a unique key of "${name}": ${keys}`,
    );
  }
  // Server-set values: a random id when none is given, the timestamps, and a troop table's
  // troop: the request's (a body cannot name it, as the table serves no such column).
  const withDefaults = (row: Row): Row => ({
    ...row,
    id: row.id ?? crypto.randomUUID(),
    [table.createdAt]: row[table.createdAt] ?? now,
    [table.updatedAt]: row[table.updatedAt] ?? now,
    ...(table.tenancy === 'troop' ? { [TROOP_COLUMN]: troopId } : {}),
  });

  const stored = withId(returning);
  const changesOf = (written: readonly Upserted[]): TableChange[] =>
    (['created', 'updated'] as const).map((kind) => ({
      table: table.name,
      kind,
      ids: idsOf(written.filter((w) => w.kind === kind).map((w) => w.row)),
    }));

  const written = await atomically(
    ctx,
    upsert || given.length > 1 || opts.expectOne === true,
    async (tx) => {
      const out: Upserted[] = [];
      if (!upsert) {
        const rows = await insertPlain(tx, table, given.map(withDefaults), stored);
        for (const row of rows) out.push({ row, kind: 'created' });
      } else {
        for (const row of given) {
          const one = await upsertOne(
            tx,
            table,
            troopScope(table, troopId),
            access,
            caller,
            row,
            target,
            prefer.resolution ?? 'merge',
            withDefaults,
            now,
            stored,
          );
          if (one) out.push(one);
        }
      }
      checkExpectation(opts, out.length);
      return out;
    },
  );
  return {
    rows: written.map((w) => toApiRow(table, w.row, returning)),
    changes: changesOf(written),
  };
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

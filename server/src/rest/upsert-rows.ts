/**
 * POST with `on_conflict` or a `resolution=` preference: one row at a time, inserted when its
 * key is free, else merged or left as it is (docs/protocol.md, Writing), under the access rules
 * of rules.ts. insert-rows.ts reads the body and runs these in its transaction.
 */
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { buildInsert, buildSelect, type TroopScope } from './build-sql.ts';
import type { BodyRow } from './request-rows.ts';
import type { Row } from './table-definition.ts';
import { rowInScope, type Access, type SignedInCaller } from './rules.ts';
import type { TableDef } from './tables.ts';
import { OWN_ROWS_ONLY, restrictUpdate, stampedUpdate } from './write-common.ts';

export interface Upserted {
  row: Record<string, unknown>;
  kind: 'created' | 'updated';
}

/** Whether `target` names one of the table's unique keys, in any order. */
export const conflictKeyMatches = (table: TableDef, target: readonly string[]) =>
  table.uniqueKeys.some(
    (key) => key.length === target.length && key.every((c) => target.includes(c)),
  );

/**
 * One upsert row. No row with that key: insert. A row exists: `ignore` leaves it; `merge`
 * updates it only when it is the caller's to change: a row the caller can read but not change
 * is 403, one the caller cannot even read is 409 (its key is taken), as a plain insert would be.
 */
export async function upsertOne(
  tx: Queryable,
  table: TableDef,
  troop: TroopScope,
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
    throw new ApiError(
      'VALIDATION_ERROR',
      `Every row needs the on_conflict columns (${target.join(', ')})`,
    );
  }
  const match = target.map((c) => [c, row[c] ?? null] as const);
  const scopeColumns = [access.read, access.update].flatMap((s) =>
    s?.kind === 'owner' ? [s.column] : [],
  );
  const probe = buildSelect(table, tx.dialect, {
    columns: [...new Set(['id', ...scopeColumns])],
    // Only the troop's rows: another troop's row with the same key is a conflict, never a target.
    selection: { troop, filters: [], scope: { kind: 'all' }, match },
    order: [{ column: 'id', descending: false, nullsFirst: false }],
    limit: 1,
    offset: 0,
  });
  const existing = (await tx.query(probe.text, probe.params)).rows[0];
  if (!existing) return insert();
  if (resolution === 'ignore') return null;
  if (!access.update || !rowInScope(access.update, existing)) {
    if (rowInScope(access.read, existing)) throw new ApiError('FORBIDDEN', OWN_ROWS_ONLY);
    throw new ApiError('CONFLICT', 'A row with the same key already exists');
  }
  const changes: BodyRow = { ...row };
  for (const c of target) delete changes[c];
  const set = restrictUpdate(changes, access, caller) as Row;
  const selection = { troop, filters: [], scope: access.update, match };
  const sql = stampedUpdate(table, tx.dialect, { set, now, selection, returning });
  const updated = (await tx.query(sql.text, sql.params)).rows[0];
  return updated ? { row: updated, kind: 'updated' } : null;
}

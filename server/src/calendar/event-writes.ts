/**
 * Writing calendar rows for the occurrence routes (occurrence-changes.ts, series-split.ts): the
 * change a member asks for, the stamps every change carries (SEQUENCE and `updated_at`, so
 * calendar apps update the event), and the SQL that stores a whole row on either store.
 *
 * A new row never takes the place of another: Data API clients choose their own ids, so the id
 * an occurrence route would give a new row may already be someone else's event. Such an id is
 * passed over for another (docs/decisions/040-recurring-event-storage.md), and rows are only
 * ever updated or deleted by the id they were read under.
 */
import crypto from 'node:crypto';
import type { OccurrenceScope } from '@scout/protocol/calendar-events';
import type { RolesConfig } from '@scout/protocol/permissions';
import type { SignedInCaller } from '../rest/rules.ts';
import { ApiError } from '../errors.ts';
import type { Queryable } from '../store/store.ts';
import { occurrenceOn, type EventRecord } from './occurrences.ts';
import { EVENT_COLUMNS } from './stored-events.ts';
import { storedBoolean } from '../store/sql-values.ts';

/** What an edit may change (snake_case, already checked field by field by event-row-check.ts). */
export type EventChanges = Partial<EventRecord>;

export type OccurrenceAction =
  | { kind: 'edit'; changes: EventChanges }
  | { kind: 'cancel'; reason: string | null }
  | { kind: 'delete' };

export interface OccurrenceRequest {
  id: string;
  /** The occurrence's date as the series gives it (before any move). */
  date: string;
  scope: OccurrenceScope;
  action: OccurrenceAction;
}

export interface ChangeContext {
  /** The troop of the request: every row read, written or removed is its. */
  troopId: string;
  caller: SignedInCaller;
  roles: RolesConfig;
  nowIso: string;
}

const COLUMN_LIST = EVENT_COLUMNS.split(', ');

function valueOf(db: Queryable, row: EventRecord, column: string): unknown {
  const v = (row as unknown as Record<string, unknown>)[column];
  if (column === 'all_day') return storedBoolean(db, Boolean(v));
  return v ?? null;
}

async function insertRow(db: Queryable, troopId: string, row: EventRecord): Promise<void> {
  await db.query(
    `INSERT INTO calendar_events (troop_id, ${EVENT_COLUMNS}) VALUES (?, ${COLUMN_LIST.map(() => '?').join(', ')})`,
    [troopId, ...COLUMN_LIST.map((c) => valueOf(db, row, c))],
  );
}

/**
 * Tries for a free id before giving up; each try past the first is random. Ids are the table's
 * key across troops, so a free one is free in every troop; whose it is never shows.
 */
const ID_TRIES = 5;

async function idTaken(db: Queryable, id: string): Promise<boolean> {
  const { rows } = await db.query('SELECT id FROM calendar_events WHERE id = ?', [id]);
  return rows.length > 0;
}

/**
 * Inserts a new row (a changed occurrence, a new series) under its own id when free, else
 * under that id with a random suffix; answers the row as stored. Another write taking the id
 * between the look and the insert fails the insert (a 409), never replaces the row.
 */
export async function insertNewRow(
  db: Queryable,
  troopId: string,
  row: EventRecord,
): Promise<EventRecord> {
  for (let i = 0; i < ID_TRIES; i++) {
    const id = i === 0 ? row.id : `${row.id}_${crypto.randomBytes(4).toString('hex')}`;
    if (await idTaken(db, id)) continue;
    const stored = { ...row, id };
    await insertRow(db, troopId, stored);
    return stored;
  }
  throw new ApiError('CONFLICT', 'Could not find a free id for the changed event; try again');
}

/** Updates a row in place, by the id it was read under (a series, or one of its changed occurrences). */
export async function updateRow(db: Queryable, troopId: string, row: EventRecord): Promise<void> {
  const set = COLUMN_LIST.filter((c) => c !== 'id');
  await db.query(
    `UPDATE calendar_events SET ${set.map((c) => `${c} = ?`).join(', ')} WHERE troop_id = ? AND id = ?`,
    [...set.map((c) => valueOf(db, row, c)), troopId, row.id],
  );
}

export async function deleteRows(
  db: Queryable,
  troopId: string,
  ids: readonly string[],
): Promise<void> {
  for (const id of ids)
    await db.query('DELETE FROM calendar_events WHERE troop_id = ? AND id = ?', [troopId, id]);
}

export function stamped(row: EventRecord, ctx: ChangeContext, sequence: number): EventRecord {
  return { ...row, updated_at: ctx.nowIso, sequence };
}

export const nextSequence = (row: EventRecord) => Number(row.sequence ?? 0) + 1;

export function applyAction(row: EventRecord, action: OccurrenceAction): EventRecord {
  if (action.kind === 'cancel')
    return { ...row, status: 'cancelled', cancel_reason: action.reason };
  if (action.kind === 'edit') return { ...row, ...action.changes };
  return row;
}

/** A changed-occurrence row of `series` on `date`: a copy of the series' details on that day. */
export function occurrenceRow(series: EventRecord, date: string, ctx: ChangeContext): EventRecord {
  return {
    ...occurrenceOn(series, date),
    id: `${series.id}_${date.replaceAll('-', '')}`,
    created_at: ctx.nowIso,
  };
}

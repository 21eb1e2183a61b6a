/**
 * Scout profiles: made, changed and removed by the household's adults; read in full by the
 * household and by leaders (`scouts.read`), and by name only by every other member.
 */
import crypto from 'node:crypto';
import {
  HOUSEHOLD_LIMITS,
  scoutProblems,
  type ScoutInput,
  type WireRosterScout,
  type WireScout,
  type WireTroopScout,
} from '@scout/protocol/households';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { lockHousehold, type HouseholdRef } from './household.ts';
import { SCOUT_COLUMNS, scoutToWire, type ScoutRow } from './rows.ts';
import { isoInstant, storedBoolean } from '../store/sql-values.ts';

type Deps = Pick<AppDeps, 'store' | 'clock'>;

type ScoutFields = ScoutInput;

/** Blank optional text is no text. */
const optional = (value: string | null | undefined) =>
  value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim();

/** The first problem of the fields, in the words the family form shows. */
function checkFields(now: number, input: ScoutFields, partial: boolean): void {
  const problems = scoutProblems(input, new Date(now).getUTCFullYear(), partial);
  const first = Object.values(problems)[0];
  if (first) throw new ApiError('VALIDATION_ERROR', first);
}

export async function addScout(
  deps: Deps,
  household: HouseholdRef,
  input: ScoutFields & { firstName: string; lastName: string },
): Promise<WireScout> {
  const now = deps.clock.now();
  checkFields(now, input, false);
  const { troopId, householdId } = household;
  return deps.store.transaction(async (tx) => {
    await lockHousehold(tx, household);
    const count = await tx.query<{ n: number | string }>(
      'SELECT COUNT(*) AS n FROM scouts WHERE troop_id = ? AND household_id = ?',
      [troopId, householdId],
    );
    if (Number(count.rows[0]?.n ?? 0) >= HOUSEHOLD_LIMITS.scoutsPerHousehold)
      throw new ApiError('HOUSEHOLD_FULL');
    const { rows } = await tx.query<ScoutRow>(
      `INSERT INTO scouts (id, household_id, first_name, last_name, patrol, birth_year, notes, no_photos, may_post, created_at, updated_at, troop_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING ${SCOUT_COLUMNS}`,
      [
        crypto.randomUUID(),
        householdId,
        input.firstName.trim(),
        input.lastName.trim(),
        optional(input.patrol) ?? null,
        input.birthYear ?? null,
        optional(input.notes) ?? null,
        storedBoolean(tx, input.noPhotos ?? false),
        storedBoolean(tx, input.mayPost ?? false),
        isoInstant(now),
        isoInstant(now),
        troopId,
      ],
    );
    if (!rows[0]) throw new Error('the new scout was not returned');
    return scoutToWire(rows[0]);
  });
}

const noScout = () => new ApiError('NOT_FOUND', 'No scout with this id in your household');

export async function editScout(
  deps: Deps,
  { troopId, householdId }: HouseholdRef,
  scoutId: string,
  input: ScoutFields,
): Promise<WireScout> {
  const now = deps.clock.now();
  checkFields(now, input, true);
  const sets: string[] = [];
  const values: unknown[] = [];
  const set = (column: string, value: unknown) => {
    if (value === undefined) return;
    sets.push(`${column} = ?`);
    values.push(value);
  };
  set('first_name', input.firstName?.trim());
  set('last_name', input.lastName?.trim());
  set('patrol', optional(input.patrol));
  set('birth_year', input.birthYear);
  set('notes', optional(input.notes));
  if (input.noPhotos !== undefined) set('no_photos', storedBoolean(deps.store, input.noPhotos));
  if (input.mayPost !== undefined) set('may_post', storedBoolean(deps.store, input.mayPost));
  set('updated_at', isoInstant(now));
  const { rows } = await deps.store.query<ScoutRow>(
    `UPDATE scouts SET ${sets.join(', ')} WHERE troop_id = ? AND id = ? AND household_id = ? RETURNING ${SCOUT_COLUMNS}`,
    [...values, troopId, scoutId, householdId],
  );
  if (!rows[0]) throw noScout();
  return scoutToWire(rows[0]);
}

export async function removeScout(
  deps: Deps,
  { troopId, householdId }: HouseholdRef,
  scoutId: string,
): Promise<WireScout> {
  const { rows } = await deps.store.query<ScoutRow>(
    `DELETE FROM scouts WHERE troop_id = ? AND id = ? AND household_id = ? RETURNING ${SCOUT_COLUMNS}`,
    [troopId, scoutId, householdId],
  );
  if (!rows[0]) throw noScout();
  return scoutToWire(rows[0]);
}

/** Every scout of the troop with details and the family's adults, for its leaders. */
export async function listTroopScouts(deps: Deps, troopId: string): Promise<WireTroopScout[]> {
  const scouts = await deps.store.query<ScoutRow & { household_name: string }>(
    `SELECT ${SCOUT_COLUMNS.split(', ')
      .map((c) => `s.${c}`)
      .join(', ')}, h.name AS household_name
     FROM scouts s JOIN households h ON h.id = s.household_id
     WHERE s.troop_id = ?
     ORDER BY s.last_name, s.first_name, s.id`,
    [troopId],
  );
  const adults = await deps.store.query<{
    household_id: string;
    user_id: string;
    display_name: string | null;
    email: string;
  }>(
    `SELECT a.household_id, a.user_id, u.display_name, u.email
     FROM household_adults a JOIN users u ON u.id = a.user_id
     WHERE a.troop_id = ? ORDER BY a.joined_at, a.user_id`,
    [troopId],
  );
  const byHousehold = new Map<string, WireTroopScout['adults']>();
  for (const a of adults.rows) {
    const list = byHousehold.get(a.household_id) ?? [];
    list.push({ userId: a.user_id, name: a.display_name || a.email, email: a.email });
    byHousehold.set(a.household_id, list);
  }
  return scouts.rows.map((r) => ({
    ...scoutToWire(r),
    householdId: r.household_id,
    householdName: r.household_name,
    adults: byHousehold.get(r.household_id) ?? [],
  }));
}

/** The names every member of the troop may see. */
export async function listRoster(deps: Deps, troopId: string): Promise<WireRosterScout[]> {
  const { rows } = await deps.store.query<{ id: string; first_name: string; last_name: string }>(
    'SELECT id, first_name, last_name FROM scouts WHERE troop_id = ? ORDER BY last_name, first_name, id',
    [troopId],
  );
  return rows.map((r) => ({ id: r.id, firstName: r.first_name, lastName: r.last_name }));
}

/**
 * Whose events a troop's calendar reads (docs/decisions/065-troops.md): its own, and its
 * council's, which show in every troop of the council read-only. Reads take the units; writes
 * take the troop's id alone, so a council's event is never changed through a troop's path.
 */
import type { Troop } from '../store/tenancy.ts';

export interface CalendarUnits {
  troopId: string;
  /** The troop's council, whose events it reads too; null for a council or a troop of none. */
  councilId: string | null;
}

export const unitsOf = (troop: Pick<Troop, 'id' | 'councilId'>): CalendarUnits => ({
  troopId: troop.id,
  councilId: troop.councilId,
});

/**
 * The condition on `troop_id` for a read: a troop's id alone (a write's lookups) is its rows
 * only; units are the troop's and its council's.
 */
export function unitsCondition(
  units: string | CalendarUnits,
  column = 'troop_id',
): { sql: string; params: string[] } {
  if (typeof units === 'string') return { sql: `${column} = ?`, params: [units] };
  if (units.councilId === null) return { sql: `${column} = ?`, params: [units.troopId] };
  return { sql: `${column} IN (?, ?)`, params: [units.troopId, units.councilId] };
}

/**
 * The conditions a range read (a window, the feed) is made with, one statement each. On SQLite,
 * once per unit with `troop_id = ?`, each from its own range of the (troop_id, event_date, ...)
 * indexes: given `troop_id IN (?, ?)` with a date range, its planner takes the (rrule,
 * event_date) index instead and reads every troop's events of the window (fifty times slower
 * among forty troops, measured by `npm run bench:council`). PostgreSQL reads both ranges of the
 * index for `IN` itself, and one statement saves it a round trip per unit.
 */
export function rangeReads(
  dialect: 'sqlite' | 'postgres',
  units: string | CalendarUnits,
): { sql: string; params: string[] }[] {
  if (dialect === 'postgres' || typeof units === 'string' || units.councilId === null)
    return [unitsCondition(units)];
  return [units.troopId, units.councilId].map((id) => unitsCondition(id));
}

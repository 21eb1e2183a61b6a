/**
 * Every unit of the server with how many people belong to it, for the platform admin
 * (`GET /api/troops/{projectId}/all`, routes.ts) and the admin CLI's `troop list`: councils
 * first, then by number (as numbers: 9 before 45) and name.
 */
import type { ServerTroop } from '@scout/protocol/troops';
import type { Config } from '../config.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { wireTroopOf } from './create-troop.ts';
import { TROOP_COLUMNS, toTroop } from './troop-directory.ts';

type Defaults = Pick<Config, 'projectId' | 'timezone' | 'signupMode' | 'troopContact'>;

export interface ListedTroop extends Troop {
  /** Active members; people waiting for approval and suspended ones are not counted. */
  members: number;
  /** The project id of the council a troop belongs to; null for a council or a troop of none. */
  councilProjectId: string | null;
}

export const byText = (a: string | null, b: string | null) =>
  a === b ? 0 : a === null ? 1 : b === null ? -1 : a.localeCompare(b, 'en', { numeric: true });

export async function listTroops(db: Queryable, config: Defaults): Promise<ListedTroop[]> {
  const columns = TROOP_COLUMNS.split(', ')
    .map((c) => `t.${c}`)
    .join(', ');
  const { rows } = await db.query<Parameters<typeof toTroop>[0] & { members: number | string }>(
    `SELECT ${columns},
            (SELECT COUNT(*) FROM memberships m WHERE m.troop_id = t.id AND m.status = 'active') AS members
       FROM troops t ORDER BY t.created_at, t.id`,
  );
  const units = rows.map((row) => ({ ...toTroop(row, config), members: Number(row.members) }));
  const projectIdOf = new Map(units.map((u) => [u.id, u.projectId]));
  return units
    .map((u) => ({
      ...u,
      councilProjectId: u.councilId === null ? null : (projectIdOf.get(u.councilId) ?? null),
    }))
    .sort(
      (a, b) =>
        Number(b.kind === 'council') - Number(a.kind === 'council') ||
        byText(a.number, b.number) ||
        byText(a.name, b.name),
    );
}

export const serverTroopOf = (unit: ListedTroop): ServerTroop => ({
  ...wireTroopOf(unit),
  councilProjectId: unit.councilProjectId,
  members: unit.members,
});

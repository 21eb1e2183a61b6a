/** Every unit of the server with how many people belong to it, for the admin CLI's `troop list`. */
import type { Config } from '../config.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { TROOP_COLUMNS, toTroop } from './troop-directory.ts';

type Defaults = Pick<Config, 'projectId' | 'timezone' | 'signupMode' | 'troopContact'>;

export interface ListedTroop extends Troop {
  /** Active members; people waiting for approval and suspended ones are not counted. */
  members: number;
}

export async function listTroops(db: Queryable, config: Defaults): Promise<ListedTroop[]> {
  const columns = TROOP_COLUMNS.split(', ')
    .map((c) => `t.${c}`)
    .join(', ');
  const { rows } = await db.query<Parameters<typeof toTroop>[0] & { members: number | string }>(
    `SELECT ${columns},
            (SELECT COUNT(*) FROM memberships m WHERE m.troop_id = t.id AND m.status = 'active') AS members
       FROM troops t ORDER BY t.created_at, t.id`,
  );
  return rows.map((row) => ({ ...toTroop(row, config), members: Number(row.members) }));
}

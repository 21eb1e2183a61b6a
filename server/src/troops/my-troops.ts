/** The troops a person belongs to, for the app's troop switcher (docs/decisions/065-troops.md). */
import type { WireMyTroop } from '@scout/protocol/troops';
import type { AccountStatus } from '@scout/protocol/auth';
import type { Config } from '../config.ts';
import type { Queryable } from '../store/store.ts';
import { TROOP_COLUMNS, toTroop } from './troop-directory.ts';
import { wireTroopOf } from './create-troop.ts';

type Defaults = Pick<Config, 'projectId' | 'timezone' | 'signupMode' | 'troopContact'>;

export async function myTroops(
  db: Queryable,
  config: Defaults,
  userId: string,
): Promise<WireMyTroop[]> {
  const columns = TROOP_COLUMNS.split(', ')
    .map((c) => `t.${c}`)
    .join(', ');
  const { rows } = await db.query<
    Parameters<typeof toTroop>[0] & { role: string; status: string; waiting: number | string }
  >(
    `SELECT ${columns}, m.role, m.status,
            CASE WHEN t.registered_by IS NOT NULL AND t.confirmed_at IS NULL THEN 1 ELSE 0 END AS waiting
       FROM memberships m JOIN troops t ON t.id = m.troop_id
      WHERE m.user_id = ? ORDER BY t.created_at, t.id`,
    [userId],
  );
  return rows.map((row) => ({
    ...wireTroopOf(toTroop(row, config)),
    role: row.role,
    // A troop waiting for its council keeps its members waiting (auth/session-check.ts).
    status: (Number(row.waiting) === 1 && row.status === 'active'
      ? 'pending'
      : row.status) as AccountStatus,
  }));
}

/**
 * The troop a session is signed in to (docs/decisions/065-troops.md): the troop the request
 * named (its `projectId`) when the account is a member there; else the account's own troop, the
 * first troop for its members (what every account of a one-troop server is) and otherwise the
 * one it joined first. A client that sends no project id (older ones never do on these calls)
 * so gets a token whose `pid` names a troop it belongs to.
 */
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../store/store.ts';
import { FIRST_TROOP_ID, type Troop } from '../store/tenancy.ts';
import { TROOP_COLUMNS, toTroop } from '../troops/troop-directory.ts';

export type SessionTroop = Pick<Troop, 'id' | 'projectId'>;

type TroopRow = Parameters<typeof toTroop>[0];

export async function sessionTroop(
  db: Queryable,
  config: AppDeps['config'],
  userId: string,
  named: Troop | undefined,
): Promise<SessionTroop> {
  const { rows } = await db.query<TroopRow>(
    `SELECT ${TROOP_COLUMNS.split(', ')
      .map((c) => `t.${c}`)
      .join(', ')}
       FROM memberships m JOIN troops t ON t.id = m.troop_id
      WHERE m.user_id = ?
      ORDER BY CASE WHEN t.id = ? THEN 0 WHEN t.id = ? THEN 1 ELSE 2 END, m.joined_at, t.id
      LIMIT 1`,
    [userId, named?.id ?? FIRST_TROOP_ID, FIRST_TROOP_ID],
  );
  const row = rows[0];
  if (row) return toTroop(row, config);
  // In no troop (an account made before it joined one): the first troop, as always.
  return named ?? { id: FIRST_TROOP_ID, projectId: config.projectId };
}

/**
 * A council admin's decision on a troop registered at sign-up (register-troop.ts): the troops
 * waiting for the council, and confirming or refusing one. Confirming sets `confirmed_at`, and its
 * members reach the troop as its rules say at their next request (auth/session-check.ts).
 * Refusing removes the troop, its memberships and every account left in no troop. Both are
 * platform acts of the council in the audit log (no troop), and the registrant is told by mail
 * (registration-notice.ts). Two confirms at once are one: the second finds it confirmed and
 * answers the same, with no second entry or mail; a refuse that meets a confirm is a 409.
 */
import type { TroopDecision, WaitingTroop } from '@scout/protocol/troops';
import { forgetAccount } from '../auth/session-check.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { wireTroopOf } from './create-troop.ts';
import { queueDecisionMail } from './registration-notice.ts';
import { TROOP_COLUMNS, toTroop, type TroopRow } from './troop-directory.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

interface RegisteredRow extends TroopRow {
  created_at: string;
  confirmed_at: string | null;
  email: string | null;
  display_name: string | null;
}

const REGISTERED = `SELECT ${TROOP_COLUMNS.split(', ')
  .map((c) => `t.${c}`)
  .join(', ')}, t.created_at, t.confirmed_at, u.email, u.display_name
  FROM troops t LEFT JOIN users u ON u.id = t.registered_by
 WHERE t.kind = 'troop' AND t.council_id = ? AND t.registered_by IS NOT NULL`;

/** The troops registered at sign-up that wait for the council, oldest first. */
export async function waitingTroops(deps: Deps, council: Troop): Promise<WaitingTroop[]> {
  const { rows } = await deps.store.query<RegisteredRow>(
    `${REGISTERED} AND t.confirmed_at IS NULL ORDER BY t.created_at, t.id`,
    [council.id],
  );
  return rows.map((row) => ({
    ...wireTroopOf(toTroop(row, deps.config)),
    registeredBy: row.email ? { email: row.email, displayName: row.display_name } : null,
    registeredAt: row.created_at,
  }));
}

/** The council's troop registered at sign-up with this project id, waiting or confirmed; else 404. */
async function registeredTroop(db: Queryable, council: Troop, projectId: string) {
  const { rows } = await db.query<RegisteredRow>(`${REGISTERED} AND t.project_id = ?`, [
    council.id,
    projectId,
  ]);
  const row = rows[0];
  if (!row)
    throw new ApiError(
      'NOT_FOUND',
      `No troop registered with this council has the project id ${projectId}`,
    );
  return row;
}

const audit = (council: Troop, row: RegisteredRow) => ({
  projectId: row.project_id,
  number: row.number,
  name: row.name,
  councilProjectId: council.projectId,
});

/** Confirms the waiting troop; confirming a confirmed one answers the same and does nothing. */
export async function confirmTroop(
  deps: Deps,
  actorId: string,
  council: Troop,
  projectId: string,
): Promise<TroopDecision> {
  const now = deps.clock.now();
  const row = await deps.store.transaction(async (tx) => {
    const found = await registeredTroop(tx, council, projectId);
    const { rows } = await tx.query(
      'UPDATE troops SET confirmed_at = ? WHERE id = ? AND confirmed_at IS NULL RETURNING id',
      [isoInstant(now), found.id],
    );
    if (rows.length === 0) return found;
    await recordAudit(tx, now, {
      troopId: null,
      actorId,
      action: 'troop.confirmed',
      targetId: found.id,
      details: audit(council, found),
    });
    if (found.email)
      await queueDecisionMail(tx, now, council.id, {
        troopId: found.id,
        troopName: found.name ?? `Troop ${found.number ?? ''}`,
        councilName: council.name ?? '',
        email: found.email,
        displayName: found.display_name,
        outcome: 'confirmed',
      });
    return found;
  });
  await forgetMembers(deps, row.id);
  return { troop: wireTroopOf(toTroop(row, deps.config)), outcome: 'confirmed' };
}

/** Refuses the waiting troop: it goes, with its memberships and the accounts left in no troop. */
export async function refuseTroop(
  deps: Deps,
  actorId: string,
  council: Troop,
  projectId: string,
): Promise<{ decision: TroopDecision; members: string[] }> {
  const now = deps.clock.now();
  return deps.store.transaction(async (tx) => {
    const found = await registeredTroop(tx, council, projectId);
    if (found.confirmed_at !== null)
      throw new ApiError('CONFLICT', 'This troop is confirmed already; it is not refused');
    const { rows: members } = await tx.query<{ user_id: string }>(
      'SELECT user_id FROM memberships WHERE troop_id = ? ORDER BY user_id',
      [found.id],
    );
    await tx.query('DELETE FROM memberships WHERE troop_id = ?', [found.id]);
    // Still waiting as it goes: one confirmed meanwhile is kept, with its members (all undone).
    const { rows: gone } = await tx.query(
      'DELETE FROM troops WHERE id = ? AND confirmed_at IS NULL RETURNING id',
      [found.id],
    );
    if (gone.length === 0)
      throw new ApiError('CONFLICT', 'This troop is confirmed already; it is not refused');
    let accountsDeleted = 0;
    for (const { user_id } of members) {
      const { rows: left } = await tx.query<{ n: number | string }>(
        'SELECT count(*) AS n FROM memberships WHERE user_id = ?',
        [user_id],
      );
      if (Number(left[0]?.n ?? 0) > 0) continue;
      await tx.query('DELETE FROM users WHERE id = ?', [user_id]);
      accountsDeleted += 1;
    }
    await recordAudit(tx, now, {
      troopId: null,
      actorId,
      action: 'troop.refused',
      targetId: found.id,
      details: { ...audit(council, found), members: members.length, accountsDeleted },
    });
    if (found.email)
      await queueDecisionMail(tx, now, council.id, {
        troopId: found.id,
        troopName: found.name ?? `Troop ${found.number ?? ''}`,
        councilName: council.name ?? '',
        email: found.email,
        displayName: found.display_name,
        outcome: 'refused',
      });
    return {
      decision: { troop: wireTroopOf(toTroop(found, deps.config)), outcome: 'refused' },
      members: members.map((m) => m.user_id),
    };
  });
}

async function forgetMembers(deps: Deps, troopId: string) {
  const { rows } = await deps.store.query<{ user_id: string }>(
    'SELECT user_id FROM memberships WHERE troop_id = ?',
    [troopId],
  );
  for (const { user_id } of rows) forgetAccount(deps.store, user_id);
}

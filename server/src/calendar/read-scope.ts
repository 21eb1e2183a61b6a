/**
 * Which events a member may read, by the `calendar_events` rule of the roles configuration
 * (docs/roles.md, Table rules): the calendar's own reads (occurrences of a window, the
 * subscription feed, an event's file) show exactly what the Data API would show them.
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { RolesConfig } from '@scout/protocol/permissions';
import { accessFor, rowInScope, type SignedInCaller } from '../rest/rules.ts';
import type { Queryable } from '../store/store.ts';
import type { EventRecord } from './occurrences.ts';
import { calendarEventsTable } from './tables.ts';

export function readableEvents<T extends EventRecord>(
  roles: RolesConfig,
  caller: SignedInCaller,
  rows: T[],
): T[] {
  const scope = accessFor(calendarEventsTable, caller, roles).read;
  if (scope.kind === 'all') return rows;
  return rows.filter((row) => rowInScope(scope, row as Record<string, unknown>));
}

/** A feed's owner as the caller it reads for: with the role they have in the troop now. */
export async function feedReader(
  db: Queryable,
  troopId: string,
  userId: string,
): Promise<SignedInCaller> {
  const { rows } = await db.query<{ role: string; email: string; status: AccountStatus }>(
    `SELECT m.role, u.email, m.status FROM memberships m JOIN users u ON u.id = m.user_id
     WHERE m.troop_id = ? AND m.user_id = ?`,
    [troopId, userId],
  );
  const account = rows[0] ?? { role: '', email: '', status: 'active' as AccountStatus };
  return { kind: 'user', userId, ...account };
}

/**
 * Account changes made through the Data API (an admin setting `role` by PATCH of `users`, or
 * deleting an account) go in the audit log like those made on the Members screen or with the
 * admin CLI (members/audit-log.ts): in the same transaction as the change, with what it was.
 * Like the Members screen, they may not leave the troop without an admin.
 */
import type { RolesConfig } from '@scout/protocol/permissions';
import { adminRoles } from '../auth/first-admin.ts';
import { ApiError } from '../errors.ts';
import { buildSelect, totalOrder, type RowSelection } from '../rest/build-sql.ts';
import type { SignedInCaller } from '../rest/rules.ts';
import type { TableDef, WriteHook } from '../rest/table-definition.ts';
import type { Queryable } from '../store/store.ts';
import { recordAudit } from './audit-log.ts';

interface AccountBefore {
  id: string;
  email: string;
  role: string;
}

/** The accounts a write is about to touch, as they are before it. */
async function accountsBefore(
  tx: Queryable,
  table: TableDef,
  selection: RowSelection,
): Promise<Map<string, AccountBefore>> {
  const sql = buildSelect(table, tx.dialect, {
    columns: ['id', 'email', 'role'],
    selection,
    order: totalOrder([]),
    limit: Number.MAX_SAFE_INTEGER,
    offset: 0,
  });
  const { rows } = await tx.query<AccountBefore>(sql.text, sql.params);
  return new Map(rows.map((r) => [String(r.id), r]));
}

/** Records each written account: its role change (`role`), or its removal (role undefined). */
async function recordAccountWrites(
  tx: Queryable,
  now: number,
  caller: SignedInCaller,
  before: Map<string, AccountBefore>,
  ids: readonly string[],
  role?: string,
): Promise<void> {
  const actorId = caller.kind === 'user' ? caller.userId : null;
  for (const id of ids) {
    const was = before.get(id);
    if (!was) continue;
    if (role === undefined) {
      await recordAudit(tx, now, {
        actorId,
        action: 'member.removed',
        targetId: id,
        details: { email: was.email, via: 'data-api' },
      });
    } else if (was.role !== role) {
      await recordAudit(tx, now, {
        actorId,
        action: 'member.role_changed',
        targetId: id,
        details: { from: was.role, to: role, via: 'data-api' },
      });
    }
  }
}

/** Refuses (409, the transaction rolls back) a write that took the troop's last admin away. */
async function keepAnAdmin(
  tx: Queryable,
  roles: RolesConfig,
  before: Map<string, AccountBefore>,
): Promise<void> {
  const admins = adminRoles(roles);
  if (admins.length === 0 || ![...before.values()].some((a) => admins.includes(a.role))) return;
  const { rows } = await tx.query<{ n: number | string }>(
    `SELECT COUNT(*) AS n FROM users WHERE role IN (${admins.map(() => '?').join(', ')})`,
    admins,
  );
  if (Number(rows[0]?.n ?? 0) === 0)
    throw new ApiError(
      'CONFLICT',
      'The troop needs at least one admin: make someone else an admin first',
    );
}

/**
 * After the write, in its transaction: refuses it when it left the troop without an admin,
 * else records each account it changed (`role`) or removed (role undefined).
 */
async function settleAccountWrites(
  tx: Queryable,
  ctx: { roles: RolesConfig; now: number; caller: SignedInCaller },
  before: Map<string, AccountBefore>,
  ids: readonly string[],
  role?: string,
): Promise<void> {
  await keepAnAdmin(tx, ctx.roles, before);
  await recordAccountWrites(tx, ctx.now, ctx.caller, before, ids, role);
}

/**
 * The `users` table's hook for updates and deletes: a change of `role` (`set`), or a deletion
 * (null), is checked and audited.
 */
export const accountWrites: WriteHook<Map<string, AccountBefore>> = {
  applies: (set) => set === null || 'role' in set,
  before: accountsBefore,
  after: (tx, ctx, ids, before, set) =>
    settleAccountWrites(tx, ctx, before, ids, set === null ? undefined : String(set.role)),
};

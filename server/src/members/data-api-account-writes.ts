/**
 * Account changes made through the Data API (an admin setting `role` by PATCH of `users`, or
 * deleting an account) go in the audit log like those made on the Members screen or with the
 * admin CLI (members/audit-log.ts): in the same transaction as the change, with what it was.
 * Like the Members screen, they may not leave the troop without an admin.
 *
 * A role is the troop's (members/memberships.ts): PATCH of `users.role` on a troop's path gives
 * the role in that troop. The write itself sets `users.role`, which is the first troop's; on
 * another troop's path the hook moves the new role to that troop's membership and puts the
 * account's own role back, so the first troop never sees it. Deleting an account is the
 * account's end in every troop, so a troop's admin may delete only accounts that belong to no
 * other troop (409 otherwise: they are removed from the troop on the Members screen).
 */
import type { RolesConfig } from '@scout/protocol/permissions';
import { adminRoles } from '../auth/first-admin.ts';
import { ApiError } from '../errors.ts';
import { buildSelect, totalOrder, type RowSelection } from '../rest/build-sql.ts';
import type { TableDef, WriteContext, WriteHook } from '../rest/table-definition.ts';
import type { Queryable } from '../store/store.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { recordAudit } from './audit-log.ts';
import { changeMembershipRow, countInRoles } from './memberships.ts';

interface AccountBefore {
  id: string;
  email: string;
  /** The account's own role (the first troop's). */
  role: string;
  /** The account's role in each troop it belongs to. */
  troops: Map<string, string>;
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
  const { rows } = await tx.query<Omit<AccountBefore, 'troops'>>(sql.text, sql.params);
  const before = new Map(
    rows.map((r) => [String(r.id), { ...r, id: String(r.id), troops: new Map<string, string>() }]),
  );
  const ids = [...before.keys()];
  for (let at = 0; at < ids.length; at += 500) {
    const some = ids.slice(at, at + 500);
    const { rows: held } = await tx.query<{ user_id: string; troop_id: string; role: string }>(
      `SELECT user_id, troop_id, role FROM memberships WHERE user_id IN (${some.map(() => '?').join(', ')})`,
      some,
    );
    for (const m of held) before.get(m.user_id)?.troops.set(m.troop_id, m.role);
  }
  return before;
}

/** The request's troop (rest/table-definition.ts WriteContext). */
const troopOfWrite = (ctx: WriteContext): string => ctx.troopId;

/** What each account's role in the troop was before the write. */
const roleIn = (was: AccountBefore, troopId: string): string =>
  troopId === FIRST_TROOP_ID ? was.role : (was.troops.get(troopId) ?? was.role);

/**
 * A role written on another troop's path: that troop's membership takes it, and the account's
 * own role (the first troop's) is put back as it was.
 */
async function moveRoleToTroop(
  tx: Queryable,
  ctx: WriteContext,
  troopId: string,
  before: Map<string, AccountBefore>,
  ids: readonly string[],
  role: string,
): Promise<void> {
  if (troopId === FIRST_TROOP_ID) return;
  for (const id of ids) {
    const was = before.get(id);
    if (!was) continue;
    await tx.query('UPDATE users SET role = ? WHERE id = ?', [was.role, id]);
    await changeMembershipRow(tx, ctx.now, id, troopId, { role });
  }
}

/** Refuses (409) deleting an account that another troop still has as a member. */
function keepOtherTroopsAccounts(
  troopId: string,
  before: Map<string, AccountBefore>,
  ids: readonly string[],
): void {
  for (const id of ids) {
    const was = before.get(id);
    if (was && [...was.troops.keys()].some((t) => t !== troopId))
      throw new ApiError(
        'CONFLICT',
        `${was.email} belongs to another troop too: remove them from this troop on the Members screen instead`,
      );
  }
}

/** Records each written account: its role change (`role`), or its removal (role undefined). */
async function recordAccountWrites(
  tx: Queryable,
  ctx: WriteContext,
  before: Map<string, AccountBefore>,
  ids: readonly string[],
  role?: string,
): Promise<void> {
  const troopId = troopOfWrite(ctx);
  const actorId = ctx.caller.kind === 'user' ? ctx.caller.userId : null;
  for (const id of ids) {
    const was = before.get(id);
    if (!was) continue;
    const wasRole = roleIn(was, troopId);
    if (role === undefined) {
      await recordAudit(tx, ctx.now, {
        troopId,
        actorId,
        action: 'member.removed',
        targetId: id,
        details: { email: was.email, via: 'data-api' },
      });
    } else if (wasRole !== role) {
      await recordAudit(tx, ctx.now, {
        troopId,
        actorId,
        action: 'member.role_changed',
        targetId: id,
        details: { from: wasRole, to: role, via: 'data-api' },
      });
    }
  }
}

/** Refuses (409, the transaction rolls back) a write that took the troop's last admin away. */
async function keepAnAdmin(
  tx: Queryable,
  roles: RolesConfig,
  troopId: string,
  before: Map<string, AccountBefore>,
): Promise<void> {
  const admins = adminRoles(roles);
  if (admins.length === 0 || ![...before.values()].some((a) => admins.includes(roleIn(a, troopId))))
    return;
  if ((await countInRoles(tx, troopId, admins)) === 0)
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
  ctx: WriteContext,
  before: Map<string, AccountBefore>,
  ids: readonly string[],
  role?: string,
): Promise<void> {
  const troopId = troopOfWrite(ctx);
  if (role === undefined) keepOtherTroopsAccounts(troopId, before, ids);
  else await moveRoleToTroop(tx, ctx, troopId, before, ids, role);
  await keepAnAdmin(tx, ctx.roles, troopId, before);
  await recordAccountWrites(tx, ctx, before, ids, role);
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

/**
 * Who may act on every troop's rows at once (operator SQL, sql-routes.ts): a service key of the
 * server's operator, or a platform admin. For now the platform admin is an admin of the FIRST
 * troop (`users.role = 'admin'`, that troop's membership, docs/decisions/065-troops.md): on an
 * upgraded one-troop server that is exactly who could run SQL before. Another troop's admin is
 * not one, and neither is a key made for another troop: either would read troops not theirs.
 */
import type { FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { adminRoles } from '../auth/first-admin.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf } from '../http/route-guards.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

/** Whether the signed-in caller of `req` may act on every troop. */
export async function isPlatformOperator(deps: ReadyDeps, req: FastifyRequest): Promise<boolean> {
  const caller = callerOf(req);
  if (caller.kind === 'service') {
    // The operator's keys: made by the admin CLI (no troop), or the one troop's before troops.
    const { rows } = await deps.store.query<{ troop_id: string | null }>(
      'SELECT troop_id FROM service_keys WHERE id = ?',
      [caller.keyId],
    );
    const key = rows[0];
    return key !== undefined && (key.troop_id === null || key.troop_id === FIRST_TROOP_ID);
  }
  const admins = adminRoles(deps.config.roles);
  if (admins.length === 0) return false;
  const { rows } = await deps.store.query(
    `SELECT 1 AS one FROM memberships
      WHERE user_id = ? AND troop_id = ? AND status = 'active' AND role IN (${admins.map(() => '?').join(', ')})`,
    [caller.userId, FIRST_TROOP_ID, ...admins],
  );
  return rows.length > 0;
}

/** 403 unless the caller (already signed in by an earlier guard) is a platform operator. */
export const platformOperator =
  (deps: ReadyDeps, refusal: string): preValidationAsyncHookHandler =>
  async (req) => {
    if (!(await isPlatformOperator(deps, req))) throw new ApiError('FORBIDDEN', refusal);
  };

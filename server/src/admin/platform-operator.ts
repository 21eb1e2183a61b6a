/**
 * The platform admin and the server's operators: the one rule for who acts on every troop.
 *
 * The platform admin is an active member of the FIRST troop with one of the configured admin
 * roles (a role holding `*`, auth/first-admin.ts), docs/decisions/065-troops.md: on an upgraded
 * one-troop server that is exactly who administered it. They make troops and councils and list
 * the server's units (troops/routes.ts) and read every council's overview. Another troop's admin
 * is not one.
 *
 * An operator (operator SQL, sql-routes.ts; recovery, auth/recovery-routes.ts) is the platform
 * admin, or a service key of the server's operator; a key made for another troop is not one:
 * it would read troops not its own.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
} from 'fastify';
import { adminRoles } from '../auth/first-admin.ts';
import type { AppDeps, ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { bearerToken, resolveCredential } from '../http/caller.ts';
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
  return isPlatformAdmin(deps, caller.userId);
}

/** Whether the account is the platform admin: an active admin of the first troop. */
export async function isPlatformAdmin(
  deps: Pick<AppDeps, 'store' | 'config'>,
  userId: string,
): Promise<boolean> {
  const admins = adminRoles(deps.config.roles);
  if (admins.length === 0) return false;
  const { rows } = await deps.store.query(
    `SELECT 1 AS one FROM memberships
      WHERE user_id = ? AND troop_id = ? AND status = 'active' AND role IN (${admins.map(() => '?').join(', ')})`,
    [userId, FIRST_TROOP_ID, ...admins],
  );
  return rows.length > 0;
}

/** 403 unless the caller (already signed in by an earlier guard) is a platform operator. */
export const platformOperator =
  (deps: ReadyDeps, refusal: string): preValidationAsyncHookHandler =>
  async (req) => {
    if (!(await isPlatformOperator(deps, req))) throw new ApiError('FORBIDDEN', refusal);
  };

/** 403 unless the caller (already signed in by an earlier guard) is the platform admin: a person, never a key. */
export const platformAdmin =
  (deps: ReadyDeps, refusal: string): preValidationAsyncHookHandler =>
  async (req) => {
    const caller = callerOf(req);
    if (caller.kind !== 'user' || !(await isPlatformAdmin(deps, caller.userId)))
      throw new ApiError('FORBIDDEN', refusal);
  };

/**
 * Signs the caller in with the `signedIn` guard; one of no role in the path's unit (the guard's
 * unknown project) is signed in all the same when they are the platform admin, and anyone else
 * stays a stranger. A council's routes read and decide so (troops/council-routes.ts,
 * registration-routes.ts). Answers who passed: a member of the unit, or the platform admin of no
 * role there.
 */
export async function signInMemberOrPlatformAdmin(
  deps: ReadyDeps,
  signedIn: preValidationAsyncHookHandler,
  instance: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<'member' | 'platform-admin'> {
  try {
    await signedIn.call(instance, req, reply);
    return 'member';
  } catch (err) {
    if (!(err instanceof ApiError) || err.code !== 'PROJECT_NOT_FOUND') throw err;
    const caller = await resolveCredential(deps, bearerToken(req)).catch(() => undefined);
    if (
      caller?.kind !== 'user' ||
      caller.status !== 'active' ||
      !(await isPlatformAdmin(deps, caller.userId))
    )
      throw err;
    req.caller = caller;
    return 'platform-admin';
  }
}

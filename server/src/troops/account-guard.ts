/**
 * Who may list their own troops (`GET /api/troops/{projectId}/mine`): any signed-in account of
 * the server, whichever troop the path names. The answer names only the caller's own troops, and
 * the path's troop is public anyway (`GET /api/troops/{projectId}`), so the app can find a troop
 * of theirs for a person whose app calls with a troop they are not a member of (signed up with
 * another troop's number, or removed from the chosen one: docs/decisions/065-troops.md).
 *
 * The caller is checked as every caller is (http/caller.ts: the account and session still live,
 * a suspended member refused), as a member of the path's troop when they are one, else of the
 * troop a sign-in would give them (auth/session-troop.ts). A service key stays held to its troop.
 */
import type { FastifyRequest } from 'fastify';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { assertActiveMember, bearerToken, resolveCredential } from '../http/caller.ts';
import { troopOf } from '../http/route-guards.ts';
import { sessionTroop } from '../auth/session-troop.ts';
import { verifyAccessToken } from '../auth/tokens.ts';

/** The account of the token, when it is an access token of this server; else undefined. */
async function accountOf(deps: ReadyDeps, token: string | undefined) {
  if (!token || token.startsWith('sk_')) return undefined;
  try {
    return (await verifyAccessToken(deps.jwtSecret, token, deps.clock.now())).sub;
  } catch {
    // An unusable token is refused below, in the words every route uses.
    return undefined;
  }
}

/** Runs after `guards.project`: sets the caller, an account waiting for approval included. */
export const anyTroopAccount = (deps: ReadyDeps) => async (req: FastifyRequest) => {
  const token = bearerToken(req);
  const named = troopOf(req);
  const account = await accountOf(deps, token);
  const troop = account ? await sessionTroop(deps.store, deps.config, account, named) : named;
  const caller = await resolveCredential(deps, token, troop.id);
  if (caller.kind === 'anonymous') throw new ApiError('UNAUTHORIZED');
  if (caller.kind === 'user' && caller.status !== 'pending') assertActiveMember(caller);
  req.caller = caller;
};

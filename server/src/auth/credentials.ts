/**
 * Who a bearer credential names: a service key, or an access token whose account and session
 * are still what they were (session-check.ts). A present but invalid credential is a 401, never
 * silently anonymous. wiring.ts puts this in the deps as `authenticate`, which the generic HTTP
 * layer (http/caller.ts) calls without knowing how credentials work.
 */
import { SESSION_USER_GONE_STATUS } from '@scout/protocol/errors';
import { ApiError } from '../errors.ts';
import type { AppDeps, ReadyDeps } from '../deps.ts';
import type { Caller } from '../http/caller.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { checkSession } from './session-check.ts';
import { verifyAccessToken } from './tokens.ts';

/** The answer to a genuine token whose session was ended (signed out, or revoked). */
export const SESSION_ENDED = 'This session has ended';

export async function resolveCredential(
  deps: AppDeps & Pick<ReadyDeps, 'troops'>,
  token: string | undefined,
  troopId: string = FIRST_TROOP_ID,
): Promise<Caller> {
  if (!token) return { kind: 'anonymous' };
  if (token.startsWith('sk_') && deps.serviceKeys) {
    const key = await deps.serviceKeys.verify(token);
    if (!key) throw new ApiError('UNAUTHORIZED', 'Invalid service key');
    // A troop's key reaches its own troop only; elsewhere it meets what a stranger meets.
    if (key.troopId !== null && key.troopId !== troopId) throw new ApiError('PROJECT_NOT_FOUND');
    return { kind: 'service', keyId: key.id };
  }
  const claims = await verifyAccessToken(deps.jwtSecret, token, deps.clock.now());
  // Signed by this server for one of its troops: the account is the server's, whichever troop.
  if (!(await deps.troops.byProjectId(claims.pid)))
    throw new ApiError('TOKEN_EXPIRED', 'Token is for another project');
  // The token is genuine; are its account and session still what they were (auth/session-check.ts)?
  const state = await checkSession(deps.store, claims.sub, claims.sid, troopId);
  if (!state.ok) {
    // Not a member of the troop: nothing says the troop exists (docs/decisions/065-troops.md).
    if (state.reason === 'troop') throw new ApiError('PROJECT_NOT_FOUND');
    if (state.reason === 'account')
      throw new ApiError('USER_NOT_FOUND', 'This account no longer exists', {
        status: SESSION_USER_GONE_STATUS,
      });
    throw new ApiError('TOKEN_EXPIRED', SESSION_ENDED);
  }
  return {
    kind: 'user',
    userId: claims.sub,
    role: state.role,
    email: claims.email,
    status: state.status,
    ...(state.troopWaiting ? { troopWaiting: true as const } : {}),
    ...(claims.sid ? { sessionId: claims.sid } : {}),
  };
}

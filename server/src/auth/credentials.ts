/**
 * Who a bearer credential names: a service key, or an access token whose account and session
 * are still what they were (session-check.ts). A present but invalid credential is a 401, never
 * silently anonymous. wiring.ts puts this in the deps as `authenticate`, which the generic HTTP
 * layer (http/caller.ts) calls without knowing how credentials work.
 */
import { SESSION_USER_GONE_STATUS } from '@scout/protocol/errors';
import { ApiError } from '../errors.ts';
import type { AppDeps } from '../deps.ts';
import type { Caller } from '../http/caller.ts';
import { checkSession } from './session-check.ts';
import { verifyAccessToken } from './tokens.ts';

/** The answer to a genuine token whose session was ended (signed out, or revoked). */
export const SESSION_ENDED = 'This session has ended';

export async function resolveCredential(deps: AppDeps, token: string | undefined): Promise<Caller> {
  if (!token) return { kind: 'anonymous' };
  if (token.startsWith('sk_') && deps.serviceKeys) {
    const keyId = await deps.serviceKeys.verify(token);
    if (!keyId) throw new ApiError('UNAUTHORIZED', 'Invalid service key');
    return { kind: 'service', keyId };
  }
  const claims = await verifyAccessToken(deps.jwtSecret, token, deps.clock.now());
  if (claims.pid !== deps.config.projectId)
    throw new ApiError('TOKEN_EXPIRED', 'Token is for another project');
  // The token is genuine; are its account and session still what they were (auth/session-check.ts)?
  const state = await checkSession(deps.store, claims.sub, claims.sid);
  if (!state.ok) {
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
    ...(claims.sid ? { sessionId: claims.sid } : {}),
  };
}

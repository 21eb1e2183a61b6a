/** POST /api/auth/signout (docs/protocol.md, Sessions and tokens). */
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { resolveCredential } from '../http/caller.ts';
import { SESSION_ENDED } from './credentials.ts';
import { revokeRefreshTokenFamily, revokeUserSessions } from './sessions.ts';

/**
 * With a refresh token, ends that session only (its whole family): holding the token is proof
 * enough, so an expired access token does not stop a sign-out. Without one, the caller cannot
 * name a session, so every session of the signed-in user ends ("sign out everywhere").
 */
export async function signOut(
  deps: ReadyDeps,
  refreshToken: string | undefined,
  accessToken: string | undefined,
): Promise<{ success: true }> {
  if (refreshToken) {
    await revokeRefreshTokenFamily(deps, refreshToken);
    return { success: true };
  }
  const caller = await resolveCredential(deps, accessToken).catch((err: unknown) => {
    // A genuine token whose session has already ended: signing out again changes nothing.
    if (err instanceof ApiError && err.message === SESSION_ENDED) return null;
    throw err;
  });
  if (caller === null) return { success: true };
  if (caller.kind === 'anonymous') throw new ApiError('TOKEN_EXPIRED', 'Sign-in required');
  if (caller.kind !== 'user')
    throw new ApiError('FORBIDDEN', 'Only a signed-in user has sessions to end');
  await revokeUserSessions(deps, caller.userId);
  return { success: true };
}

/**
 * Password reset by mailed link and password change while signed in (docs/protocol.md, Sessions and tokens:
 * /password/reset, /password/reset/confirm, /password/reset/generate, /password/change).
 * Either way every other session of the account ends: whoever knew the old password, or held a
 * stolen refresh token, is signed out.
 */
import type { SessionResponse } from '@scout/protocol/auth';
import { PASSWORD_MAX_LENGTH } from '@scout/protocol/limits';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { hitRateLimit } from './rate-limits.ts';
import type { z } from 'zod';
import type { linkRequestBody, passwordChangeBody, resetConfirmBody } from './auth-bodies.ts';
import { acceptedRedirect, checkLink, consumeLink, spendLinks } from './links.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { hitLinkMailLimit, hitRedeemLimit, RECOVERY_RATE_LIMITS } from './recovery-limits.ts';
import { issueSession, revokeUserSessions } from './sessions.ts';
import type { Troop } from '../store/tenancy.ts';
import { findUserById, updateUser } from './users.ts';

/** A new password the body left out (the schema has checked any that was sent). */
const passwordRequired = () => new ApiError('WEAK_PASSWORD', 'Password is required');

export interface LinkRequest {
  email: string;
  redirectUrl?: string;
}

/**
 * The part of "mail me a link" (reset or magic sign-in) that runs before the answer: input and
 * rate limits only. Whether the account exists is looked at afterwards, off the request, so the
 * answer and its timing are the same for every address.
 */
export async function acceptLinkRequest(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  purpose: 'reset' | 'magic',
  body: z.output<typeof linkRequestBody>,
  clientAddress: string,
): Promise<LinkRequest> {
  const { email } = body;
  await hitLinkMailLimit(deps, purpose, email, clientAddress);
  const redirectUrl = acceptedRedirect(deps.config, body.redirectUrl);
  return redirectUrl ? { email, redirectUrl } : { email };
}

/**
 * Sets the new password with a reset token. The password rule is checked and the token looked at
 * before anything is spent, so a weak password does not burn the link. Opening the mailed link
 * proved the address, so the email counts as verified from now on. Every earlier session ends
 * and the person who set the password starts a new one: the answer carries it beside
 * `success`, as a sign-in would, so the app does not ask again for the password just typed.
 */
export async function confirmPasswordReset(
  deps: Pick<AppDeps, 'store' | 'clock' | 'jwtSecret' | 'config'>,
  body: z.output<typeof resetConfirmBody>,
  clientAddress: string,
  troop?: Troop,
): Promise<{ success: true } & SessionResponse> {
  await hitRedeemLimit(deps, clientAddress);
  const { token } = body;
  const password = body.password ?? body.newPassword;
  if (password === undefined) throw passwordRequired();
  await checkLink(deps, token, 'reset');
  const passwordHash = await hashPassword(password);
  const userId = await deps.store.transaction(async (tx) => {
    const { userId } = await consumeLink(deps, token, 'reset', tx);
    await updateUser(deps, userId, { passwordHash, emailVerified: true }, tx);
    await spendLinks(tx, deps.clock.now(), userId, ['reset', 'magic']);
    return userId;
  });
  await revokeUserSessions(deps, userId);
  const user = await findUserById(deps, userId);
  if (!user) throw new ApiError('VERIFICATION_FAILED');
  return { success: true, ...(await issueSession(deps, user, troop)) };
}

/**
 * Changes the password of the signed-in user, who must give the current one. Sessions other
 * than the caller's own (`familyId`, the access token's `sid`) end; without a `sid` every
 * session ends, the caller's included.
 */
export async function changePassword(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  userId: string,
  familyId: string | undefined,
  body: z.output<typeof passwordChangeBody>,
): Promise<{ success: true }> {
  await hitRateLimit(
    deps,
    `auth:password-change:user:${userId}`,
    RECOVERY_RATE_LIMITS.passwordChangePerUser,
  );
  const oldPassword = body.oldPassword ?? body.currentPassword;
  const newPassword = body.newPassword ?? body.password;
  if (newPassword === undefined) throw passwordRequired();
  const user = await findUserById(deps, userId);
  // No account can have a longer password, so a longer one is refused without hashing it.
  const plausible =
    typeof oldPassword === 'string' &&
    oldPassword !== '' &&
    oldPassword.length <= PASSWORD_MAX_LENGTH;
  const matches = plausible && (await verifyPassword(user?.password_hash, oldPassword));
  if (!user || !matches)
    throw new ApiError('INVALID_CREDENTIALS', 'The current password is not correct');
  const passwordHash = await hashPassword(newPassword);
  await deps.store.transaction(async (tx) => {
    await updateUser(deps, userId, { passwordHash }, tx);
    await spendLinks(tx, deps.clock.now(), userId, ['reset', 'magic']);
  });
  await revokeUserSessions(deps, userId, familyId ? { exceptFamilyId: familyId } : {});
  return { success: true };
}

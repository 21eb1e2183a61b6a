/** Email and password sign-in (WIRE.md, Auth: POST /signin/email). */
import type { SessionResponse } from '@scout/protocol/auth';
import { PASSWORD_MAX_LENGTH } from '@scout/protocol/limits';
import type { AppDeps } from '../deps.ts';
import { ApiError, badRequest } from '../errors.ts';
import { AUTH_RATE_LIMITS, hitRateLimit } from './limits.ts';
import { verifyPassword } from './passwords.ts';
import { field, type Body } from './request-body.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail, normaliseEmail } from './users.ts';

/**
 * An unknown email and a wrong password get the same answer after the same work (an argon2
 * verify either way), so neither the body nor the timing tells which emails have accounts.
 */
export async function signInWithEmail(
  deps: AppDeps,
  body: Body,
  clientAddress: string,
): Promise<SessionResponse> {
  await hitRateLimit(deps, `auth:signin:addr:${clientAddress}`, AUTH_RATE_LIMITS.signInPerAddress);
  const email = normaliseEmail(field(body, 'email'));
  await hitRateLimit(deps, `auth:signin:email:${email}`, AUTH_RATE_LIMITS.signInPerEmail);
  const password = field(body, 'password');
  if (typeof password !== 'string' || password.length === 0)
    throw badRequest('Invalid password: a non-empty string is required');
  // No account can have a longer password, whoever asks, so refusing it early reveals nothing.
  if (password.length > PASSWORD_MAX_LENGTH) throw new ApiError(401, 'INVALID_CREDENTIALS');
  const user = await findUserByEmail(deps, email);
  const matches = await verifyPassword(user?.password_hash, password);
  if (!user || !matches) throw new ApiError(401, 'INVALID_CREDENTIALS');
  // Checked only after the password, so it never tells a stranger that the account exists.
  if (deps.config.requireEmailVerification && !user.email_verified)
    throw new ApiError(401, 'EMAIL_NOT_VERIFIED');
  return issueSession(deps, user);
}

/** Email and password sign-in (docs/protocol.md, Sessions and tokens: POST /signin/email). */
import type { SessionResponse } from '@scout/protocol/auth';
import { PASSWORD_MAX_LENGTH } from '@scout/protocol/limits';
import type { AppDeps } from '../deps.ts';
import type { z } from 'zod';
import { ApiError } from '../errors.ts';
import type { signInBody } from './auth-bodies.ts';
import { AUTH_RATE_LIMITS, hitRateLimit } from './rate-limits.ts';
import { isKnownAddress, rememberAddress } from './known-addresses.ts';
import { verifyPassword } from './passwords.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail } from './users.ts';
import type { Troop } from '../store/tenancy.ts';

/**
 * An unknown email and a wrong password get the same answer after the same work (an argon2
 * verify either way), so neither the body nor the timing tells which emails have accounts.
 */
export async function signInWithEmail(
  deps: AppDeps,
  { email, password }: z.output<typeof signInBody>,
  clientAddress: string,
  troop?: Troop,
): Promise<SessionResponse> {
  const user = await findUserByEmail(deps, email);
  // The per-email limit stops password guessing from anywhere; the owner signing in from where
  // they signed in before is not held back by someone else's guessing (known-addresses.ts).
  if (!user || !(await isKnownAddress(deps, user.id, clientAddress))) {
    await hitRateLimit(deps, `auth:signin:email:${email}`, AUTH_RATE_LIMITS.signInPerEmail);
  }
  // No account can have a longer password, whoever asks, so refusing it early reveals nothing.
  if (password.length > PASSWORD_MAX_LENGTH) throw new ApiError('INVALID_CREDENTIALS');
  const matches = await verifyPassword(user?.password_hash, password);
  if (!user || !matches) throw new ApiError('INVALID_CREDENTIALS');
  // Checked only after the password, so it never tells a stranger that the account exists.
  if (deps.config.requireEmailVerification && !user.email_verified)
    throw new ApiError('EMAIL_NOT_VERIFIED');
  await rememberAddress(deps, user.id, clientAddress);
  return issueSession(deps, user, troop);
}

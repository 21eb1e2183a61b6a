/**
 * Sign-in by mailed link (docs/protocol.md, Sessions and tokens: /signin/magic, /signin/magic/verify,
 * /signin/magic/generate). A link is only ever sent to an existing account: an unknown address
 * gets the same answer and no mail, and no account is created.
 */
import type { SessionResponse } from '@scout/protocol/auth';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { consumeLink } from './links.ts';
import { hitRedeemLimit } from './recovery-limits.ts';
import type { z } from 'zod';
import type { tokenBody } from './auth-bodies.ts';
import { issueSession } from './sessions.ts';
import { findUserById, updateUser } from './users.ts';
import type { Troop } from '../store/tenancy.ts';

/**
 * Spends the link and signs in, answering like a password sign-in. The link reached the
 * account's inbox, which proves the address: it is marked verified, so REQUIRE_EMAIL_VERIFICATION
 * never stops this sign-in.
 */
export async function verifyMagicLink(
  deps: AppDeps,
  body: z.output<typeof tokenBody>,
  clientAddress: string,
  troop?: Troop,
): Promise<SessionResponse> {
  await hitRedeemLimit(deps, clientAddress);
  const { userId } = await consumeLink(deps, body.token ?? body.magicToken, 'magic');
  const user =
    (await updateUser(deps, userId, { emailVerified: true })) ?? (await findUserById(deps, userId));
  if (!user) throw new ApiError('VERIFICATION_FAILED');
  return issueSession(deps, user, troop);
}

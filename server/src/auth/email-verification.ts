/**
 * Email verification (docs/protocol.md, Sessions and tokens: /email/verify/send, /email/verify, /email/verify/generate).
 * The link goes to the signed-in user's own address only. With REQUIRE_EMAIL_VERIFICATION on,
 * password sign-in refuses an unverified address (auth/sign-in.ts).
 */
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { Caller } from '../http/caller.ts';
import { linkableAccount, mailLink, type LinkMailDeps } from './link-mail.ts';
import type { Troop } from '../store/tenancy.ts';
import { consumeLink, createLink } from './links.ts';
import { hitLinkMailLimit, hitRedeemLimit } from './recovery-limits.ts';
import type { z } from 'zod';
import type { tokenBody, verifyGenerateBody } from './auth-bodies.ts';
import { findUserByEmail, findUserById, updateUser } from './users.ts';

/**
 * Mails a verification link to the user's own address. An address already verified needs no
 * link: the answer is the same and nothing is sent.
 */
export async function sendVerificationMail(
  deps: LinkMailDeps,
  userId: string,
  projectId?: string,
): Promise<{ success: true }> {
  await hitLinkMailLimit(deps, 'verify', `user:${userId}`);
  const user = await findUserById(deps, userId);
  if (!user) throw new ApiError('TOKEN_EXPIRED', 'This account no longer exists');
  if (!user.email_verified) {
    const sent = await mailLink(deps, user, 'verify', undefined, projectId);
    if (!sent)
      throw new ApiError('INVALID_EMAIL', 'This account has no address mail can be sent to');
  }
  return { success: true };
}

export async function verifyEmail(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  body: z.output<typeof tokenBody>,
  clientAddress: string,
): Promise<{ success: true }> {
  await hitRedeemLimit(deps, clientAddress);
  const { userId } = await consumeLink(deps, body.token, 'verify');
  await updateUser(deps, userId, { emailVerified: true });
  return { success: true };
}

/**
 * For admins and service keys: a usable verification link in the answer. The account is the
 * one named by `email`, else the admin's own.
 */
export async function generateVerification(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  caller: Caller,
  { email }: z.output<typeof verifyGenerateBody>,
  troop: Pick<Troop, 'id' | 'projectId'>,
  anyTroop: boolean,
) {
  // A service key has no account of its own: it must name one.
  if (email === undefined && caller.kind !== 'user') throw new ApiError('INVALID_EMAIL');
  const user =
    email === undefined && caller.kind === 'user'
      ? await findUserById(deps, caller.userId)
      : await findUserByEmail(deps, email ?? '');
  const own = email === undefined;
  const target = own ? user : await linkableAccount(deps, user, troop.id, anyTroop);
  if (!target) throw new ApiError('USER_NOT_FOUND');
  const link = await createLink(deps, {
    userId: target.id,
    purpose: 'verify',
    projectId: troop.projectId,
  });
  return { token: link.token, expiresAt: link.expiresAt, verifyUrl: link.url };
}

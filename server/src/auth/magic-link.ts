/**
 * Sign-in by mailed link (WIRE.md, Auth: /signin/magic, /signin/magic/verify,
 * /signin/magic/generate). A link is only ever sent to an existing account: an unknown address
 * gets the same answer and no mail, and no account is created.
 */
import type { SessionResponse } from '@scout/protocol/auth';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { mailLink, type LinkMailDeps } from './link-mail.ts';
import { acceptedRedirect, consumeLink, createLink } from './links.ts';
import { hitRedeemLimit } from './recovery-limits.ts';
import type { LinkRequest } from './recovery.ts';
import { field, type Body } from './request-body.ts';
import { issueSession } from './sessions.ts';
import { findUserByEmail, findUserById, normaliseEmail, updateUser } from './users.ts';

export async function mailMagicLink(deps: LinkMailDeps, request: LinkRequest): Promise<void> {
  const user = await findUserByEmail(deps, request.email);
  if (user) await mailLink(deps, user, 'magic', request.redirectUrl);
}

/** For admins and service keys: a usable sign-in link in the answer instead of a mail. */
export async function generateMagicLink(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  body: Body,
) {
  const user = await findUserByEmail(deps, normaliseEmail(field(body, 'email')));
  if (!user) throw new ApiError(404, 'USER_NOT_FOUND');
  const link = await createLink(deps, {
    userId: user.id,
    purpose: 'magic',
    redirectUrl: acceptedRedirect(deps.config, field(body, 'redirectUrl')),
  });
  return { token: link.token, expiresAt: link.expiresAt, magicUrl: link.url };
}

/**
 * Spends the link and signs in, answering like a password sign-in. The link reached the
 * account's inbox, which proves the address: it is marked verified, so REQUIRE_EMAIL_VERIFICATION
 * never stops this sign-in.
 */
export async function verifyMagicLink(
  deps: AppDeps,
  body: Body,
  clientAddress: string,
): Promise<SessionResponse> {
  await hitRedeemLimit(deps, clientAddress);
  const { userId } = await consumeLink(
    deps,
    field(body, 'token') ?? field(body, 'magicToken'),
    'magic',
  );
  const user =
    (await updateUser(deps, userId, { emailVerified: true })) ?? (await findUserById(deps, userId));
  if (!user) throw new ApiError(400, 'VERIFICATION_FAILED');
  return issueSession(deps, user);
}

/**
 * Issues a one-time link for an account and mails it. The mail goes only to the address on the
 * account, never to one named in the request.
 */
import type { AppDeps } from '../deps.ts';
import { isMailAddress } from '../mail/addresses.ts';
import type { Mailer } from '../mail/mailer.ts';
import {
  emailVerificationMail,
  magicLinkMail,
  passwordResetMail,
  type LinkMailInput,
  type RenderedMail,
} from '../mail/templates.ts';
import { ApiError } from '../errors.ts';
import {
  acceptedRedirect,
  createLink,
  LINK_TTL_SECONDS,
  type IssuedLink,
  type LinkPurpose,
} from './links.ts';
import type { LinkRequest } from './recovery.ts';
import type { z } from 'zod';
import type { linkRequestBody } from './auth-bodies.ts';
import { findUserByEmail, type UserRow } from './users.ts';
import type { Troop } from '../store/tenancy.ts';

const TEMPLATES: Record<LinkPurpose, (input: LinkMailInput) => RenderedMail> = {
  reset: passwordResetMail,
  magic: magicLinkMail,
  verify: emailVerificationMail,
};

export type LinkMailDeps = Pick<AppDeps, 'store' | 'clock' | 'config'> & { mail: Mailer };

/**
 * Returns false, sending nothing, when the account's address is not one we can put on a message
 * (sign-up accepts a looser shape than a mail server should see).
 */
export async function mailLink(
  deps: LinkMailDeps,
  user: UserRow,
  purpose: LinkPurpose,
  redirectUrl?: string,
  projectId?: string,
): Promise<boolean> {
  if (!isMailAddress(user.email)) return false;
  const link = await createLink(deps, {
    userId: user.id,
    purpose,
    ...(redirectUrl === undefined ? {} : { redirectUrl }),
    ...(projectId === undefined ? {} : { projectId }),
  });
  const mail = TEMPLATES[purpose]({
    link: link.url,
    displayName: user.display_name,
    expiresInSeconds: LINK_TTL_SECONDS[purpose],
  });
  await deps.mail.send({
    to: [{ address: user.email, ...(user.display_name ? { name: user.display_name } : {}) }],
    ...mail,
  });
  return true;
}

/** Mails a link if the address has an account; an unknown address gets nothing (and no hint). */
export async function mailLinkToAccount(
  deps: LinkMailDeps,
  purpose: 'reset' | 'magic',
  request: LinkRequest,
  projectId?: string,
): Promise<void> {
  const user = await findUserByEmail(deps, request.email);
  if (user) await mailLink(deps, user, purpose, request.redirectUrl, projectId);
}

/**
 * The account a generated link may be for, on a troop's path: a member of that troop, and, when
 * the account belongs to other troops too, only for a platform operator (`anyTroop`): a troop's
 * admin signs in nobody of another troop. USER_NOT_FOUND otherwise, as for an unknown address.
 */
export async function linkableAccount(
  deps: Pick<AppDeps, 'store'>,
  user: UserRow | undefined,
  troopId: string,
  anyTroop: boolean,
): Promise<UserRow> {
  if (!user) throw new ApiError('USER_NOT_FOUND');
  if (anyTroop) return user;
  const { rows } = await deps.store.query<{ troop_id: string }>(
    'SELECT troop_id FROM memberships WHERE user_id = ?',
    [user.id],
  );
  if (rows.length === 0 || rows.some((r) => r.troop_id !== troopId))
    throw new ApiError('USER_NOT_FOUND');
  return user;
}

/** For admins and service keys: a usable link for the account named in the body, instead of a mail. */
export async function generateAccountLink(
  deps: Pick<AppDeps, 'store' | 'clock' | 'config'>,
  purpose: 'reset' | 'magic',
  body: z.output<typeof linkRequestBody>,
  troop: Pick<Troop, 'id' | 'projectId'>,
  anyTroop: boolean,
): Promise<IssuedLink> {
  const user = await linkableAccount(
    deps,
    await findUserByEmail(deps, body.email),
    troop.id,
    anyTroop,
  );
  const redirectUrl = acceptedRedirect(deps.config, body.redirectUrl);
  return createLink(deps, {
    userId: user.id,
    purpose,
    projectId: troop.projectId,
    ...(redirectUrl === undefined ? {} : { redirectUrl }),
  });
}

/**
 * The account a provider's person signs in to:
 *
 * 1. an identity already linked (provider, subject) -> its account;
 * 2. else an account with the same email -> linked, but only when the provider says it has
 *    verified that email; otherwise refused (EMAIL_ALREADY_EXISTS), since anyone can type
 *    someone else's address into an account at some provider;
 * 3. else a new account, made by createAccount like every other sign-up, so the troop's rules
 *    for joining apply to it too: waiting for a leader (SIGNUP_MODE=approval), or only with the
 *    invitation the sign-in carried (invite). A household link the sign-in carried joins the
 *    new account to that household, in any mode, as the password sign-up does. An existing
 *    account never needs either and spends neither: it joins a household from the link's page
 *    once signed in.
 *
 * A provider's name and picture fill a display name and avatar the account lacks; a verified
 * email marks the account's email verified.
 */
import type { AppDeps } from '../../deps.ts';
import { ApiError } from '../../errors.ts';
import { createAccount, type Joining } from '../create-account.ts';
import { readAvatarUrl, readDisplayName } from '../profile-fields.ts';
import {
  findUserByEmail,
  findUserById,
  normaliseEmail,
  updateUser,
  type UserPatch,
  type UserRow,
} from '../users.ts';
import { findIdentity, linkIdentity, touchIdentity } from './identities.ts';
import type { ProviderClaims } from './oidc-clients.ts';

type Deps = Pick<AppDeps, 'store' | 'clock' | 'config'>;

/** A provider's value we cannot use is left out rather than failing the sign-in. */
function safely<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

async function fillProfile(
  deps: Deps,
  user: UserRow,
  claims: ProviderClaims,
  verified: boolean,
): Promise<UserRow> {
  const patch: UserPatch = {};
  const name = safely(() => readDisplayName(claims.name));
  if (!user.display_name && name) patch.displayName = name;
  // Only an http(s) picture: a provider never points an avatar into our own storage.
  const picture = claims.picture?.startsWith('/')
    ? undefined
    : safely(() => readAvatarUrl(claims.picture));
  if (!user.avatar_url && picture) patch.avatarUrl = picture;
  if (verified && !user.email_verified) patch.emailVerified = true;
  if (Object.keys(patch).length === 0) return user;
  return (await updateUser(deps, user.id, patch)) ?? user;
}

const sameEmail = (user: UserRow, claims: ProviderClaims) =>
  claims.email !== undefined && claims.email === user.email;

export async function accountForProviderSignIn(
  deps: Deps,
  provider: string,
  claims: ProviderClaims,
  joining: Joining = {},
): Promise<UserRow> {
  const linked = await findIdentity(deps, provider, claims.subject);
  const linkedUser = linked ? await findUserById(deps, linked.user_id) : undefined;
  if (linked && linkedUser) {
    await touchIdentity(deps, linked.id, claims.email);
    return fillProfile(
      deps,
      linkedUser,
      claims,
      claims.emailVerified && sameEmail(linkedUser, claims),
    );
  }
  if (!claims.email)
    throw new ApiError(
      'VERIFICATION_FAILED',
      'The sign-in provider did not share an email address. Please allow it and try again.',
    );
  const email = normaliseEmail(claims.email);
  const existing = await findUserByEmail(deps, email);
  if (existing) {
    if (!claims.emailVerified)
      throw new ApiError(
        'EMAIL_ALREADY_EXISTS',
        'An account with this email already exists. Sign in with your password instead.',
      );
    await linkIdentity(deps, { userId: existing.id, provider, subject: claims.subject, email });
    return fillProfile(deps, existing, claims, true);
  }
  const { user } = await createAccount(
    deps,
    {
      email,
      passwordHash: null,
      displayName: safely(() => readDisplayName(claims.name)) ?? null,
      avatarUrl: null,
      metadata: '{}',
      emailVerified: claims.emailVerified,
    },
    { method: 'provider', provider },
    joining,
  );
  await linkIdentity(deps, { userId: user.id, provider, subject: claims.subject, email });
  return fillProfile(deps, user, claims, false);
}

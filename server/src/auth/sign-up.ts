/** Email and password sign-up (docs/protocol.md, Sessions and tokens: POST /signup). */
import type { SessionResponse } from '@scout/protocol/auth';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { AUTH_RATE_LIMITS, hitRateLimit } from './rate-limits.ts';
import type { z } from 'zod';
import { camelToSnake } from '@scout/protocol/case';
import type { signUpBody } from './auth-bodies.ts';
import { hashPassword } from './passwords.ts';
import { metadataText, readDisplayName } from './profile-fields.ts';
import { issueSession } from './sessions.ts';
import { invitationKey } from '../members/invitations.ts';
import { createAccount } from './create-account.ts';
import { findUserByEmail } from './users.ts';
import type { Troop } from '../store/tenancy.ts';

/**
 * Fields with a meaning of their own. `role` is listed so it is dropped: a caller never picks
 * their account role (and a troop role belongs in metadata under its own name).
 */
const KNOWN_FIELDS = new Set(
  [
    'email',
    'password',
    'displayName',
    'avatarUrl',
    'projectId',
    'metadata',
    'role',
    'invitation',
    'family',
  ].flatMap((name) => [name, camelToSnake(name)]),
);

/** Extra fields that look like secrets (a confirm-password box, a token) are never stored. */
const SECRET_LIKE = /passw|pwd|secret|token/i;

/** Unknown top-level fields (firstName, troopRole, ... from older clients) become metadata. */
function extraFields(body: Record<string, unknown>): Record<string, unknown> {
  const extras: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    if (!KNOWN_FIELDS.has(key) && !SECRET_LIKE.test(key) && value !== undefined)
      extras[key] = value;
  }
  return extras;
}

/** The app greets by display name; a client that sent only first and last names still gets one. */
function nameFromMetadata(metadata: Record<string, unknown>): string | null {
  const parts = [metadata.firstName, metadata.lastName].filter(
    (p): p is string => typeof p === 'string' && p.trim() !== '',
  );
  return readDisplayName(parts.map((p) => p.trim()).join(' ')) ?? null;
}

/**
 * Makes the account in the troop the sign-up names (create-account.ts) and signs it in there:
 * the answer's role and status, and the token's `pid`, are that troop's.
 */
export async function signUp(
  deps: AppDeps,
  body: z.output<typeof signUpBody>,
  requestTroop?: Troop,
): Promise<SessionResponse> {
  const { email, password } = body;
  await hitRateLimit(deps, `auth:signup:email:${email}`, AUTH_RATE_LIMITS.signUpPerEmail);
  const avatarUrl = body.avatarUrl ?? null;
  // An explicit metadata object wins over loose top-level fields of the same name.
  const metadata = { ...extraFields(body), ...body.metadata };
  const displayName = body.displayName ?? nameFromMetadata(metadata);
  const metadataJson = metadataText(metadata);
  // Checked before hashing so a taken email costs no argon2 work; createAccount still catches a race.
  if (await findUserByEmail(deps, email)) throw new ApiError('EMAIL_ALREADY_EXISTS');
  const passwordHash = await hashPassword(password);
  const { user, troop } = await createAccount(
    deps,
    { email, passwordHash, displayName, avatarUrl, metadata: metadataJson },
    { method: 'password' },
    {
      invitationKey: body.invitation ? invitationKey(body.invitation) : undefined,
      householdToken: body.family,
      troop: requestTroop,
    },
  );
  return issueSession(deps, user, troop);
}

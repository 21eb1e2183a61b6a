/** The signed-in user's own profile (docs/protocol.md, Sessions and tokens: GET and PATCH /me). */
import type { WireUser } from '@scout/protocol/auth';
import { SESSION_USER_GONE_STATUS } from '@scout/protocol/errors';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { z } from 'zod';
import type { profilePatchBody } from './auth-bodies.ts';
import { metadataText, storedMetadata } from './profile-fields.ts';
import { asMemberOf, findUserById, toWireUser, updateUser } from './users.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

// The token outlived its account: the session is over, in a code clients understand.
const userGone = () =>
  new ApiError('USER_NOT_FOUND', undefined, { status: SESSION_USER_GONE_STATUS });

/** The profile, with the role and status the person holds in the troop (`troopId`). */
export async function getProfile(
  deps: AppDeps,
  userId: string,
  troopId: string = FIRST_TROOP_ID,
): Promise<WireUser> {
  const user = await findUserById(deps, userId);
  if (!user) throw userGone();
  return toWireUser(await asMemberOf(deps.store, user, troopId));
}

/**
 * Only displayName, avatarUrl and metadata change. Anything else in the body (role, email, id,
 * or a whole user object sent back) is ignored: role and email are never the caller's to set
 * here. Metadata is merged key by key into what is stored, and a key sent as null is removed,
 * so a client updating its own keys does not wipe another client's.
 */
export async function updateProfile(
  deps: AppDeps,
  userId: string,
  { displayName, avatarUrl, metadata: metadataPatch }: z.output<typeof profilePatchBody>,
  troopId: string = FIRST_TROOP_ID,
): Promise<WireUser> {
  const current = await findUserById(deps, userId);
  if (!current) throw userGone();
  let metadata: string | undefined;
  if (metadataPatch) {
    const merged = { ...storedMetadata(current.metadata), ...metadataPatch };
    for (const [key, value] of Object.entries(metadataPatch))
      if (value === null) delete merged[key];
    metadata = metadataText(merged);
  }
  const updated = await updateUser(deps, userId, { displayName, avatarUrl, metadata });
  if (!updated) throw userGone();
  return toWireUser(await asMemberOf(deps.store, updated, troopId));
}

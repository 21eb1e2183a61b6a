/**
 * The profile screen's calls, over the narrow part of the client they need so their order and
 * their handling of failures can be tested without a server.
 */
import type { WireUser } from '@scout/protocol/auth';
import { UI_MESSAGES } from '@scout/protocol/errors';
import type { ScoutClient } from '@scout/sdk/client';
import { avatarPath } from './avatar-file.ts';
import { profileMetadata, profileUpdateOf, type ProfileFields } from './profile-fields.ts';

export interface ProfileClient {
  auth: Pick<ScoutClient['auth'], 'updateMe'>;
  db: Pick<ScoutClient['db'], 'table'>;
  storage: Pick<ScoutClient['storage'], 'upload'>;
}

/** An error carrying words fit to show, like the client library's own errors. */
function shownError(message: string): Error {
  return Object.assign(new Error(message), { userMessage: message });
}

/**
 * PATCH /me is the save; the `users` and `custom_users` rows then receive the metadata for
 * clients that read it from the database. A failure of that second step changes nothing a
 * person sees (the account already holds the data), so it is only logged.
 */
export async function saveProfile(
  client: ProfileClient,
  userId: string,
  values: ProfileFields,
): Promise<WireUser> {
  const user = await client.auth.updateMe(profileUpdateOf(values));
  // The server merges the metadata with keys other clients keep; the merged text is what is mirrored.
  const metadata =
    typeof user.metadata === 'string' ? user.metadata : JSON.stringify(user.metadata ?? {});
  const results = await Promise.allSettled([
    client.db.table('users').update(userId, { metadata }),
    client.db.table('customUsers').upsert({
      id: userId,
      userId,
      email: user.email,
      displayName: user.displayName,
      ...profileMetadata(values),
      metadata,
    }),
  ]);
  for (const result of results) {
    if (result.status === 'rejected') {
      console.warn('Copying the profile metadata to the database failed', result.reason);
    }
  }
  return user;
}

/** Uploads the picture under a new path, then points the account at it. */
export async function uploadAvatar(
  client: ProfileClient,
  userId: string,
  file: File,
  nowMs: number,
): Promise<WireUser> {
  const { publicUrl } = await client.storage.upload(file, avatarPath(userId, nowMs, file), {
    upsert: true,
  });
  if (!publicUrl) throw shownError(UI_MESSAGES.avatarNoPublicUrl);
  return client.auth.updateMe({ avatarUrl: publicUrl });
}

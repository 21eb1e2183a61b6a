import { scout } from '../../lib/sdk.ts';

/** The id of the user whose session is live right now, or null once it has ended. */
export function signedInUserId(): string | null {
  const { user, tokens } = scout.auth.getState();
  return user && tokens ? user.id : null;
}

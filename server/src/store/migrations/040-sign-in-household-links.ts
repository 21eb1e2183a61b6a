import type { Migration } from '../migrate.ts';

/**
 * `sign_in_attempts.household_token`: the household invitation link (`/?family=`) a provider
 * sign-in started from, so a new account made at the callback joins that household
 * (auth/create-account.ts). Null without one. The link's token itself is kept, not its hash,
 * because the household redeems a link by its token (households/invitations.ts); it lives only
 * as long as the attempt (10 minutes, then an hour to answer a late callback) and only on the
 * server.
 */
export const signInHouseholdLinks: Migration = {
  version: 40,
  name: 'sign-in-household-links',
  up: () => ['ALTER TABLE sign_in_attempts ADD COLUMN household_token TEXT'],
};

import type { Migration } from '../migrate.ts';

/**
 * A provider sign-in may carry an invitation to join (`/auth?invitation=`, SIGNUP_MODE=invite):
 * the attempt keeps it until the provider answers, as the hash the invitations table knows it
 * by (docs/decisions/017-invitations.md), never the link's token.
 */
export const signInInvitations: Migration = {
  version: 17,
  name: 'sign-in-invitations',
  up: () => ['ALTER TABLE sign_in_attempts ADD COLUMN invitation_key TEXT'],
};

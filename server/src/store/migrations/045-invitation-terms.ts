import type { Migration } from '../migrate.ts';

/**
 * What an invitation to a troop carries beyond its troop (docs/decisions/065-troops.md): the
 * role its person joins with (`role`, NULL for the roles configuration's default role; a
 * troop's first leader is invited as its leader), and when it went by mail to the one address it
 * names (`mailed_at`), since a sign-up with the link of a mailed invitation proves that address.
 */
export const invitationTerms: Migration = {
  version: 45,
  name: 'invitation-terms',
  up: () => [
    'ALTER TABLE invitations ADD COLUMN role TEXT',
    'ALTER TABLE invitations ADD COLUMN mailed_at TEXT',
  ],
};

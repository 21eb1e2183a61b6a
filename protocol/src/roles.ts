/**
 * Troop roles are self-selected at sign-up and stored in metadata; they grant nothing. App roles
 * (what a member may do) are the roles configuration's (docs/roles.md).
 */
export const TROOP_ROLES = [
  'Parent',
  'Scoutmaster',
  'Assistant Scoutmaster',
  'Council Member',
  'Scout',
] as const;
export type TroopRole = (typeof TROOP_ROLES)[number];

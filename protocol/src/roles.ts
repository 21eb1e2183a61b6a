/** Troop roles are self-selected at sign-up and stored in metadata; nothing depends on them. */
export const TROOP_ROLES = [
  'Parent',
  'Scoutmaster',
  'Assistant Scoutmaster',
  'Council Member',
  'Scout',
] as const;
export type TroopRole = (typeof TROOP_ROLES)[number];

/** Account roles decide access on the server. Callers can never choose their own. */
export const ACCOUNT_ROLES = ['user', 'admin'] as const;
export type AccountRole = (typeof ACCOUNT_ROLES)[number];

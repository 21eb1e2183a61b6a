import type { Migration } from '../migrate.ts';

/**
 * A new troop registered at sign-up and confirmed by its council's admin
 * (docs/decisions/065-troops.md):
 *
 * - `accepts_troops` on a council (1 or 0, default 0): a sign-up with a troop number no troop has
 *   registers a new troop of this council (auth/troop-to-join.ts) instead of being refused.
 * - `registered_by` on a troop: the account that registered it at sign-up; NULL for a troop the
 *   platform admin made. Such a troop waits for its council while `confirmed_at` is NULL (its
 *   members reach only their own profile, auth/session-check.ts); a troop made any other way
 *   never waits, whatever its `confirmed_at`.
 */
export const troopRegistration: Migration = {
  version: 46,
  name: 'troop-registration',
  up: () => [
    'ALTER TABLE troops ADD COLUMN accepts_troops INTEGER NOT NULL DEFAULT 0',
    'ALTER TABLE troops ADD COLUMN registered_by TEXT',
  ],
};

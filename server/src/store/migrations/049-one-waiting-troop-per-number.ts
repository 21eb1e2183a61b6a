import type { Migration } from '../migrate.ts';

/**
 * One waiting troop per number (docs/decisions/065-troops.md): a troop registered at sign-up
 * (migration 046) claims its number until its council confirms or refuses it, and the database
 * holds the claim. Two sign-ups of one new number at once each find no troop with it before
 * either commits; the index lets one insert in, and the other is told the number waits
 * (troops/register-troop.ts). A confirmed troop no longer claims it here: a sign-up with its
 * number joins it instead (auth/troop-to-join.ts).
 *
 * The number is stored as its key (`troopNumberKey`: "45" for "Troop 45"), so one index on the
 * column compares numbers as sign-up does. Migration 046 shipped with no release before this
 * one, so no server holds two waiting troops of one number for the index to refuse.
 */
export const oneWaitingTroopPerNumber: Migration = {
  version: 49,
  name: 'one-waiting-troop-per-number',
  up: () => [
    `CREATE UNIQUE INDEX troops_waiting_number ON troops (number)
      WHERE kind = 'troop' AND registered_by IS NOT NULL AND confirmed_at IS NULL`,
  ],
};

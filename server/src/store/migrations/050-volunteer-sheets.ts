import type { Migration } from '../migrate.ts';

/**
 * Sign-up sheets on events (server/src/volunteer/, docs/decisions/070-volunteer-sheets.md).
 *
 * - `volunteer_slots`: a slot of a troop on an event (`occurrence` ''), on one occurrence of a
 *   series (its original date) or on every occurrence (`*`). The event may be the troop's
 *   council's: each troop keeps its own slots, as it keeps its own answers.
 * - `volunteer_signups`: one taken place. A place is numbered 1..people and (slot, occurrence,
 *   place) is unique, so the store itself never lets two people hold the last place, whatever
 *   the code above it does; (slot, occurrence, volunteer) is unique too: one place a person.
 * - `volunteer_offers`: a place its holder offered to another member, until they accept or
 *   decline (one open offer a place).
 *
 * Slots go with their event, places with their slot, their account or their scout.
 */
export const volunteerSheets: Migration = {
  version: 50,
  name: 'volunteer-sheets',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    const bool = d === 'postgres' ? 'BOOLEAN NOT NULL DEFAULT FALSE' : 'INTEGER NOT NULL DEFAULT 0';
    return [
      `CREATE TABLE volunteer_slots (
        id ${text} PRIMARY KEY,
        troop_id ${text} NOT NULL,
        event_id ${text} NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
        occurrence ${text} NOT NULL DEFAULT '',
        title ${text} NOT NULL,
        kind ${text} NOT NULL,
        people INTEGER NOT NULL,
        seats INTEGER,
        time_from ${text},
        time_to ${text},
        note ${text},
        open_to_scouts ${bool},
        cutoff_hours INTEGER,
        created_by ${text},
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
      'CREATE INDEX volunteer_slots_event ON volunteer_slots (troop_id, event_id, occurrence)',
      `CREATE TABLE volunteer_signups (
        id ${text} PRIMARY KEY,
        troop_id ${text} NOT NULL,
        slot_id ${text} NOT NULL REFERENCES volunteer_slots(id) ON DELETE CASCADE,
        occurrence ${text} NOT NULL DEFAULT '',
        place INTEGER NOT NULL,
        volunteer ${text} NOT NULL,
        user_id ${text} REFERENCES users(id) ON DELETE CASCADE,
        scout_id ${text} REFERENCES scouts(id) ON DELETE CASCADE,
        taken_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        taken_at ${text} NOT NULL,
        UNIQUE (slot_id, occurrence, place),
        UNIQUE (slot_id, occurrence, volunteer)
      )`,
      'CREATE INDEX volunteer_signups_troop ON volunteer_signups (troop_id, volunteer)',
      'CREATE INDEX volunteer_signups_user ON volunteer_signups (user_id)',
      'CREATE INDEX volunteer_signups_scout ON volunteer_signups (scout_id)',
      `CREATE TABLE volunteer_offers (
        id ${text} PRIMARY KEY,
        troop_id ${text} NOT NULL,
        signup_id ${text} NOT NULL UNIQUE REFERENCES volunteer_signups(id) ON DELETE CASCADE,
        to_user ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        offered_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        offered_at ${text} NOT NULL
      )`,
      'CREATE INDEX volunteer_offers_to ON volunteer_offers (troop_id, to_user)',
    ];
  },
};

import type { Migration } from '../migrate.ts';

/**
 * The last nudge leaders sent about an occurrence's empty volunteer slots
 * (server/src/volunteer/nudge.ts): one row per troop, event and occurrence, so a second nudge
 * within a day is refused in one conditional write whichever process takes it, as for RSVPs
 * (migration 036). It goes with its event.
 */
export const volunteerNudges: Migration = {
  version: 51,
  name: 'volunteer-nudges',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE volunteer_nudges (
        troop_id ${text} NOT NULL,
        event_id ${text} NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
        occurrence ${text} NOT NULL,
        sent_at ${text} NOT NULL,
        sent_by ${text},
        PRIMARY KEY (troop_id, event_id, occurrence)
      )`,
    ];
  },
};

import type { Migration } from '../migrate.ts';

/**
 * The last nudge leaders sent about an event's (or one occurrence's) missing answers
 * (server/src/rsvps/nudge.ts): one row per event and occurrence, so a second nudge within a day
 * is refused in one conditional write whichever process takes it.
 */
export const rsvpNudges: Migration = {
  version: 36,
  name: 'rsvp-nudges',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE rsvp_nudges (
        event_id ${text} NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
        occurrence ${text} NOT NULL,
        sent_at ${text} NOT NULL,
        sent_by ${text},
        PRIMARY KEY (event_id, occurrence)
      )`,
    ];
  },
};

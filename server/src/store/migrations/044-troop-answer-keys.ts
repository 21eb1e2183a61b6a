import type { Migration } from '../migrate.ts';
import { FIRST_TROOP_ID } from '../tenancy.ts';

/**
 * Answers to a council's event are kept in each answering troop (docs/decisions/065-troops.md):
 * the event is one row of the council, read by every troop of it, and a person in two of those
 * troops answers in each. So an answer is keyed by its troop too, (troop_id, event_id,
 * occurrence, attendee), and so is the last nudge about an event's missing answers, (troop_id,
 * event_id, occurrence): one troop's answer or nudge never takes the place of another's.
 *
 * SQLite cannot change a key in place: both tables are rebuilt. The calendar's removal trigger
 * (migration 042) reads `rsvps`; the rename is made the legacy way, which leaves that trigger's
 * text as it is (it names `rsvps`, which the rebuilt table is called again).
 */
const RSVP_COLUMNS =
  'id, event_id, occurrence, attendee, user_id, scout_id, household_id, youth, answer, note, waitlisted, queued_at, answered_by, answered_at, troop_id';
const NUDGE_COLUMNS = 'event_id, occurrence, sent_at, sent_by, troop_id';

export const troopAnswerKeys: Migration = {
  version: 44,
  name: 'troop-answer-keys',
  up: (d) => (d === 'sqlite' ? sqliteStatements() : postgresStatements()),
};

function sqliteStatements(): string[] {
  const troop = `TEXT NOT NULL DEFAULT '${FIRST_TROOP_ID}'`;
  return [
    `CREATE TABLE rsvps_by_troop (
      id TEXT PRIMARY KEY,
      event_id TEXT NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
      occurrence TEXT NOT NULL DEFAULT '',
      attendee TEXT NOT NULL,
      user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
      scout_id TEXT REFERENCES scouts(id) ON DELETE CASCADE,
      household_id TEXT REFERENCES households(id) ON DELETE SET NULL,
      youth INTEGER NOT NULL DEFAULT 0,
      answer TEXT NOT NULL,
      note TEXT,
      waitlisted INTEGER NOT NULL DEFAULT 0,
      queued_at TEXT NOT NULL,
      answered_by TEXT REFERENCES users(id) ON DELETE SET NULL,
      answered_at TEXT NOT NULL,
      troop_id ${troop},
      UNIQUE (troop_id, event_id, occurrence, attendee)
    )`,
    `INSERT INTO rsvps_by_troop (${RSVP_COLUMNS}) SELECT ${RSVP_COLUMNS} FROM rsvps`,
    'DROP TABLE rsvps',
    `CREATE TABLE rsvp_nudges_by_troop (
      event_id TEXT NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
      occurrence TEXT NOT NULL,
      sent_at TEXT NOT NULL,
      sent_by TEXT,
      troop_id ${troop},
      PRIMARY KEY (troop_id, event_id, occurrence)
    )`,
    `INSERT INTO rsvp_nudges_by_troop (${NUDGE_COLUMNS}) SELECT ${NUDGE_COLUMNS} FROM rsvp_nudges`,
    'DROP TABLE rsvp_nudges',
    'PRAGMA legacy_alter_table = ON',
    'ALTER TABLE rsvps_by_troop RENAME TO rsvps',
    'ALTER TABLE rsvp_nudges_by_troop RENAME TO rsvp_nudges',
    'PRAGMA legacy_alter_table = OFF',
    'CREATE INDEX rsvps_household ON rsvps (household_id)',
  ];
}

function postgresStatements(): string[] {
  return [
    'ALTER TABLE rsvps DROP CONSTRAINT rsvps_event_id_occurrence_attendee_key',
    'ALTER TABLE rsvps ADD CONSTRAINT rsvps_troop_answer UNIQUE (troop_id, event_id, occurrence, attendee)',
    'ALTER TABLE rsvp_nudges DROP CONSTRAINT rsvp_nudges_pkey',
    'ALTER TABLE rsvp_nudges ADD PRIMARY KEY (troop_id, event_id, occurrence)',
  ];
}

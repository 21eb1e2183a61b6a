import type { Migration } from '../migrate.ts';
import { FIRST_TROOP_ID } from '../tenancy.ts';
import { CREATED_FIELDS } from './032-event-notice-outbox.ts';

/**
 * The calendar's jobs and feeds per troop (docs/decisions/065-troops.md):
 *
 * - The notice triggers of migrations 032, 033 and 038 are made again so every job they write
 *   carries the event's `troop_id`: a handler runs with its job's troop and reads only its rows.
 *   Their dedupe keys stay those of the event (`event-created:<id>`, `event-removed:<id>`):
 *   event ids are unique across the table, so a key is one troop's, and the handlers that find
 *   a job by its event's key keep finding it on an upgraded server.
 * - `calendar_feeds` is keyed by (user_id, troop_id): a member of two troops has a feed in each,
 *   at each troop's address. SQLite cannot change a key in place, so its table is rebuilt.
 */
const JOB_COLUMNS = 'id, kind, payload, dedupe_key, run_at, created_at, troop_id';

/** Everyone to tell of a removal, with the occurrence they answered (as migration 033). */
const ANSWERED = `SELECT user_id, occurrence FROM rsvps WHERE event_id = OLD.id AND user_id IS NOT NULL
  UNION
  SELECT a.user_id, r.occurrence FROM rsvps r
    JOIN household_adults a ON a.household_id = r.household_id
    WHERE r.event_id = OLD.id`;

const REMOVED_FIELDS = ['id', 'user_id', ...CREATED_FIELDS, 'rrule'];

export const troopCalendarJobs: Migration = {
  version: 42,
  name: 'troop-calendar-jobs',
  up: (d) => (d === 'sqlite' ? sqliteStatements() : postgresStatements()),
};

function sqliteStatements(): string[] {
  const created = `json_object('eventId', NEW.id, 'created', json_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}), 'announce', json(CASE WHEN NEW.notify THEN 'true' ELSE 'false' END))`;
  const removed = `json_object(${REMOVED_FIELDS.map((f) => `'${f}', OLD.${f}`).join(', ')})`;
  const answered = `json((SELECT json_group_array(json_object('userId', p.user_id, 'occurrence', p.occurrence)) FROM (${ANSWERED}) p))`;
  return [
    'DROP TRIGGER calendar_events_created_notice',
    'DROP TRIGGER calendar_events_changed_notice',
    'DROP TRIGGER calendar_events_removed_notice',
    `CREATE TRIGGER calendar_events_created_notice AFTER INSERT ON calendar_events BEGIN
      INSERT OR IGNORE INTO jobs (${JOB_COLUMNS}) VALUES ('event-created:' || NEW.id,
        'event-created', ${created}, 'event-created:' || NEW.id, NEW.updated_at, NEW.updated_at,
        NEW.troop_id);
    END`,
    `CREATE TRIGGER calendar_events_changed_notice AFTER UPDATE ON calendar_events BEGIN
      INSERT INTO jobs (${JOB_COLUMNS}) VALUES (
        'event-changed:' || NEW.id || ':' || lower(hex(randomblob(8))), 'event-changed',
        json_object('eventId', NEW.id), NULL, NEW.updated_at, NEW.updated_at, NEW.troop_id);
    END`,
    `CREATE TRIGGER calendar_events_removed_notice BEFORE DELETE ON calendar_events
      WHEN OLD.series_id IS NULL BEGIN
      INSERT OR IGNORE INTO jobs (${JOB_COLUMNS}) VALUES ('event-removed:' || OLD.id,
        'event-removed', json_object('eventId', OLD.id, 'removed', ${removed}, 'answered', ${answered}),
        'event-removed:' || OLD.id, OLD.updated_at, OLD.updated_at, OLD.troop_id);
    END`,
    `CREATE TABLE calendar_feeds_by_troop (
      user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
      troop_id TEXT NOT NULL DEFAULT '${FIRST_TROOP_ID}',
      token_hash TEXT NOT NULL UNIQUE,
      token_encrypted TEXT NOT NULL,
      created_at TEXT NOT NULL,
      PRIMARY KEY (user_id, troop_id)
    )`,
    `INSERT INTO calendar_feeds_by_troop (user_id, troop_id, token_hash, token_encrypted, created_at)
      SELECT user_id, troop_id, token_hash, token_encrypted, created_at FROM calendar_feeds`,
    'DROP TABLE calendar_feeds',
    'ALTER TABLE calendar_feeds_by_troop RENAME TO calendar_feeds',
  ];
}

function postgresStatements(): string[] {
  const created = `json_build_object('eventId', NEW.id, 'created', json_build_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}), 'announce', NEW.notify)::text`;
  const removed = `json_build_object(${REMOVED_FIELDS.map((f) => `'${f}', OLD.${f}`).join(', ')})`;
  const answered = `(SELECT coalesce(json_agg(json_build_object('userId', p.user_id, 'occurrence', p.occurrence)), '[]'::json) FROM (${ANSWERED}) p)`;
  return [
    `CREATE OR REPLACE FUNCTION calendar_events_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'INSERT' THEN
        INSERT INTO jobs (${JOB_COLUMNS}) VALUES ('event-created:' || NEW.id, 'event-created',
          ${created}, 'event-created:' || NEW.id, NEW.updated_at, NEW.updated_at, NEW.troop_id)
        ON CONFLICT DO NOTHING;
      ELSE
        INSERT INTO jobs (${JOB_COLUMNS}) VALUES (
          'event-changed:' || NEW.id || ':' || md5(random()::text || clock_timestamp()::text),
          'event-changed', json_build_object('eventId', NEW.id)::text, NULL, NEW.updated_at,
          NEW.updated_at, NEW.troop_id);
      END IF;
      RETURN NULL;
    END $$`,
    `CREATE OR REPLACE FUNCTION calendar_events_removed_notice() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.series_id IS NULL THEN
        INSERT INTO jobs (${JOB_COLUMNS}) VALUES ('event-removed:' || OLD.id, 'event-removed',
          json_build_object('eventId', OLD.id, 'removed', ${removed}, 'answered', ${answered})::text,
          'event-removed:' || OLD.id, OLD.updated_at, OLD.updated_at, OLD.troop_id)
        ON CONFLICT DO NOTHING;
      END IF;
      RETURN OLD;
    END $$`,
    'ALTER TABLE calendar_feeds DROP CONSTRAINT calendar_feeds_pkey',
    'ALTER TABLE calendar_feeds ADD PRIMARY KEY (user_id, troop_id)',
  ];
}

import type { Migration } from '../migrate.ts';
import { CREATED_FIELDS } from './032-event-notice-outbox.ts';

/**
 * Creating an event without notifying (docs/decisions/064-notice-batches.md): `notify` on
 * `calendar_events`, true by default, so existing rows and clients that send nothing keep
 * telling families of a new event. A row inserted with `notify` false (a leader importing last
 * year's term, or entering events families already know of) still gets its `event-created` job,
 * which records what families know of the event for later change notices, but the job carries
 * `announce: false` and joins no batch of new events.
 *
 * The trigger of migration 032 is made again with that one field added to the job it writes:
 * the choice is read from the row as inserted, whoever inserts it, and a later change of the
 * column does not tell of the event as new.
 */
const JOB_COLUMNS = 'id, kind, payload, dedupe_key, run_at, created_at';

export const eventNotify: Migration = {
  version: 38,
  name: 'event-notify',
  up: (d) => {
    if (d === 'sqlite') {
      const created = `json_object('eventId', NEW.id, 'created', json_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}), 'announce', json(CASE WHEN NEW.notify THEN 'true' ELSE 'false' END))`;
      return [
        'ALTER TABLE calendar_events ADD COLUMN notify INTEGER NOT NULL DEFAULT 1',
        'DROP TRIGGER calendar_events_created_notice',
        `CREATE TRIGGER calendar_events_created_notice AFTER INSERT ON calendar_events BEGIN
          INSERT OR IGNORE INTO jobs (${JOB_COLUMNS}) VALUES ('event-created:' || NEW.id,
            'event-created', ${created}, 'event-created:' || NEW.id, NEW.updated_at, NEW.updated_at);
        END`,
      ];
    }
    const created = `json_build_object('eventId', NEW.id, 'created', json_build_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}), 'announce', NEW.notify)::text`;
    return [
      'ALTER TABLE calendar_events ADD COLUMN notify BOOLEAN NOT NULL DEFAULT TRUE',
      `CREATE OR REPLACE FUNCTION calendar_events_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          INSERT INTO jobs (${JOB_COLUMNS}) VALUES ('event-created:' || NEW.id, 'event-created',
            ${created}, 'event-created:' || NEW.id, NEW.updated_at, NEW.updated_at)
          ON CONFLICT DO NOTHING;
        ELSE
          INSERT INTO jobs (${JOB_COLUMNS}) VALUES (
            'event-changed:' || NEW.id || ':' || md5(random()::text || clock_timestamp()::text),
            'event-changed', json_build_object('eventId', NEW.id)::text, NULL, NEW.updated_at,
            NEW.updated_at);
        END IF;
        RETURN NULL;
      END $$`,
    ];
  },
};

import type { Migration } from '../migrate.ts';
import { CREATED_FIELDS } from './032-event-notice-outbox.ts';

/**
 * Families hear of an event taken off the calendar (docs/decisions/052-durable-jobs.md): a
 * deleted event row schedules an `event-removed` job in the delete's own statement, by trigger,
 * carrying what the notice needs once the row and its answers are gone: the event as it stood,
 * and who answered it (those who answered with an account, and the adults of the households
 * that answered), each with the occurrence they answered.
 *
 * The trigger runs before the delete, while the answers are still there (they go with the
 * event). A changed occurrence's own row is left out: removing it gives the meeting back to its
 * series, which is the occurrence routes' business.
 */
/** The fields a notice describes (those of migration 032), and whose event it is. */
const REMOVED_FIELDS = ['id', 'user_id', ...CREATED_FIELDS, 'rrule'];

/** Everyone to tell, with the occurrence they answered ('' for a single event). */
const ANSWERED = `SELECT user_id, occurrence FROM rsvps WHERE event_id = OLD.id AND user_id IS NOT NULL
  UNION
  SELECT a.user_id, r.occurrence FROM rsvps r
    JOIN household_adults a ON a.household_id = r.household_id
    WHERE r.event_id = OLD.id`;

const JOB_COLUMNS = 'id, kind, payload, dedupe_key, run_at, created_at';

export const eventRemovalNotice: Migration = {
  version: 33,
  name: 'event-removal-notice',
  up: (d) => {
    if (d === 'sqlite') {
      const removed = `json_object(${REMOVED_FIELDS.map((f) => `'${f}', OLD.${f}`).join(', ')})`;
      const answered = `json((SELECT json_group_array(json_object('userId', p.user_id, 'occurrence', p.occurrence)) FROM (${ANSWERED}) p))`;
      return [
        `CREATE TRIGGER calendar_events_removed_notice BEFORE DELETE ON calendar_events
          WHEN OLD.series_id IS NULL BEGIN
          INSERT OR IGNORE INTO jobs (${JOB_COLUMNS}) VALUES ('event-removed:' || OLD.id,
            'event-removed', json_object('eventId', OLD.id, 'removed', ${removed}, 'answered', ${answered}),
            'event-removed:' || OLD.id, OLD.updated_at, OLD.updated_at);
        END`,
      ];
    }
    const removed = `json_build_object(${REMOVED_FIELDS.map((f) => `'${f}', OLD.${f}`).join(', ')})`;
    const answered = `(SELECT coalesce(json_agg(json_build_object('userId', p.user_id, 'occurrence', p.occurrence)), '[]'::json) FROM (${ANSWERED}) p)`;
    return [
      `CREATE FUNCTION calendar_events_removed_notice() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF OLD.series_id IS NULL THEN
          INSERT INTO jobs (${JOB_COLUMNS}) VALUES ('event-removed:' || OLD.id, 'event-removed',
            json_build_object('eventId', OLD.id, 'removed', ${removed}, 'answered', ${answered})::text,
            'event-removed:' || OLD.id, OLD.updated_at, OLD.updated_at)
          ON CONFLICT DO NOTHING;
        END IF;
        RETURN OLD;
      END $$`,
      `CREATE TRIGGER calendar_events_removed_notice BEFORE DELETE ON calendar_events
        FOR EACH ROW EXECUTE FUNCTION calendar_events_removed_notice()`,
    ];
  },
};

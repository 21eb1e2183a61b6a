import type { Migration } from '../migrate.ts';

/**
 * The outbox of event notices (docs/decisions/052-durable-jobs.md): every row written to
 * calendar_events schedules its notice job in the same statement, by trigger. The event and
 * the job commit together or not at all, whoever writes the row (the Data API, the occurrence
 * routes, an operator's SQL), and a write costs no extra statement or round trip.
 *
 * - A new row: an `event-created` job, keyed by the event, carrying the row's fields as created
 *   (what a member who saw it at once knew of it).
 * - A changed row: an `event-changed` job of its own; whichever runs first tells of every change
 *   so far, and the others find nothing new to tell.
 *
 * The jobs are due from the row's own `updated_at`, stamped by the server's clock.
 */
export const CREATED_FIELDS = [
  'event_name',
  'event_date',
  'event_time',
  'end_date',
  'end_time',
  'all_day',
  'location',
  'status',
  'cancel_reason',
];

const JOB_COLUMNS = 'id, kind, payload, dedupe_key, run_at, created_at';

export const eventNoticeOutbox: Migration = {
  version: 32,
  name: 'event-notice-outbox',
  up: (d) => {
    if (d === 'sqlite') {
      const created = `json_object('eventId', NEW.id, 'created', json_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}))`;
      return [
        `CREATE TRIGGER calendar_events_created_notice AFTER INSERT ON calendar_events BEGIN
          INSERT OR IGNORE INTO jobs (${JOB_COLUMNS}) VALUES ('event-created:' || NEW.id,
            'event-created', ${created}, 'event-created:' || NEW.id, NEW.updated_at, NEW.updated_at);
        END`,
        `CREATE TRIGGER calendar_events_changed_notice AFTER UPDATE ON calendar_events BEGIN
          INSERT INTO jobs (${JOB_COLUMNS}) VALUES (
            'event-changed:' || NEW.id || ':' || lower(hex(randomblob(8))), 'event-changed',
            json_object('eventId', NEW.id), NULL, NEW.updated_at, NEW.updated_at);
        END`,
      ];
    }
    const created = `json_build_object('eventId', NEW.id, 'created', json_build_object(${CREATED_FIELDS.map((f) => `'${f}', NEW.${f}`).join(', ')}))::text`;
    return [
      `CREATE FUNCTION calendar_events_notice() RETURNS trigger LANGUAGE plpgsql AS $$
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
      `CREATE TRIGGER calendar_events_notice AFTER INSERT OR UPDATE ON calendar_events
        FOR EACH ROW EXECUTE FUNCTION calendar_events_notice()`,
    ];
  },
};

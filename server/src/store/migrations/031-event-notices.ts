import type { Migration } from '../migrate.ts';

/**
 * What families were last told about an event (docs/decisions/052-durable-jobs.md): its name,
 * time, place and status as of the last notice, so a change notice can say
 * "was Saturday 9:00 at the church, now Sunday 10:00 at the lake" in one message, however many
 * fields and writes the change took. Gone with the event. Until an event's first change notice,
 * what families know of it is the event as created, kept in its `event-created` job's payload.
 */
export const eventNotices: Migration = {
  version: 31,
  name: 'event-notices',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE event_notice_state (
        event_id ${text} PRIMARY KEY REFERENCES calendar_events(id) ON DELETE CASCADE,
        state ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
    ];
  },
};

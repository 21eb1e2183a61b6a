import type { Migration } from '../migrate.ts';

/**
 * Families, RSVPs and the mail that follows them (docs/decisions/050-households-and-rsvps.md).
 *
 * - `households`: a family. Its adults are accounts (`household_adults`); its scouts are
 *   profiles (`scouts`) that need no account: name and patrol, no email. A scout may later be
 *   linked to a scout's own account (`scouts.user_id`, unique: a person is a youth in at most
 *   one household). A scout's details (birth year, patrol, notes) are for the household and
 *   leaders only; the Data API does not declare these tables at all.
 * - `household_invitations`: a second adult, or a scout's own account, joins by a link found by
 *   the hash of its token; `accepted_at` is set once, in one conditional UPDATE.
 * - `rsvps`: one answer per person per occurrence. `attendee` is `user:<id>` (an adult or a scout
 *   with an account answering as an adult would) or `scout:<id>`; `occurrence` is '' for a
 *   one-off event and the series' original date (YYYY-MM-DD) for an occurrence of a series, so
 *   moving an occurrence keeps its answers. `waitlisted` answers wait in `queued_at` order.
 * - `calendar_events.rsvp_deadline` (an instant, ISO 8601) and `capacity` (people going).
 * - `notification_settings`: a member's choices; absent means the defaults.
 * - `jobs`: durable work (mail above all). A worker leases a due job (`lease_until`), so a job
 *   whose worker died is taken again when its lease runs out; `dedupe_key` makes a job that
 *   several processes schedule at once exist once.
 */
export const families: Migration = {
  version: 30,
  name: 'families',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    const bool = (value: boolean) =>
      d === 'postgres'
        ? `BOOLEAN NOT NULL DEFAULT ${value ? 'TRUE' : 'FALSE'}`
        : `INTEGER NOT NULL DEFAULT ${value ? 1 : 0}`;
    return [
      `CREATE TABLE households (
        id ${text} PRIMARY KEY,
        name ${text} NOT NULL,
        created_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        created_at ${text} NOT NULL
      )`,
      `CREATE TABLE household_adults (
        household_id ${text} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        joined_at ${text} NOT NULL,
        PRIMARY KEY (household_id, user_id)
      )`,
      'CREATE INDEX household_adults_user ON household_adults (user_id)',
      `CREATE TABLE scouts (
        id ${text} PRIMARY KEY,
        household_id ${text} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        first_name ${text} NOT NULL,
        last_name ${text} NOT NULL,
        patrol ${text},
        birth_year INTEGER,
        notes ${text},
        user_id ${text} UNIQUE REFERENCES users(id) ON DELETE SET NULL,
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
      'CREATE INDEX scouts_household ON scouts (household_id)',
      `CREATE TABLE household_invitations (
        id ${text} PRIMARY KEY,
        kind ${text} NOT NULL,
        household_id ${text} NOT NULL REFERENCES households(id) ON DELETE CASCADE,
        scout_id ${text} REFERENCES scouts(id) ON DELETE CASCADE,
        token_hash ${text} NOT NULL UNIQUE,
        email ${text},
        created_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        created_at ${text} NOT NULL,
        expires_at ${text} NOT NULL,
        accepted_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        accepted_at ${text}
      )`,
      'CREATE INDEX household_invitations_household ON household_invitations (household_id)',
      `ALTER TABLE calendar_events ADD COLUMN rsvp_deadline ${text}`,
      'ALTER TABLE calendar_events ADD COLUMN capacity INTEGER',
      `CREATE TABLE rsvps (
        id ${text} PRIMARY KEY,
        event_id ${text} NOT NULL REFERENCES calendar_events(id) ON DELETE CASCADE,
        occurrence ${text} NOT NULL DEFAULT '',
        attendee ${text} NOT NULL,
        user_id ${text} REFERENCES users(id) ON DELETE CASCADE,
        scout_id ${text} REFERENCES scouts(id) ON DELETE CASCADE,
        household_id ${text} REFERENCES households(id) ON DELETE SET NULL,
        youth ${bool(false)},
        answer ${text} NOT NULL,
        note ${text},
        waitlisted ${bool(false)},
        queued_at ${text} NOT NULL,
        answered_by ${text} REFERENCES users(id) ON DELETE SET NULL,
        answered_at ${text} NOT NULL,
        UNIQUE (event_id, occurrence, attendee)
      )`,
      'CREATE INDEX rsvps_household ON rsvps (household_id)',
      `CREATE TABLE notification_settings (
        user_id ${text} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        new_events ${bool(true)},
        changes ${bool(true)},
        reminders ${bool(true)},
        reminder_hours INTEGER NOT NULL DEFAULT 48,
        updated_at ${text} NOT NULL
      )`,
      `CREATE TABLE jobs (
        id ${text} PRIMARY KEY,
        kind ${text} NOT NULL,
        payload ${text} NOT NULL DEFAULT '{}',
        dedupe_key ${text} UNIQUE,
        run_at ${text} NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        lease_until ${text},
        leased_by ${text},
        done_at ${text},
        failed_at ${text},
        last_error ${text},
        created_at ${text} NOT NULL
      )`,
      'CREATE INDEX jobs_due ON jobs (done_at, failed_at, run_at)',
    ];
  },
};

import type { Migration } from '../migrate.ts';
import { FIRST_TROOP_ID } from '../tenancy.ts';

/**
 * Many troops on one server (docs/decisions/065-troops.md).
 *
 * - `troops`: a unit, a troop or a council (`kind`). The first troop (`FIRST_TROOP_ID`) is the
 *   one a one-troop server always was: its project id, sign-up mode, contact and time zone stay
 *   the server's configuration (`PROJECT_ID`, `SIGNUP_MODE`, `TROOP_CONTACT`, `TIMEZONE`) while
 *   its columns are NULL, so nothing an upgraded server's members see changes
 *   (troops/troop-directory.ts).
 * - `memberships`: an account's role and status in a troop, read by every request's session
 *   check (auth/session-check.ts); copied here from `users` for the first troop. Until every
 *   writer of a role or a status writes the membership of its own troop, the triggers
 *   `users_first_troop_*` carry what is written to `users` to the first troop's membership, as
 *   a one-troop server means it.
 * - `troop_id` on every troop-owned row, the first troop's for every row there is. The columns
 *   of the server's own bookkeeping (jobs, audit entries, service keys) may be NULL, for the
 *   platform's work and keys; their rows so far are the first troop's too.
 *
 * `troop_id` has no foreign key: SQLite adds a referencing column only with a NULL default, and
 * a troop is removed by deleting its rows by `troop_id`, never by a cascade from `troops`.
 */
export const TROOP_OWNED_TABLES = [
  'calendar_events',
  'calendar_feeds',
  'households',
  'household_adults',
  'household_invitations',
  'scouts',
  'rsvps',
  'rsvp_nudges',
  'event_notice_state',
  'notice_batch_events',
  'files',
  'realtime_messages',
  'invitations',
  'analytics_events',
  'analytics_sessions',
  'analytics_hourly',
  'ai_usage',
] as const;

/** The server's own rows: NULL is the platform's; those there are were the one troop's. */
const OPTIONALLY_OWNED_TABLES = ['jobs', 'audit_log', 'service_keys'] as const;

export const troops: Migration = {
  version: 41,
  name: 'troops',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    const first = `'${FIRST_TROOP_ID}'`;
    const now = `'${new Date().toISOString()}'`;
    return [
      `CREATE TABLE troops (
        id ${text} PRIMARY KEY,
        kind ${text} NOT NULL DEFAULT 'troop',
        number ${text},
        name ${text},
        project_id ${text} UNIQUE,
        time_zone ${text},
        signup_mode ${text},
        contact ${text},
        council_id ${text} REFERENCES troops(id),
        created_at ${text} NOT NULL,
        confirmed_at ${text}
      )`,
      'CREATE INDEX troops_council ON troops (council_id)',
      `INSERT INTO troops (id, kind, created_at, confirmed_at) VALUES (${first}, 'troop', ${now}, ${now})`,
      `CREATE TABLE memberships (
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        troop_id ${text} NOT NULL REFERENCES troops(id) ON DELETE CASCADE,
        role ${text} NOT NULL,
        status ${text} NOT NULL DEFAULT 'active',
        joined_at ${text} NOT NULL,
        PRIMARY KEY (user_id, troop_id)
      )`,
      'CREATE INDEX memberships_troop ON memberships (troop_id, status)',
      `INSERT INTO memberships (user_id, troop_id, role, status, joined_at)
        SELECT id, ${first}, role, status, created_at FROM users`,
      ...firstTroopMembershipTriggers(d, first),
      ...TROOP_OWNED_TABLES.map(
        (t) => `ALTER TABLE ${t} ADD COLUMN troop_id ${text} NOT NULL DEFAULT ${first}`,
      ),
      ...OPTIONALLY_OWNED_TABLES.flatMap((t) => [
        `ALTER TABLE ${t} ADD COLUMN troop_id ${text}`,
        `UPDATE ${t} SET troop_id = ${first}`,
      ]),
      // A troop's calendar is read from its own range of these indexes, in order (decision 065);
      // the indexes without the troop go once every read names its troop.
      'CREATE INDEX calendar_events_troop_when ON calendar_events (troop_id, event_date, event_time, id)',
      'CREATE INDEX calendar_events_troop_date ON calendar_events (troop_id, event_date, id)',
    ];
  },
};

/** A new account is a member of the first troop; its role and status there follow `users`. */
function firstTroopMembershipTriggers(d: 'sqlite' | 'postgres', first: string): string[] {
  const insert = `INSERT INTO memberships (user_id, troop_id, role, status, joined_at)
    VALUES (NEW.id, ${first}, NEW.role, NEW.status, NEW.created_at) ON CONFLICT DO NOTHING`;
  const update = `UPDATE memberships SET role = NEW.role, status = NEW.status
    WHERE user_id = NEW.id AND troop_id = ${first}`;
  if (d === 'sqlite')
    return [
      `CREATE TRIGGER users_first_troop_joined AFTER INSERT ON users BEGIN ${insert}; END`,
      `CREATE TRIGGER users_first_troop_changed AFTER UPDATE OF role, status ON users BEGIN ${update}; END`,
    ];
  return [
    `CREATE FUNCTION users_first_troop_joined() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${insert}; RETURN NULL; END $$`,
    `CREATE TRIGGER users_first_troop_joined AFTER INSERT ON users
      FOR EACH ROW EXECUTE FUNCTION users_first_troop_joined()`,
    `CREATE FUNCTION users_first_troop_changed() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN ${update}; RETURN NULL; END $$`,
    `CREATE TRIGGER users_first_troop_changed AFTER UPDATE OF role, status ON users
      FOR EACH ROW EXECUTE FUNCTION users_first_troop_changed()`,
  ];
}

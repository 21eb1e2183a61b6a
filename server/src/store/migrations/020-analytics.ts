import type { Migration } from '../migrate.ts';

/**
 * Analytics events and their visits (server/src/analytics, docs/operations.md "Analytics: what
 * is stored"). Times are milliseconds since the epoch, so a range is a plain integer comparison.
 * No address and no full referrer is kept: the referrer's host and path only. A signed-in
 * member's events name the account (`user_id`, cleared when the account is deleted), never its
 * email; `visitor`, what the dashboard counts, is a keyed hash of the id, or the session id.
 *
 * An event has no id of its own: a batch sent again after a lost answer is recognised by its
 * session, time, type and path, the primary key. Visits (`analytics_sessions`) and hourly counts
 * (`analytics_hourly`) are kept up to date as events arrive, so the dashboard never reads every
 * event (docs/decisions/031-analytics-dashboard-figures.md).
 */
export const analytics: Migration = {
  version: 20,
  name: 'analytics',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE analytics_events (
        session_id ${text} NOT NULL,
        ts BIGINT NOT NULL,
        type ${text} NOT NULL,
        pathname ${text} NOT NULL,
        visitor ${text} NOT NULL,
        user_id ${text} REFERENCES users(id) ON DELETE SET NULL,
        claimed_user_id ${text},
        referrer_host ${text},
        referrer_path ${text},
        screen_width INTEGER,
        channel ${text} NOT NULL,
        utm_source ${text},
        utm_medium ${text},
        utm_campaign ${text},
        utm_content ${text},
        utm_term ${text},
        data ${text},
        PRIMARY KEY (session_id, ts, type, pathname)
      )`,
      // The daily purge.
      'CREATE INDEX analytics_events_ts ON analytics_events (ts)',
      // Deleting an account clears its id from its events (ON DELETE SET NULL) through this.
      'CREATE INDEX analytics_events_user ON analytics_events (user_id)',
      // Events per hour, type and path: top pages and custom events of a range read a few
      // thousand of these rather than every event.
      `CREATE TABLE analytics_hourly (
        hour BIGINT NOT NULL,
        type ${text} NOT NULL,
        pathname ${text} NOT NULL,
        events INTEGER NOT NULL,
        PRIMARY KEY (hour, type, pathname)
      )`,
      `CREATE TABLE analytics_sessions (
        session_id ${text} PRIMARY KEY,
        visitor ${text} NOT NULL,
        first_ts BIGINT NOT NULL,
        last_ts BIGINT NOT NULL,
        pageviews INTEGER NOT NULL,
        events INTEGER NOT NULL,
        entry_ts BIGINT,
        entry_path ${text},
        channel ${text} NOT NULL,
        referrer_host ${text},
        utm_source ${text},
        utm_medium ${text},
        utm_campaign ${text},
        screen_width INTEGER
      )`,
      'CREATE INDEX analytics_sessions_first_ts ON analytics_sessions (first_ts)',
      'CREATE INDEX analytics_sessions_last_ts ON analytics_sessions (last_ts)',
    ];
  },
};

import type { Migration } from '../migrate.ts';

/**
 * Tables of the Data API (server/src/rest): profile rows, the troop calendar, and the registry
 * of tables clients create on the fly. Text compares by byte order on PostgreSQL (COLLATE "C"),
 * as on SQLite, so both stores sort alike and the ordered indexes serve the API's ORDER BY.
 */
export const dataTables: Migration = {
  version: 3,
  name: 'data-tables',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    return [
      `CREATE TABLE custom_users (
        id ${text} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        user_id ${text} NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        email ${text},
        display_name ${text},
        first_name ${text},
        last_name ${text},
        troop_number ${text},
        troop_role ${text},
        avatar_url ${text},
        metadata ${text} NOT NULL DEFAULT '{}',
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL
      )`,
      `CREATE TABLE calendar_events (
        id ${text} PRIMARY KEY,
        user_id ${text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        event_name ${text} NOT NULL,
        event_date ${text} NOT NULL,
        event_time ${text} NOT NULL,
        hyperlink ${text},
        creator_name ${text},
        created_at ${text} NOT NULL,
        updated_at ${text} NOT NULL,
        sequence INTEGER NOT NULL DEFAULT 0
      )`,
      // The calendar lists by date (docs/product.md section 2); id breaks ties, as the Data API orders.
      'CREATE INDEX calendar_events_date ON calendar_events (event_date, id)',
      'CREATE INDEX calendar_events_user ON calendar_events (user_id)',
      `CREATE TABLE data_tables (
        name TEXT PRIMARY KEY,
        created_by TEXT,
        created_at TEXT NOT NULL
      )`,
      `CREATE TABLE data_table_columns (
        table_name TEXT NOT NULL REFERENCES data_tables(name) ON DELETE CASCADE,
        name TEXT NOT NULL,
        type TEXT NOT NULL,
        position INTEGER NOT NULL,
        added_at TEXT NOT NULL,
        PRIMARY KEY (table_name, name)
      )`,
    ];
  },
};

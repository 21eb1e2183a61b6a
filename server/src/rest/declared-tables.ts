/**
 * The tables migrations declare, as the Data API serves them: their columns and types, which
 * columns are required, the unique keys `on_conflict` may name, and the timestamps the server
 * sets. Kept apart from the registry of tables created on the fly (tables.ts,
 * dynamic-tables.ts) because these change only with a migration.
 */
import type { TableShape } from './build-sql.ts';
import type { ColumnType } from './values.ts';

export interface TableDef extends TableShape {
  dynamic: boolean;
  /** Column sets with a unique index: the only valid `on_conflict` targets. */
  uniqueKeys: ReadonlyArray<readonly string[]>;
  /** Set by the server when a row is created and on every write (may be a column the API does not expose). */
  createdAt: string;
  updatedAt: string;
  /** Raised by one on every update, whatever the client sends (iCal SEQUENCE for the calendar feed). */
  bumpOnUpdate?: string;
}

const def = (
  name: string,
  columns: Array<[string, ColumnType]>,
  extra: Partial<Pick<TableDef, 'uniqueKeys' | 'bumpOnUpdate'>> & { notNull?: string[] } = {},
): TableDef => ({
  name,
  dynamic: false,
  columns: new Map(columns),
  notNull: new Set(extra.notNull ?? []),
  uniqueKeys: extra.uniqueKeys ?? [['id']],
  createdAt: 'created_at',
  updatedAt: 'updated_at',
  ...(extra.bumpOnUpdate ? { bumpOnUpdate: extra.bumpOnUpdate } : {}),
});

/** Declared tables. `users` shows only its safe columns: never password_hash, never token data. */
export const DECLARED_TABLES: ReadonlyMap<string, TableDef> = new Map(
  [
    def(
      'users',
      [
        ['id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['avatar_url', 'text'],
        ['role', 'text'],
        ['metadata', 'json'],
        ['email_verified', 'boolean'],
        ['created_at', 'text'],
      ],
      { uniqueKeys: [['id'], ['email']] },
    ),
    def(
      'custom_users',
      [
        ['id', 'text'],
        ['user_id', 'text'],
        ['email', 'text'],
        ['display_name', 'text'],
        ['first_name', 'text'],
        ['last_name', 'text'],
        ['troop_number', 'text'],
        ['troop_role', 'text'],
        ['avatar_url', 'text'],
        ['metadata', 'json'],
        ['created_at', 'text'],
        ['updated_at', 'text'],
      ],
      { uniqueKeys: [['id'], ['user_id']] },
    ),
    def(
      'calendar_events',
      [
        ['id', 'text'],
        ['user_id', 'text'],
        ['event_name', 'text'],
        ['event_date', 'text'],
        ['event_time', 'text'],
        ['hyperlink', 'text'],
        ['creator_name', 'text'],
        ['created_at', 'text'],
        ['updated_at', 'text'],
        ['sequence', 'integer'],
        // Details and series (migration 025, docs/decisions/040-recurring-event-storage.md).
        ['end_date', 'text'],
        ['end_time', 'text'],
        ['all_day', 'boolean'],
        ['location', 'text'],
        ['description', 'text'],
        ['category', 'text'],
        ['rrule', 'text'],
        ['status', 'text'],
        ['cancel_reason', 'text'],
        ['exdates', 'text'],
        ['series_id', 'text'],
        ['recurrence_date', 'text'],
        // Answers (migration 030, docs/decisions/051-rsvps.md).
        ['rsvp_deadline', 'text'],
        ['capacity', 'integer'],
      ],
      {
        bumpOnUpdate: 'sequence',
        // As in migration 003.
        notNull: [
          'id',
          'user_id',
          'event_name',
          'event_date',
          'event_time',
          'created_at',
          'updated_at',
          'sequence',
          'all_day',
          'status',
        ],
      },
    ),
  ].map((t) => [t.name, t]),
);

import type { Migration } from '../migrate.ts';

/**
 * Every read of the calendar names its troop (the Data API's statements, rest/where-sql.ts, and
 * the calendar's own SQL), so each is read from the troop-led indexes of migration 041
 * (`calendar_events_troop_when`, `calendar_events_troop_date`). The indexes of migrations 003
 * and 014 without the troop serve no read any more and cost every write: they go.
 */
export const calendarUntroopedIndexes: Migration = {
  version: 43,
  name: 'calendar-untrooped-indexes',
  up: () => ['DROP INDEX calendar_events_when', 'DROP INDEX calendar_events_date'],
};

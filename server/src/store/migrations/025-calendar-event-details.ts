import type { Migration } from '../migrate.ts';

/**
 * Event details and recurring series (docs/decisions/040-recurring-event-storage.md). Every new
 * column is optional, so clients that know only name, date, time and link keep working.
 *
 * A series is one row with an `rrule`; its removed occurrences are `exdates` (comma-separated
 * original dates) and each changed or cancelled occurrence is a row of its own naming the series
 * (`series_id`) and the original date it replaces (`recurrence_date`), gone with the series.
 */
export const calendarEventDetails: Migration = {
  version: 25,
  name: 'calendar-event-details',
  up: (d) => {
    const text = d === 'postgres' ? 'TEXT COLLATE "C"' : 'TEXT';
    const bool = d === 'postgres' ? 'BOOLEAN NOT NULL DEFAULT FALSE' : 'INTEGER NOT NULL DEFAULT 0';
    const add = (column: string) => `ALTER TABLE calendar_events ADD COLUMN ${column}`;
    return [
      add(`end_date ${text}`),
      add(`end_time ${text}`),
      add(`all_day ${bool}`),
      add(`location ${text}`),
      add(`description ${text}`),
      add(`category ${text}`),
      add(`rrule ${text}`),
      add(`status ${text} NOT NULL DEFAULT 'confirmed'`),
      add(`cancel_reason ${text}`),
      add(`exdates ${text}`),
      add(`series_id ${text} REFERENCES calendar_events(id) ON DELETE CASCADE`),
      add(`recurrence_date ${text}`),
      'CREATE UNIQUE INDEX calendar_events_occurrence ON calendar_events (series_id, recurrence_date)',
      // A window read takes every series that starts before the window's end (recurrence/window.ts).
      'CREATE INDEX calendar_events_series_start ON calendar_events (rrule, event_date)',
    ];
  },
};

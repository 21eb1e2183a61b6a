/**
 * The calendar's tables. `calendar_events` is served by the Data API as the spec's client reads
 * and writes it (docs/protocol.md, Data API): a member's own events are theirs to change, every
 * field is checked as the calendar's own routes check it, and an update is checked again whole
 * as stored, in its transaction, so a series never ends up with an exception its rule does not
 * give. Each change goes out on the `calendar_events` realtime channel (rest/change-feed.ts).
 */
import type { CapabilityTables, ServedTable } from '../rest/table-definition.ts';
import { checkEventRow } from './event-row-check.ts';
import { checkStoredEvents } from './stored-events.ts';

export const calendarEventsTable: ServedTable = {
  name: 'calendar_events',
  tenancy: 'troop',
  // A council's events show in every troop of it, read-only there (docs/decisions/065-troops.md).
  councilShared: true,
  columns: [
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
    // Told as new or not (migration 038, docs/decisions/064-notice-batches.md): read from the row
    // as inserted; a later write of it changes nothing that was or was not sent.
    ['notify', 'boolean'],
  ],
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
    'notify',
  ],
  bumpOnUpdate: 'sequence',
  rows: { owner: ['user_id'] },
  check: checkEventRow,
  onUpdate: {
    applies: () => true,
    after: (tx, _ctx, ids) => checkStoredEvents(tx, ids),
  },
  announce: 'calendar_events',
  // An account deleted through the Data API takes its events with it (migration 003).
  references: [{ column: 'user_id', table: 'users' }],
};

export const calendarTables: CapabilityTables = {
  served: [calendarEventsTable],
  serverOwned: ['calendar_feeds'],
};

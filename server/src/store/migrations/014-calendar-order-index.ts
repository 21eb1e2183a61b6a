import type { Migration } from '../migrate.ts';

/**
 * The calendar screen reads events by date, then time (web/src/screens/calendar), in pages that
 * follow a cursor. This index is that order (id breaks ties, as the Data API orders), so each
 * page is read from the index after the cursor and costs the same however many events the troop
 * has (`npm run bench:growth`). calendar_events_date stays for the order by date alone.
 */
export const calendarOrderIndex: Migration = {
  version: 14,
  name: 'calendar-order-index',
  up: () => ['CREATE INDEX calendar_events_when ON calendar_events (event_date, event_time, id)'],
};

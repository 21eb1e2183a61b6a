/** Reads troop calendar events for the feed; the feed is made from the table on every request. */
import type { Queryable } from '../store/store.ts';
import type { CalendarEventRow } from './feed.ts';

const COLUMNS =
  'id, event_name, event_date, event_time, hyperlink, creator_name, created_at, updated_at, sequence';

/** Every signed-in member sees every event (docs/product.md section 6), so the feed holds them all. */
export async function listCalendarEvents(db: Queryable): Promise<CalendarEventRow[]> {
  const { rows } = await db.query<CalendarEventRow>(
    `SELECT ${COLUMNS} FROM calendar_events ORDER BY event_date, event_time, id`,
  );
  return rows;
}

export async function findCalendarEvent(
  db: Queryable,
  id: string,
): Promise<CalendarEventRow | undefined> {
  const { rows } = await db.query<CalendarEventRow>(
    `SELECT ${COLUMNS} FROM calendar_events WHERE id = ?`,
    [id],
  );
  return rows[0];
}

/**
 * Reads of calendar_events with every detail and series column, for the feed, the occurrences
 * of a window and the whole-row check after a Data API update.
 */
import { EVENT_MAX_SPAN_DAYS } from '@scout/protocol/calendar-events';
import type { Queryable } from '../store/store.ts';
import { ApiError } from '../errors.ts';
import { checkEventShape, checkExceptionCount } from './event-shape.ts';
import { givesDate } from './series-rule.ts';
import { dateMs, isoDate, type EventRecord } from './occurrences.ts';

export const EVENT_COLUMNS =
  'id, user_id, event_name, event_date, event_time, end_date, end_time, all_day, location, description, category, rrule, status, cancel_reason, exdates, series_id, recurrence_date, rsvp_deadline, capacity, hyperlink, creator_name, created_at, updated_at, sequence';

const DAY_MS = 86_400_000;

export async function findEvent(db: Queryable, id: string): Promise<EventRecord | undefined> {
  const { rows } = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE id = ?`,
    [id],
  );
  return rows[0];
}

/** The changed occurrences of the given series. */
export async function overridesOf(
  db: Queryable,
  seriesIds: readonly string[],
): Promise<EventRecord[]> {
  if (seriesIds.length === 0) return [];
  const marks = seriesIds.map(() => '?').join(', ');
  const { rows } = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE series_id IN (${marks}) ORDER BY recurrence_date`,
    seriesIds,
  );
  return rows;
}

/** Rows just written, checked whole; a 400 rolls the caller's transaction back. */
export async function checkStoredEvents(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const { rows } = await db.query<EventRecord>(
      `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE id IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    for (const row of rows) checkEventShape(row);
    // A rule changed here must still give the dates of its changed occurrences; the occurrence
    // routes change a rule and sort its exceptions out together (series-rule.ts).
    const byId = new Map(rows.map((r) => [r.id, r]));
    const changed = new Map<string, number>();
    for (const o of await overridesOf(db, chunk)) {
      const series = byId.get(o.series_id ?? '');
      if (series && !givesDate(series, o.recurrence_date ?? ''))
        throw new ApiError(
          'VALIDATION_ERROR',
          `The series has a changed occurrence on ${o.recurrence_date}, which this rule or start does not give: change the series through /api/calendar/{projectId}/events/{id}/occurrences/{date}?scope=all`,
        );
      changed.set(o.series_id ?? '', (changed.get(o.series_id ?? '') ?? 0) + 1);
    }
    for (const [id, n] of changed) {
      const series = byId.get(id);
      if (series?.rrule) checkExceptionCount(series, n);
    }
  }
}

/**
 * Every row an occurrence in [from, to] can come from: single events and changed occurrences
 * starting at most EVENT_MAX_SPAN_DAYS before the window (both read from the date index), every
 * series starting before its end, and the changed occurrences of those series, wherever moved.
 */
export async function rowsForWindow(
  db: Queryable,
  from: string,
  to: string,
): Promise<EventRecord[]> {
  const earliest = isoDate(dateMs(from) - EVENT_MAX_SPAN_DAYS * DAY_MS);
  const singles = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE event_date >= ? AND event_date <= ? AND rrule IS NULL`,
    [earliest, to],
  );
  const series = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE rrule IS NOT NULL AND event_date <= ?`,
    [to],
  );
  const seen = new Set(singles.rows.map((r) => r.id));
  const moved = (
    await overridesOf(
      db,
      series.rows.map((r) => r.id),
    )
  ).filter((r) => !seen.has(r.id));
  return [...singles.rows, ...series.rows, ...moved];
}

/** Every row, for the subscribed feed (each series once, with its changed occurrences). */
export async function allEvents(db: Queryable): Promise<EventRecord[]> {
  const { rows } = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events ORDER BY event_date, event_time, id`,
  );
  return rows;
}

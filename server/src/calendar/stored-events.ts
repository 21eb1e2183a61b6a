/**
 * Reads of calendar_events with every detail and series column, for the feed, the occurrences
 * of a window and the whole-row check after a Data API update.
 */
import { EVENT_MAX_SPAN_DAYS } from '@scout/protocol/calendar-events';
import type { Queryable } from '../store/store.ts';
import { ApiError } from '../errors.ts';
import { checkEventShape, checkExceptionCount } from './event-shape.ts';
import { rangeReads, unitsCondition, type CalendarUnits } from './calendar-units.ts';
import { givesDate } from './series-rule.ts';
import { dateMs, isoDate, type EventRecord } from './occurrences.ts';

export const EVENT_COLUMNS =
  'id, user_id, event_name, event_date, event_time, end_date, end_time, all_day, location, description, category, rrule, status, cancel_reason, exdates, series_id, recurrence_date, rsvp_deadline, capacity, hyperlink, creator_name, created_at, updated_at, sequence';

const DAY_MS = 86_400_000;

/** The columns a read of the troop and its council takes: which unit a row is of, too. */
const READ_COLUMNS = `${EVENT_COLUMNS}, troop_id`;

/**
 * One event of the troop (a troop's id: what a write may change), or of the troop or its council
 * (units: what it reads); another troop's is not found, whatever its id.
 */
export async function findEvent(
  db: Queryable,
  units: string | CalendarUnits,
  id: string,
): Promise<EventRecord | undefined> {
  const where = unitsCondition(units);
  const { rows } = await db.query<EventRecord>(
    `SELECT ${READ_COLUMNS} FROM calendar_events WHERE ${where.sql} AND id = ?`,
    [...where.params, id],
  );
  return rows[0];
}

/** The changed occurrences of the given series, which are rows of the series' own unit. */
export async function overridesOf(
  db: Queryable,
  troopId: string,
  seriesIds: readonly string[],
): Promise<EventRecord[]> {
  if (seriesIds.length === 0) return [];
  const marks = seriesIds.map(() => '?').join(', ');
  const { rows } = await db.query<EventRecord>(
    `SELECT ${READ_COLUMNS} FROM calendar_events WHERE troop_id = ? AND series_id IN (${marks}) ORDER BY recurrence_date`,
    [troopId, ...seriesIds],
  );
  return rows;
}

/** The changed occurrences of series read with their unit (`troop_id`), each from its own. */
async function overridesOfRead(db: Queryable, series: readonly EventRecord[]) {
  const units = [...new Set(series.map((r) => r.troop_id ?? ''))];
  const out: EventRecord[] = [];
  for (const unit of units)
    out.push(
      ...(await overridesOf(
        db,
        unit,
        series.filter((r) => (r.troop_id ?? '') === unit).map((r) => r.id),
      )),
    );
  return out;
}

/**
 * Rows just written, checked whole; a 400 rolls the caller's transaction back. The ids are those
 * the Data API just wrote in the request's troop; a series' changed occurrences are read in the
 * series' own troop.
 */
export async function checkStoredEvents(db: Queryable, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const { rows } = await db.query<EventRecord & { troop_id: string }>(
      `SELECT ${EVENT_COLUMNS}, troop_id FROM calendar_events WHERE id IN (${chunk.map(() => '?').join(', ')})`,
      chunk,
    );
    for (const row of rows) checkEventShape(row);
    // A rule changed here must still give the dates of its changed occurrences; the occurrence
    // routes change a rule and sort its exceptions out together (series-rule.ts).
    const byId = new Map(rows.map((r) => [r.id, r]));
    const changed = new Map<string, number>();
    const troops = [...new Set(rows.map((r) => r.troop_id))];
    const overrides = [];
    for (const troopId of troops)
      overrides.push(
        ...(await overridesOf(
          db,
          troopId,
          rows.filter((r) => r.troop_id === troopId).map((r) => r.id),
        )),
      );
    for (const o of overrides) {
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
  units: string | CalendarUnits,
  from: string,
  to: string,
): Promise<EventRecord[]> {
  const earliest = isoDate(dateMs(from) - EVENT_MAX_SPAN_DAYS * DAY_MS);
  const singles: EventRecord[] = [];
  const series: EventRecord[] = [];
  for (const where of rangeReads(db.dialect, units)) {
    const one = await db.query<EventRecord>(
      `SELECT ${READ_COLUMNS} FROM calendar_events WHERE ${where.sql} AND event_date >= ? AND event_date <= ? AND rrule IS NULL`,
      [...where.params, earliest, to],
    );
    singles.push(...one.rows);
    const repeating = await db.query<EventRecord>(
      `SELECT ${READ_COLUMNS} FROM calendar_events WHERE ${where.sql} AND rrule IS NOT NULL AND event_date <= ?`,
      [...where.params, to],
    );
    series.push(...repeating.rows);
  }
  const seen = new Set(singles.map((r) => r.id));
  const moved = (await overridesOfRead(db, series)).filter((r) => !seen.has(r.id));
  return [...singles, ...series, ...moved];
}

/**
 * The troop's every row and its council's, for its subscribed feed (each series once, with its
 * changed occurrences).
 */
export async function allEvents(db: Queryable, units: CalendarUnits): Promise<EventRecord[]> {
  const lists: EventRecord[][] = [];
  for (const where of rangeReads(db.dialect, units)) {
    const { rows } = await db.query<EventRecord>(
      `SELECT ${READ_COLUMNS} FROM calendar_events WHERE ${where.sql} ORDER BY event_date, event_time, id`,
      where.params,
    );
    lists.push(rows);
  }
  return mergeByStart(lists);
}

const startKey = (r: EventRecord) => `${r.event_date} ${r.event_time}`;

/** Lists each in (date, time, id) order, merged into one in that order. */
function mergeByStart(lists: EventRecord[][]): EventRecord[] {
  const [first = [], second = []] = lists;
  if (second.length === 0) return first;
  const out: EventRecord[] = [];
  let i = 0;
  let j = 0;
  while (i < first.length && j < second.length) {
    const a = first[i] as EventRecord;
    const b = second[j] as EventRecord;
    const ka = startKey(a);
    const kb = startKey(b);
    if (ka < kb || (ka === kb && a.id <= b.id)) {
      out.push(a);
      i += 1;
    } else {
      out.push(b);
      j += 1;
    }
  }
  return out.concat(first.slice(i), second.slice(j));
}

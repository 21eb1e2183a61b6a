/**
 * An event as families see it in a notice (name, time, place, status), what they were last told
 * of it (`event_notice_state`), and where an occurrence of a series stands now.
 */
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import { findEvent } from '../calendar/stored-events.ts';
import {
  dateMs,
  exdateList,
  isAllDay,
  minutesOf,
  seriesStarts,
  timingOf,
  type EventRecord,
} from '../calendar/occurrences.ts';
import { readWallClock } from '@scout/protocol/wall-clock';
import type { Queryable } from '../store/store.ts';

export interface EventState {
  name: string;
  date: string;
  time: string | null;
  endDate: string | null;
  endTime: string | null;
  allDay: boolean;
  location: string | null;
  status: 'confirmed' | 'cancelled';
  cancelReason: string | null;
}

export function stateOf(row: EventRecord, onDate?: string): EventState {
  const allDay = isAllDay(row.all_day) || minutesOf(row.event_time) === null;
  return {
    name: row.event_name?.trim() || 'Troop event',
    date: onDate ?? row.event_date ?? '',
    time: allDay ? null : (row.event_time ?? null),
    endDate: onDate ? null : (row.end_date ?? null),
    endTime: allDay ? null : (row.end_time ?? null),
    allDay,
    location: row.location?.trim() || null,
    status: row.status === 'cancelled' ? 'cancelled' : 'confirmed',
    cancelReason: row.cancel_reason ?? null,
  };
}

export async function readNotified(
  db: Queryable,
  troopId: string,
  eventId: string,
): Promise<EventState | null> {
  const { rows } = await db.query<{ state: string }>(
    'SELECT state FROM event_notice_state WHERE troop_id = ? AND event_id = ?',
    [troopId, eventId],
  );
  return rows[0] ? (JSON.parse(rows[0].state) as EventState) : null;
}

/** Records what families now know; `onlyIfNew` keeps an existing record (the first writer wins). */
export async function saveNotified(
  db: Queryable,
  troopId: string,
  eventId: string,
  state: EventState,
  nowIso: string,
  onlyIfNew = false,
): Promise<void> {
  await db.query(
    `INSERT INTO event_notice_state (troop_id, event_id, state, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (event_id) DO ${onlyIfNew ? 'NOTHING' : 'UPDATE SET state = excluded.state, updated_at = excluded.updated_at'}`,
    [troopId, eventId, JSON.stringify(state), nowIso],
  );
}

/**
 * Where a changed occurrence's row starts from: its series on that date, which is what families
 * knew of that meeting before the row existed. Null for any other row, or when the series is gone.
 */
export async function seriesBaseline(
  db: Queryable,
  troopId: string,
  row: EventRecord,
): Promise<EventState | null> {
  if (!row.series_id || !row.recurrence_date) return null;
  const series = await findEvent(db, troopId, row.series_id);
  return series ? stateOf(series, row.recurrence_date) : null;
}

/** The instant a wall-clock date and time in the troop's zone stands for, as calendar apps read it. */
export function instantOf(timeZone: string, date: string, time: string | null): number {
  return readWallClock(timeZone, dateMs(date) + (minutesOf(time) ?? 0) * 60_000).instant;
}

/**
 * An occurrence as it stands: a single event (`occurrence` ''), a changed occurrence's own row,
 * or the series on that date. Undefined when it no longer exists. Given a troop's units, a
 * council's event is found too; a changed occurrence is a row of its series' own unit.
 */
export async function currentOccurrence(
  db: Queryable,
  units: string | CalendarUnits,
  eventId: string,
  occurrence: string,
): Promise<EventState | undefined> {
  const found = await findEvent(db, units, eventId);
  if (occurrence === '') return found && !found.rrule ? stateOf(found) : undefined;
  if (!found || found.series_id) return undefined;
  const unit = found.troop_id ?? (typeof units === 'string' ? units : units.troopId);
  const changed = await db.query<{ id: string }>(
    'SELECT id FROM calendar_events WHERE troop_id = ? AND series_id = ? AND recurrence_date = ?',
    [unit, eventId, occurrence],
  );
  if (changed.rows[0]) {
    const row = await findEvent(db, unit, changed.rows[0].id);
    return row ? stateOf(row) : undefined;
  }
  const series = found;
  if (!series.rrule || !timingOf(series)) return undefined;
  if (exdateList(series.exdates).includes(occurrence)) return undefined;
  if (occurrence < (series.event_date ?? '')) return undefined;
  return seriesHasDate(series, occurrence) ? stateOf(series, occurrence) : undefined;
}

/** Whether the series' rule gives this date. */
function seriesHasDate(series: EventRecord, date: string): boolean {
  const timing = timingOf(series);
  const day = dateMs(date);
  if (!timing || Number.isNaN(day)) return false;
  try {
    return seriesStarts(series, timing, day, day).includes(day);
  } catch {
    return false;
  }
}

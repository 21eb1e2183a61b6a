/**
 * Which event and occurrence an answer belongs to (docs/decisions/051-rsvps.md). Answers are
 * keyed by the single event, or by the series and the occurrence's original date, so moving an
 * occurrence keeps its answers; a changed occurrence's own row may be named too and leads to
 * its series. The deadline, capacity and status come from the row holding the occurrence's
 * details (its changed-occurrence row if any, else the series).
 */
import { ApiError } from '../errors.ts';
import { isoDay } from '@scout/protocol/wall-clock';
import { dateMs, exdateList, seriesStarts, timingOf } from '../calendar/occurrences.ts';
import type { EventRecord } from '../calendar/occurrences.ts';
import { EVENT_COLUMNS } from '../calendar/stored-events.ts';
import { unitsCondition, type CalendarUnits } from '../calendar/calendar-units.ts';
import type { Queryable } from '../store/store.ts';

export interface EventOccurrence {
  /**
   * The troop answering: its answers are that troop's rows. The event is the troop's or its
   * council's (read by every troop of it, each keeping its own answers).
   */
  troopId: string;
  /** The single event or the series. */
  eventId: string;
  /** The series' original date of the occurrence; '' for a single event. */
  occurrence: string;
  /** Who made the event: those who read only their own events hear its answers on their channel. */
  ownerId: string | null;
  name: string;
  deadline: string | null;
  capacity: number | null;
  cancelled: boolean;
}

async function readRow(
  db: Queryable,
  units: CalendarUnits,
  id: string,
  lock: boolean,
): Promise<EventRecord> {
  // Answers for the last place queue here on PostgreSQL: the event's row is locked until the
  // answering transaction ends. SQLite runs one writing transaction at a time anyway.
  const forUpdate = lock && db.dialect === 'postgres' ? ' FOR UPDATE' : '';
  const where = unitsCondition(units);
  const { rows } = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS}, troop_id FROM calendar_events WHERE ${where.sql} AND id = ?${forUpdate}`,
    [...where.params, id],
  );
  const row = rows[0];
  if (!row) throw new ApiError('NOT_FOUND', 'Event not found');
  return row;
}

/** Does the series give this date (before any move), and is it not removed? */
function seriesGives(series: EventRecord, date: string): boolean {
  const timing = timingOf(series);
  const ms = dateMs(date);
  if (!timing || Number.isNaN(ms) || exdateList(series.exdates).includes(date)) return false;
  try {
    return seriesStarts(series, timing, ms, ms).some((d) => isoDay(d) === date);
  } catch {
    return false;
  }
}

function details(
  troopId: string,
  key: EventRecord,
  holder: EventRecord,
  occurrence: string,
): EventOccurrence {
  return {
    troopId,
    eventId: key.id,
    occurrence,
    ownerId: key.user_id ?? null,
    name: holder.event_name?.trim() || 'Troop event',
    deadline: holder.rsvp_deadline ?? null,
    capacity:
      holder.capacity === null || holder.capacity === undefined ? null : Number(holder.capacity),
    cancelled: holder.status === 'cancelled',
  };
}

/**
 * The event and occurrence `id` and `occurrence` name; 404 when there is none, 400 when a series
 * is named without one of its dates or a single event with a date. `lock` locks the key row.
 */
export async function findEventOccurrence(
  db: Queryable,
  troop: string | CalendarUnits,
  id: string,
  occurrence: string | undefined,
  lock = false,
): Promise<EventOccurrence> {
  const units = typeof troop === 'string' ? { troopId: troop, councilId: null } : troop;
  const troopId = units.troopId;
  const asked = occurrence ?? '';
  const first = await readRow(db, units, id, false);
  if (first.series_id) {
    const date = first.recurrence_date ?? '';
    if (asked !== '' && asked !== date)
      throw new ApiError(
        'VALIDATION_ERROR',
        'This row is the occurrence of another date; leave occurrence out',
      );
    const series = await readRow(db, units, first.series_id, lock);
    return details(troopId, series, lock ? await readRow(db, units, id, false) : first, date);
  }
  const key = lock ? await readRow(db, units, id, true) : first;
  if (!key.rrule) {
    if (asked !== '')
      throw new ApiError(
        'VALIDATION_ERROR',
        'A single event has no occurrences; leave occurrence out',
      );
    return details(troopId, key, key, '');
  }
  if (asked === '')
    throw new ApiError(
      'VALIDATION_ERROR',
      'A series takes answers per occurrence: give its date as occurrence',
    );
  const { rows } = await db.query<EventRecord>(
    `SELECT ${EVENT_COLUMNS} FROM calendar_events WHERE troop_id = ? AND series_id = ? AND recurrence_date = ?`,
    [key.troop_id ?? troopId, key.id, asked],
  );
  const changed = rows[0];
  if (!changed && !seriesGives(key, asked))
    throw new ApiError('NOT_FOUND', 'This series has no occurrence on that date');
  return details(troopId, key, changed ?? key, asked);
}

/** Refuses answers for a cancelled event: nobody is going to it. */
export function assertOpenForAnswers(event: EventOccurrence): void {
  if (event.cancelled) throw new ApiError('CONFLICT', 'This event is cancelled');
}

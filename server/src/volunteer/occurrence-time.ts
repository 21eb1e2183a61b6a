/**
 * When an occurrence a sheet belongs to starts: the day and time its details row gives (a
 * changed occurrence's own, else the series' time on the occurrence's date), and the instant
 * that is in the troop's zone, from which a slot's give-back cut-off is counted.
 */
import { floatingOf, readWallClock } from '@scout/protocol/wall-clock';
import { unitsCondition, type CalendarUnits } from '../calendar/calendar-units.ts';
import type { EventOccurrence } from '../rsvps/event-occurrence.ts';
import type { Queryable } from '../store/store.ts';
import { readBoolean } from '../store/sql-values.ts';

export interface OccurrenceTime {
  date: string;
  /** `HH:mm`, null when all day. */
  time: string | null;
}

interface TimeRow {
  event_date: string | null;
  event_time: string | null;
  all_day: unknown;
}

export async function occurrenceTime(
  db: Queryable,
  units: CalendarUnits,
  event: EventOccurrence,
): Promise<OccurrenceTime> {
  const where = unitsCondition(units);
  const read = async (sql: string, params: unknown[]) =>
    (
      await db.query<TimeRow>(
        `SELECT event_date, event_time, all_day FROM calendar_events WHERE ${where.sql} AND ${sql}`,
        [...where.params, ...params],
      )
    ).rows[0];
  const changed = event.occurrence
    ? await read('series_id = ? AND recurrence_date = ?', [event.eventId, event.occurrence])
    : undefined;
  const row = changed ?? (await read('id = ?', [event.eventId]));
  const date = changed || !event.occurrence ? (row?.event_date ?? '') : event.occurrence;
  const time = row && !readBoolean(row.all_day) ? (row.event_time ?? null) : null;
  return { date, time };
}

/** The instant (ms) an occurrence starts in `timeZone`; an all-day one at midnight. */
export function startMs(timeZone: string, when: OccurrenceTime): number {
  return readWallClock(timeZone, floatingOf(when.date, when.time ?? '00:00')).instant;
}

/** The cut-off instant `hours` before the start; null without a cut-off or a readable start. */
export function cutoffMs(
  timeZone: string,
  when: OccurrenceTime,
  hours: number | null,
): number | null {
  // A slot on every occurrence has no one start: its cut-off is per occurrence.
  if (hours === null || when.date === '') return null;
  const start = startMs(timeZone, when);
  return Number.isNaN(start) ? null : start - hours * 3_600_000;
}

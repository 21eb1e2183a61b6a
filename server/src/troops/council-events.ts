/**
 * A council troop's events as its council reads them (docs/decisions/065-troops.md): the
 * troop's own events and the occurrences of its series in a window of its local dates, each with
 * its title, day, time, place and whether it is cancelled. Never who made it, who answered, or
 * anything of households and scouts.
 */
import type { CouncilTroopEvent } from '@scout/protocol/troops';
import { expandOccurrences, type Occurrence } from '../calendar/occurrences.ts';
import { rowsForWindow } from '../calendar/stored-events.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';

/** One occurrence of a series is the series on its original date; a single event is itself. */
const idOf = (o: Occurrence) =>
  o.seriesId ? `${o.seriesId}/${o.occurrenceDate ?? o.date}` : o.eventId;

export const councilEventOf = (o: Occurrence): CouncilTroopEvent => ({
  id: idOf(o),
  title: o.name,
  date: o.date,
  time: o.allDay ? null : o.time,
  location: o.location,
  cancelled: o.status === 'cancelled',
});

/** The troop's events reaching into [from, to] (its local dates, both included), by date and time. */
export async function councilTroopEvents(
  db: Queryable,
  troop: Troop,
  from: string,
  to: string,
): Promise<CouncilTroopEvent[]> {
  const rows = await rowsForWindow(db, troop.id, from, to);
  return expandOccurrences(rows, from, to, troop.timeZone).map(councilEventOf);
}

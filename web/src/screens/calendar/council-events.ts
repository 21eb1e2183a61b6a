/**
 * A council's events in the troop's calendar (docs/decisions/065-troops.md): the council's, shown
 * in every troop of it and changed only by the council. The occurrences route names the council
 * on each of its events (`council`); the Data API's rows stay the table's columns, so the list
 * learns which of its rows are the council's from the occurrences it reads beside them.
 */
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import type { CalendarEvent } from './calendar-event.ts';

/** The council's name by event id: a single event's, or a series' (its occurrences share it). */
export function councilNames(occurrences: readonly CalendarOccurrence[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const o of occurrences) {
    if (!o.council) continue;
    names.set(o.seriesId ?? o.eventId, o.council);
  }
  return names;
}

/** The events, those of the council carrying its name. */
export function markCouncilEvents(
  events: CalendarEvent[],
  names: ReadonlyMap<string, string>,
): CalendarEvent[] {
  if (names.size === 0) return events;
  return events.map((e) => {
    const council = names.get(e.occurrence?.seriesId ?? e.id);
    return council ? { ...e, council } : e;
  });
}

/** The label a council event shows in a troop's calendar. */
export const councilLabel = (council: string) => `Council: ${council}`;

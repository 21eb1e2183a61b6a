/**
 * An event in a post: a paragraph holding only a link to the event's app address, which the
 * server draws as a card with its answer buttons (server/src/newsletter/render.ts), and any other
 * Markdown reader still shows as a working link. One meeting of a series links to its date.
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { eventPath } from '@scout/protocol/app-paths';
import { linkText } from './markdown-edits.ts';

/** What the picker offers: an upcoming event, or one meeting of a series. */
export type EventChoice = Pick<WireOccurrence, 'eventId' | 'seriesId' | 'occurrenceDate' | 'name'>;

/** The event's address: the series' and the meeting's date for an occurrence, else the event's. */
export function eventChoicePath(e: EventChoice): string {
  return e.seriesId && e.occurrenceDate
    ? eventPath(e.seriesId, e.occurrenceDate)
    : eventPath(e.eventId);
}

/** `[Title](/calendar/events/<id>[/<date>])`, the line the editor inserts. */
export function eventLine(e: EventChoice): string {
  return `[${linkText(e.name) || 'Event'}](${eventChoicePath(e)})`;
}

const LINK = /\[((?:\\.|[^\\\]])*)\]\(\s*<?([^)\s>]+)>?\s*\)/g;

/**
 * The words of each event link in a body, by the event's id and date, so the preview's card
 * placeholders show the title the writer sees (the preview's parts name only the id and date).
 */
export function eventTitles(body: string): Map<string, string> {
  const titles = new Map<string, string>();
  for (const m of body.matchAll(LINK)) {
    const path = /^\/calendar\/events\/([^/?#]+)(?:\/(\d{4}-\d{2}-\d{2}))?\/?(?:[?#].*)?$/.exec(
      m[2]!,
    );
    if (!path) continue;
    let id: string;
    try {
      id = decodeURIComponent(path[1]!);
    } catch {
      continue;
    }
    const key = eventKey({ id, ...(path[2] ? { date: path[2] } : {}) });
    if (!titles.has(key)) titles.set(key, m[1]!.replace(/\\(.)/g, '$1'));
  }
  return titles;
}

/** How eventTitles keys an event part of the preview. */
export const eventKey = (event: { id: string; date?: string }) =>
  `${event.id}\n${event.date ?? ''}`;

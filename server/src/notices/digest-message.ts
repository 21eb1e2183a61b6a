/**
 * The words of a mail telling several new events at once (docs/decisions/064-notice-batches.md):
 * one line per event, in calendar order, with its time and place as the single event's notice
 * gives them (messages.ts). One event alone is told with the single event's notice.
 */
import type { EventState } from './event-state.ts';
import { describeWhen, newEventNotice, type NoticeContent } from './messages.ts';

/** A digest names at most this many events; the rest are counted and wait in the calendar. */
export const DIGEST_MAX_EVENTS = 100;

const byWhen = (a: EventState, b: EventState) =>
  a.date.localeCompare(b.date) || (a.time ?? '').localeCompare(b.time ?? '');

/** "New events: 3 on the troop calendar", listing each; one event reads as its own notice. */
export function newEventsNotice(events: readonly EventState[]): NoticeContent {
  if (events.length === 1) return newEventNotice(events[0]!);
  const sorted = [...events].sort(byWhen);
  const shown = sorted.slice(0, DIGEST_MAX_EVENTS);
  const lines = [
    `${events.length} new events are on the troop calendar.`,
    ...shown.map((s) => {
      const where = s.location?.trim();
      return `${s.name}: ${describeWhen(s)}${where ? `, ${where}` : ''}`;
    }),
  ];
  if (sorted.length > shown.length)
    lines.push(`And ${sorted.length - shown.length} more: see them all in the calendar.`);
  return { subject: `New events: ${events.length} on the troop calendar`, lines };
}

/**
 * One troop's part of a digest: its name (null while unnamed) and its new events, each with the
 * address that opens it in that troop, since the digest itself is no one troop's.
 */
export interface TroopEvents {
  name: string | null;
  events: ReadonlyArray<EventState & { link?: string }>;
}

const eventLines = (s: EventState & { link?: string }) => {
  const where = s.location?.trim();
  const line = `${s.name}: ${describeWhen(s)}${where ? `, ${where}` : ''}`;
  return s.link ? [line, `Open: ${s.link}`] : [line];
};

/**
 * A digest of the new events of several troops (a member of a troop and a pack): a heading per
 * troop with its events in calendar order, at most DIGEST_MAX_EVENTS in all.
 */
export function newEventsByTroop(troops: readonly TroopEvents[]): NoticeContent {
  const total = troops.reduce((n, t) => n + t.events.length, 0);
  const lines = [`${total} new events are on your troops' calendars.`];
  let shown = 0;
  for (const t of troops) {
    const room = DIGEST_MAX_EVENTS - shown;
    if (room <= 0) break;
    const sorted = [...t.events].sort(byWhen).slice(0, room);
    lines.push(`${t.name ?? 'Your troop'}:`, ...sorted.flatMap(eventLines));
    shown += sorted.length;
  }
  if (total > shown) lines.push(`And ${total - shown} more: see them all in the calendar.`);
  return { subject: `New events: ${total} on your troops' calendars`, lines };
}

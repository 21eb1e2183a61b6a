/**
 * The calendar lists events by date ascending, then time (docs/product.md section 2). Ties go by creation
 * and then id, so the order never depends on how the server happened to answer. Dates are
 * YYYY-MM-DD and times HH:mm, so comparing the text compares the moments.
 */
import type { CalendarEvent } from './calendar-event.ts';

export type Ordered = Pick<CalendarEvent, 'id' | 'eventDate' | 'eventTime' | 'createdAt'>;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareEvents(a: Ordered, b: Ordered): number {
  return (
    cmp(a.eventDate, b.eventDate) ||
    cmp(a.eventTime, b.eventTime) ||
    cmp(a.createdAt ?? '', b.createdAt ?? '') ||
    cmp(a.id, b.id)
  );
}

/** A sorted copy; the input is left as it was (it may be a cached query result). */
export function sortEvents<T extends Ordered>(events: readonly T[]): T[] {
  return [...events].sort(compareEvents);
}

/** Where `event` goes in a sorted list: after every event that sorts before or with it. */
export function insertionIndex<T extends Ordered>(sorted: readonly T[], event: Ordered): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEvents(sorted[mid]!, event) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A new sorted list holding `event` at its place; an event with the same id is replaced. */
export function insertSorted<T extends Ordered>(sorted: readonly T[], event: T): T[] {
  const without = sorted.filter((e) => e.id !== event.id);
  const at = insertionIndex(without, event);
  return [...without.slice(0, at), event, ...without.slice(at)];
}

/** The index of the first event on or after a YYYY-MM-DD day (the list's length when none is). */
export function firstIndexOnOrAfter(sorted: readonly Ordered[], dateKey: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]!.eventDate < dateKey) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

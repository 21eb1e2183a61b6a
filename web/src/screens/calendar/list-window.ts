/**
 * Which slice of the sorted events is on screen. With thousands of events the page would spend
 * seconds laying out rows nobody scrolls to, so the list opens on the upcoming events, one page
 * of them, and grows a page at a time in either direction ('Show earlier events' /
 * 'Show more events'). The slice is [start, end) over the sorted list.
 */
import { compareEvents, insertionIndex, type Ordered } from './event-order.ts';

export interface ListWindow {
  start: number;
  end: number;
}

export const EVENTS_PAGE_SIZE = 50;
/** Revealing a created event never puts more rows than this on screen at once. */
export const MAX_REVEAL_SPAN = 250;

const clampTo = (n: number, v: number) => Math.max(0, Math.min(n, v));

/** Upcoming events first; when every event is past, the latest ones. */
export function initialWindow(
  length: number,
  firstUpcoming: number,
  pageSize = EVENTS_PAGE_SIZE,
): ListWindow {
  if (firstUpcoming < length) {
    const start = clampTo(length, firstUpcoming);
    return { start, end: Math.min(length, start + pageSize) };
  }
  return { start: Math.max(0, length - pageSize), end: length };
}

/** Keeps a window inside a list that may have shrunk since (a reload from the server). */
export function clampWindow(win: ListWindow, length: number): ListWindow {
  const start = clampTo(length, win.start);
  return { start, end: clampTo(length, Math.max(start, win.end)) };
}

export const showEarlier = (win: ListWindow, pageSize = EVENTS_PAGE_SIZE): ListWindow => ({
  start: Math.max(0, win.start - pageSize),
  end: win.end,
});

export const showLater = (
  win: ListWindow,
  length: number,
  pageSize = EVENTS_PAGE_SIZE,
): ListWindow => ({
  start: win.start,
  end: Math.min(length, win.end + pageSize),
});

/**
 * An event was inserted at `index` (the list now holds `length`). The window keeps the rows it
 * showed and grows to show the new one at its place; when that would put too many rows on
 * screen, it moves to a page starting at the new event instead.
 */
export function afterInsert(
  win: ListWindow,
  index: number,
  length: number,
  pageSize = EVENTS_PAGE_SIZE,
  maxSpan = MAX_REVEAL_SPAN,
): ListWindow {
  let next: ListWindow;
  if (index < win.start) next = { start: index, end: win.end + 1 };
  else if (index <= win.end) next = { start: win.start, end: win.end + 1 };
  else next = { start: win.start, end: index + 1 };
  return notTooWide(next, index, length, pageSize, maxSpan);
}

/** `next`, or a page starting at `index` when `next` would put too many rows on screen. */
const notTooWide = (
  next: ListWindow,
  index: number,
  length: number,
  pageSize: number,
  maxSpan: number,
): ListWindow =>
  clampWindow(
    next.end - next.start > maxSpan ? { start: index, end: index + pageSize } : next,
    length,
  );

/**
 * A past event was created at `index`. Behind the window it stays hidden with the other past
 * events, where a reload would put it (the list opens on what is coming up); inside a window
 * the member opened onto the past, it shows at its place like any other.
 */
export function afterInsertPast(win: ListWindow, index: number, length: number): ListWindow {
  // At the window's very start it sorts before the first row shown, so it is behind it too.
  if (index <= win.start) return clampWindow({ start: win.start + 1, end: win.end + 1 }, length);
  return afterInsert(win, index, length);
}

/**
 * Shows the row at `index` (an event's address was opened): the window grows to take it in, or,
 * when that would put too many rows on screen, moves to a page starting at it.
 */
export function revealIndex(win: ListWindow, index: number, length: number): ListWindow {
  if (index >= win.start && index < win.end) return win;
  const next =
    index < win.start ? { start: index, end: win.end } : { start: win.start, end: index + 1 };
  return notTooWide(next, index, length, EVENTS_PAGE_SIZE, MAX_REVEAL_SPAN);
}

/** The event at `index` was removed; the window keeps showing the same other rows. */
export function afterRemove(win: ListWindow, index: number): ListWindow {
  if (index < win.start) return { start: win.start - 1, end: win.end - 1 };
  if (index < win.end) return { start: win.start, end: win.end - 1 };
  return win;
}

/** The index of the first event that sorts with or after `event`. */
function firstNotBefore(sorted: readonly Ordered[], event: Ordered): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareEvents(sorted[mid]!, event) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The window over `before`, carried over to `after`: the same list changed by a reload or by
 * another member while it was on screen. The window keeps its first and last rows by their place
 * in the order, so events added before or after it never push shown rows out, and events added
 * between them show. A window reaching an end of the list stays at that end, so a new event
 * there shows too, up to `maxSpan` rows. Null when every shown row is gone.
 */
export function followWindow(
  win: ListWindow,
  before: readonly Ordered[],
  after: readonly Ordered[],
  maxSpan = MAX_REVEAL_SPAN,
): ListWindow | null {
  const first = before[win.start];
  const last = before[win.end - 1];
  if (win.start >= win.end || !first || !last) return null;
  const start = win.start === 0 ? 0 : firstNotBefore(after, first);
  let end = win.end >= before.length ? after.length : insertionIndex(after, last);
  end = Math.min(end, start + Math.max(maxSpan, win.end - win.start));
  if (end <= start) return null;
  return clampWindow({ start, end }, after.length);
}

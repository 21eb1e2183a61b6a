/**
 * Which slice of the sorted events is on screen. With thousands of events the page would spend
 * seconds laying out rows nobody scrolls to, so the list opens on the upcoming events, one page
 * of them, and grows a page at a time in either direction ('Show earlier events' /
 * 'Show more events'). The slice is [start, end) over the sorted list.
 */
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
  if (next.end - next.start > maxSpan) next = { start: index, end: index + pageSize };
  return clampWindow(next, length);
}

/** The event at `index` was removed; the window keeps showing the same other rows. */
export function afterRemove(win: ListWindow, index: number): ListWindow {
  if (index < win.start) return { start: win.start - 1, end: win.end - 1 };
  if (index < win.end) return { start: win.start, end: win.end - 1 };
  return win;
}

import { describe, expect, it } from 'vitest';
import {
  afterInsert,
  afterInsertPast,
  afterRemove,
  clampWindow,
  followWindow,
  initialWindow,
  revealIndex,
  showEarlier,
  showLater,
} from './list-window.ts';

describe('initialWindow', () => {
  it('opens on one page of upcoming events', () => {
    expect(initialWindow(5000, 1200, 50)).toEqual({ start: 1200, end: 1250 });
    expect(initialWindow(1210, 1200, 50)).toEqual({ start: 1200, end: 1210 });
    expect(initialWindow(30, 0, 50)).toEqual({ start: 0, end: 30 });
  });

  it('shows the latest events when all are past, and nothing for an empty list', () => {
    expect(initialWindow(5000, 5000, 50)).toEqual({ start: 4950, end: 5000 });
    expect(initialWindow(20, 20, 50)).toEqual({ start: 0, end: 20 });
    expect(initialWindow(0, 0, 50)).toEqual({ start: 0, end: 0 });
  });
});

describe('growing the window', () => {
  it('adds a page of earlier or later events, never past the ends', () => {
    expect(showEarlier({ start: 120, end: 170 }, 50)).toEqual({ start: 70, end: 170 });
    expect(showEarlier({ start: 20, end: 70 }, 50)).toEqual({ start: 0, end: 70 });
    expect(showLater({ start: 0, end: 50 }, 80, 50)).toEqual({ start: 0, end: 80 });
  });

  it('clamps to a list that shrank', () => {
    expect(clampWindow({ start: 40, end: 90 }, 60)).toEqual({ start: 40, end: 60 });
    expect(clampWindow({ start: 40, end: 90 }, 10)).toEqual({ start: 10, end: 10 });
  });
});

describe('afterInsert', () => {
  it('shows a created event inside or next to the window at its place', () => {
    expect(afterInsert({ start: 10, end: 60 }, 30, 101, 50, 250)).toEqual({ start: 10, end: 61 });
    expect(afterInsert({ start: 10, end: 60 }, 60, 101, 50, 250)).toEqual({ start: 10, end: 61 });
    expect(afterInsert({ start: 10, end: 60 }, 5, 101, 50, 250)).toEqual({ start: 5, end: 61 });
    expect(afterInsert({ start: 10, end: 60 }, 80, 101, 50, 250)).toEqual({ start: 10, end: 81 });
    expect(afterInsert({ start: 0, end: 0 }, 0, 1, 50, 250)).toEqual({ start: 0, end: 1 });
  });

  it('moves to a page starting at the event when growing would show too many rows', () => {
    expect(afterInsert({ start: 4000, end: 4050 }, 100, 5001, 50, 250)).toEqual({
      start: 100,
      end: 150,
    });
    expect(afterInsert({ start: 0, end: 50 }, 4990, 5001, 50, 250)).toEqual({
      start: 4990,
      end: 5001,
    });
  });
});

describe('afterRemove', () => {
  it('keeps the same other rows on screen', () => {
    expect(afterRemove({ start: 10, end: 60 }, 3)).toEqual({ start: 9, end: 59 });
    expect(afterRemove({ start: 10, end: 60 }, 10)).toEqual({ start: 10, end: 59 });
    expect(afterRemove({ start: 10, end: 60 }, 60)).toEqual({ start: 10, end: 60 });
  });
});

describe('followWindow', () => {
  /** Events on consecutive days of 2031, each named by its day number. */
  const day = (n: number) => ({
    id: `event_${n}`,
    eventDate: `2031-01-${String(n).padStart(2, '0')}`,
    eventTime: '10:00',
    createdAt: '2030-12-01T00:00:00.000Z',
  });
  const days = (...ns: number[]) => ns.map(day);
  const shown = (list: ReturnType<typeof days>, w: { start: number; end: number } | null) =>
    w ? list.slice(w.start, w.end).map((e) => e.id) : null;

  it('keeps the same rows when events arrive before or after the window', () => {
    const before = days(2, 4, 6, 8, 10);
    const after = days(1, 2, 3, 4, 6, 8, 9, 10);
    // Rows 4 and 6 were shown; 3 and 9 arrived outside them, and stay hidden.
    expect(shown(after, followWindow({ start: 1, end: 3 }, before, after))).toEqual([
      'event_4',
      'event_6',
    ]);
  });

  it('shows an event that arrives between the shown rows', () => {
    const before = days(2, 4, 6, 8);
    const after = days(2, 4, 5, 6, 8);
    expect(shown(after, followWindow({ start: 1, end: 3 }, before, after))).toEqual([
      'event_4',
      'event_5',
      'event_6',
    ]);
  });

  it('stays at an end of the list it reached, so events arriving there show', () => {
    const before = days(4, 6);
    const after = days(1, 4, 6, 9);
    expect(followWindow({ start: 0, end: 2 }, before, after)).toEqual({ start: 0, end: 4 });
  });

  it('lets shown rows go when they are deleted, keeping the others', () => {
    const before = days(2, 4, 6, 8, 10);
    const after = days(2, 6, 10);
    expect(shown(after, followWindow({ start: 1, end: 4 }, before, after))).toEqual(['event_6']);
    expect(followWindow({ start: 1, end: 2 }, before, days(2, 6, 8, 10))).toBeNull();
  });

  it('maps a list to an equal copy of itself unchanged', () => {
    const before = days(2, 4, 6, 8, 10);
    expect(followWindow({ start: 1, end: 4 }, before, days(2, 4, 6, 8, 10))).toEqual({
      start: 1,
      end: 4,
    });
  });

  it('grows at an end by at most the span limit', () => {
    const before = days(1, 2);
    const after = days(1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
    expect(followWindow({ start: 0, end: 2 }, before, after, 4)).toEqual({ start: 0, end: 4 });
  });

  it('is null for an empty window', () => {
    expect(followWindow({ start: 0, end: 0 }, [], days(1))).toBeNull();
  });
});

describe('afterInsertPast', () => {
  it('keeps a past event behind a window that opens on the upcoming ones', () => {
    expect(afterInsertPast({ start: 10, end: 60 }, 4, 101)).toEqual({ start: 11, end: 61 });
  });

  it('keeps it behind the window when it sorts just before the first row shown', () => {
    expect(afterInsertPast({ start: 1, end: 51 }, 1, 53)).toEqual({ start: 2, end: 52 });
    expect(afterInsertPast({ start: 0, end: 50 }, 0, 51)).toEqual({ start: 1, end: 51 });
  });

  it('shows it in place when the window already reaches back to it', () => {
    expect(afterInsertPast({ start: 0, end: 60 }, 4, 101)).toEqual({ start: 0, end: 61 });
  });
});

describe('revealIndex', () => {
  it('keeps a window that shows the row, and grows one to a row near it', () => {
    expect(revealIndex({ start: 100, end: 150 }, 120, 500)).toEqual({ start: 100, end: 150 });
    expect(revealIndex({ start: 100, end: 150 }, 80, 500)).toEqual({ start: 80, end: 150 });
    expect(revealIndex({ start: 100, end: 150 }, 170, 500)).toEqual({ start: 100, end: 171 });
  });

  it('moves to a page from a far row rather than laying out hundreds of rows', () => {
    expect(revealIndex({ start: 1200, end: 1250 }, 10, 5000)).toEqual({
      start: 10,
      end: 60,
    });
    expect(revealIndex({ start: 0, end: 50 }, 4990, 5000)).toEqual({
      start: 4990,
      end: 5000,
    });
  });
});

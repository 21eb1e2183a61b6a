import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  compareEvents,
  firstIndexOnOrAfter,
  insertionIndex,
  insertSorted,
  sortEvents,
} from './event-order.ts';

const ev = (
  id: string,
  eventDate: string,
  eventTime: string,
  createdAt = '2026-01-01T00:00:00.000Z',
) => ({
  id,
  eventDate,
  eventTime,
  createdAt,
});

describe('sortEvents', () => {
  it('orders by date ascending, then time, then creation, then id', () => {
    const events = [
      ev('d', '2026-07-04', '19:30'),
      ev('a', '2026-07-04', '08:00'),
      ev('c', '2025-12-31', '23:59'),
      ev('f', '2026-07-04', '08:00', '2026-01-02T00:00:00.000Z'),
      ev('e', '2026-07-04', '08:00'),
      ev('b', '2027-01-01', '00:00'),
    ];
    expect(sortEvents(events).map((e) => e.id)).toEqual(['c', 'a', 'e', 'f', 'd', 'b']);
    expect(events[0]!.id).toBe('d');
  });

  it('puts December 2025 before January 2026 (no month-name or locale ordering)', () => {
    const sorted = sortEvents([ev('jan', '2026-01-05', '10:00'), ev('dec', '2025-12-20', '10:00')]);
    expect(sorted.map((e) => e.id)).toEqual(['dec', 'jan']);
  });
});

const arbEvent = fc.record({
  id: fc.string({ minLength: 1, maxLength: 4 }),
  eventDate: fc.constantFrom('2025-12-31', '2026-01-01', '2026-07-04', '2026-07-05'),
  eventTime: fc.constantFrom('00:00', '08:30', '19:30', '23:59'),
  createdAt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'),
});

describe('insertSorted and insertionIndex', () => {
  it('give the same list as sorting, for any events', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(arbEvent, { selector: (e) => e.id }),
        arbEvent,
        (events, extra) => {
          const sorted = sortEvents(events);
          const inserted = insertSorted(sorted, extra);
          const expected = sortEvents([...events.filter((e) => e.id !== extra.id), extra]);
          expect(inserted).toEqual(expected);
          const at = insertionIndex(
            sorted.filter((e) => e.id !== extra.id),
            extra,
          );
          expect(inserted[at]).toBe(extra);
        },
      ),
    );
  });

  it('replaces an event with the same id instead of listing it twice', () => {
    const sorted = [ev('a', '2026-01-01', '10:00'), ev('b', '2026-02-01', '10:00')];
    const moved = ev('a', '2026-03-01', '10:00');
    expect(insertSorted(sorted, moved)).toEqual([sorted[1], moved]);
  });
});

describe('firstIndexOnOrAfter', () => {
  it('finds where the upcoming events begin', () => {
    const sorted = sortEvents([
      ev('a', '2026-06-30', '10:00'),
      ev('b', '2026-07-04', '08:00'),
      ev('c', '2026-07-04', '19:00'),
      ev('d', '2026-08-01', '10:00'),
    ]);
    expect(firstIndexOnOrAfter(sorted, '2026-07-04')).toBe(1);
    expect(firstIndexOnOrAfter(sorted, '2026-01-01')).toBe(0);
    expect(firstIndexOnOrAfter(sorted, '2027-01-01')).toBe(4);
    expect(firstIndexOnOrAfter([], '2026-01-01')).toBe(0);
  });

  it('agrees with a linear scan', () => {
    fc.assert(
      fc.property(
        fc.array(arbEvent),
        fc.constantFrom('2025-01-01', '2026-01-01', '2026-07-05', '2030-01-01'),
        (events, day) => {
          const sorted = sortEvents(events);
          const linear = sorted.findIndex((e) => e.eventDate >= day);
          expect(firstIndexOnOrAfter(sorted, day)).toBe(linear === -1 ? sorted.length : linear);
        },
      ),
    );
  });

  it('compareEvents is consistent in both directions', () => {
    fc.assert(
      fc.property(arbEvent, arbEvent, (a, b) => {
        expect(Math.sign(compareEvents(a, b))).toBe(-Math.sign(compareEvents(b, a)));
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { eventFromOccurrence, isSeriesRow, occurrenceKey } from '@scout/protocol/calendar-list';
import {
  earliestSeriesStart,
  joinWindows,
  SERIES_DAYS_BEFORE,
  seriesWindow,
  windowBefore,
} from './occurrence-list.ts';

const occurrence: CalendarOccurrence = {
  eventId: 'event_1_series_2026-12-08',
  seriesId: 'event_1',
  occurrenceDate: '2026-12-08',
  rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
  date: '2026-12-09',
  time: '19:00',
  endDate: '2026-12-09',
  endTime: '20:30',
  allDay: false,
  name: 'Troop meeting',
  location: 'Scout Hall',
  description: null,
  category: 'meeting',
  status: 'cancelled',
  cancelReason: 'Hall closed',
  hyperlink: null,
  rsvpDeadline: null,
  capacity: null,
  creatorName: 'Kim',
  userId: 'u1',
};

describe('seriesWindow', () => {
  it('reads from a few weeks back to within the server limit of 400 days', () => {
    const { from, to } = seriesWindow('2026-11-25');
    expect(from).toBe('2026-10-21');
    expect(SERIES_DAYS_BEFORE).toBe(35);
    expect((Date.parse(to) - Date.parse(from)) / 86_400_000).toBe(399);
  });
});

describe('earlier windows', () => {
  it('reads the 400 days just before the window already read', () => {
    const first = seriesWindow('2026-11-25');
    const before = windowBefore(first.from);
    expect(before).toEqual({ from: '2025-09-16', to: '2026-10-20' });
    expect((Date.parse(before.to) - Date.parse(before.from)) / 86_400_000).toBe(399);
    expect(windowBefore(before.from).to).toBe('2025-09-15');
  });

  it('knows from the Data API rows whether any series starts earlier', () => {
    expect(
      earliestSeriesStart([
        { id: 'a', eventDate: '2024-01-01' },
        { id: 'b', eventDate: '2025-03-04', rrule: 'FREQ=WEEKLY' },
        { id: 'c', eventDate: '2025-02-27', seriesId: 'b' },
        { id: 'd', eventDate: '2026-01-01', rrule: 'FREQ=DAILY' },
      ]),
    ).toBe('2025-02-27');
    expect(earliestSeriesStart([{ id: 'a', eventDate: '2024-01-01' }])).toBeNull();
  });

  it('lists an occurrence reaching into two windows once', () => {
    expect(
      joinWindows([
        [{ id: 'a' }, { id: 'b' }],
        [{ id: 'b' }, { id: 'c' }],
      ]),
    ).toEqual([{ id: 'a' }, { id: 'b' }, { id: 'c' }]);
  });
});

describe('eventFromOccurrence', () => {
  it('makes a list row per occurrence, keyed by series and original date', () => {
    expect(eventFromOccurrence(occurrence)).toMatchObject({
      id: occurrenceKey('event_1', '2026-12-08'),
      eventName: 'Troop meeting',
      eventDate: '2026-12-09',
      eventTime: '19:00',
      endDate: null,
      endTime: '20:30',
      category: 'meeting',
      status: 'cancelled',
      cancelReason: 'Hall closed',
      // The series' rule, so the edit dialog shows how it repeats.
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
      occurrence: { seriesId: 'event_1', date: '2026-12-08' },
    });
  });

  it('keeps a last day after the first, and an all-day occurrence without a time', () => {
    const row = eventFromOccurrence({
      ...occurrence,
      allDay: true,
      time: null,
      endTime: null,
      endDate: '2026-12-11',
      category: 'party',
    });
    expect(row).toMatchObject({ allDay: true, eventTime: '', endDate: '2026-12-11' });
    expect(row?.category).toBeNull();
  });

  it('leaves single events to the rows the Data API answers', () => {
    expect(eventFromOccurrence({ ...occurrence, seriesId: null, occurrenceDate: null })).toBeNull();
    expect(isSeriesRow({ id: 'a', rrule: 'FREQ=DAILY' })).toBe(true);
    expect(isSeriesRow({ id: 'b', seriesId: 'a' })).toBe(true);
    expect(isSeriesRow({ id: 'c', rrule: null, seriesId: null })).toBe(false);
  });
});

describe('property: the list shows each occurrence the server gives, as it gives it', () => {
  function random(seed: number) {
    let s = seed >>> 0;
    return () => {
      s = (s * 1664525 + 1013904223) >>> 0;
      return s / 2 ** 32;
    };
  }

  it.each([1, 2, 3])('seed %i', (seed) => {
    const rand = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const given: CalendarOccurrence[] = Array.from({ length: 200 }, (_, i) => {
      const date = new Date(Date.UTC(2026, 0, 1) + Math.floor(rand() * 400) * 86_400_000)
        .toISOString()
        .slice(0, 10);
      const allDay = rand() < 0.2;
      return {
        ...occurrence,
        eventId: `row_${i}`,
        seriesId: `series_${i % 7}`,
        occurrenceDate: `${date.slice(0, 8)}${String((i % 28) + 1).padStart(2, '0')}`,
        date,
        endDate: date,
        allDay,
        time: allDay ? null : pick(['07:30', '19:00', '23:15']),
        endTime: null,
        status: pick(['confirmed', 'cancelled'] as const),
        name: `Meeting ${i}`,
      };
    });
    const rows = given.map(eventFromOccurrence);
    const brief = (date: string, time: string | null, status: string, name: string) =>
      `${date} ${time ?? ''} ${status} ${name}`;
    expect(
      rows.map((r) => brief(r!.eventDate, r!.eventTime || null, r!.status, r!.eventName)),
    ).toEqual(given.map((o) => brief(o.date, o.time, o.status, o.name)));
    expect(rows.map((r) => r!.allDay)).toEqual(given.map((o) => o.allDay));
  });
});

import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { describe, expect, it } from 'vitest';
import {
  seriesEventsOf,
  singleEventsOf,
  upcomingBlocks,
  upcomingOf,
  upcomingWhen,
  type UpcomingEvent,
} from './upcoming.ts';

const row = (id: string, eventDate: string, eventTime: string, extra = {}) => ({
  id,
  eventName: `Event ${id}`,
  eventDate,
  eventTime,
  ...extra,
});

const occurrence = (date: string, extra: Partial<CalendarOccurrence> = {}): CalendarOccurrence => ({
  eventId: 'series-1',
  seriesId: 'series-1',
  occurrenceDate: date,
  rrule: 'FREQ=WEEKLY',
  date,
  time: '19:00',
  endDate: date,
  endTime: null,
  allDay: false,
  name: 'Troop meeting',
  location: null,
  description: null,
  category: 'meeting',
  status: 'confirmed',
  cancelReason: null,
  hyperlink: null,
  rsvpDeadline: null,
  capacity: null,
  creatorName: 'Ann',
  userId: 'u1',
  ...extra,
});

describe('upcoming events', () => {
  const now = new Date(2026, 11, 5, 18, 30);

  it('keeps what is still ahead, in order, at most the count', () => {
    const rows = [
      row('a', '2026-12-05', '09:00'),
      row('b', '2026-12-05', '18:30'),
      row('c', '2026-12-05', '19:00'),
      row('d', '2026-12-06', '08:00'),
      row('e', '2026-12-07', '08:00'),
    ];
    expect(upcomingOf(singleEventsOf(rows), now, 3).map((e) => e.id)).toEqual(['b', 'c', 'd']);
    expect(upcomingOf(singleEventsOf(rows.slice(0, 2)), now, 3).map((e) => e.id)).toEqual(['b']);
  });

  it('keeps an all-day event of today until the day ends, before the timed ones', () => {
    const rows = [
      row('late', '2026-12-05', '20:00'),
      row('day', '2026-12-05', '', { allDay: true }),
    ];
    expect(upcomingOf(singleEventsOf(rows), now, 3).map((e) => e.id)).toEqual(['day', 'late']);
  });

  it('says a time the troop’s clocks skip as they show it, like the calendar list', () => {
    const early = row('early', '2027-03-14', '02:30');
    expect(singleEventsOf([early], 'America/New_York')[0]?.eventTime).toBe('03:30');
    expect(singleEventsOf([early])[0]?.eventTime).toBe('02:30');
  });

  it('marks cancelled events and leaves out the stored rows of series and their changed dates', () => {
    const rows = [
      row('gone', '2026-12-06', '10:00', { status: 'cancelled' }),
      row('series', '2026-12-06', '19:00', { rrule: 'FREQ=WEEKLY' }),
      row('moved', '2026-12-07', '19:00', { seriesId: 'series' }),
      row('hike', '2026-12-08', '09:00', { status: 'confirmed' }),
    ];
    expect(singleEventsOf(rows).map((e) => [e.id, e.cancelled])).toEqual([
      ['gone', true],
      ['hike', false],
    ]);
  });

  it('shows a weekly meeting that began long ago by its next dates, merged with single events, each opening its own address', () => {
    const series = seriesEventsOf([
      occurrence('2026-12-05', { time: '18:00' }),
      occurrence('2026-12-08', { rsvpDeadline: '2026-12-07T12:00:00.000Z' }),
      occurrence('2026-12-15', { status: 'cancelled' }),
      occurrence('2026-12-22'),
      occurrence('2026-12-09', { seriesId: null, occurrenceDate: null, eventId: 'single' }),
    ]);
    const singles = singleEventsOf([
      row('camp', '2026-12-12', '08:00', { rsvpDeadline: '2026-12-10T20:00:00.000Z' }),
    ]);
    expect(upcomingOf(singles.concat(series), now, 3)).toEqual([
      {
        id: 'series-1__2026-12-08',
        eventName: 'Troop meeting',
        eventDate: '2026-12-08',
        eventTime: '19:00',
        path: '/calendar/events/series-1/2026-12-08',
        cancelled: false,
        rsvpDeadline: '2026-12-07T12:00:00.000Z',
        target: { eventId: 'series-1', occurrence: '2026-12-08' },
      },
      {
        id: 'camp',
        eventName: 'Event camp',
        eventDate: '2026-12-12',
        eventTime: '08:00',
        path: '/calendar/events/camp',
        cancelled: false,
        // The card closes its answers at the deadline and owes none past it.
        rsvpDeadline: '2026-12-10T20:00:00.000Z',
        target: { eventId: 'camp', occurrence: '' },
      },
      {
        id: 'series-1__2026-12-15',
        eventName: 'Troop meeting',
        eventDate: '2026-12-15',
        eventTime: '19:00',
        path: '/calendar/events/series-1/2026-12-15',
        cancelled: true,
        rsvpDeadline: null,
        target: { eventId: 'series-1', occurrence: '2026-12-15' },
      },
    ]);
  });
});

describe("the Calendar card's blocks", () => {
  const event = (id: string, eventDate: string, eventTime: string): UpcomingEvent => ({
    id,
    eventName: `Event ${id}`,
    eventDate,
    eventTime,
    path: `/calendar/events/${id}`,
    cancelled: false,
    rsvpDeadline: null,
    target: { eventId: id, occurrence: '' },
  });

  it('says when each event is: the weekday and date, then the time or all day, no loose comma', () => {
    expect(upcomingWhen(event('a', '2026-12-05', '19:00'))).toBe('Sat, Dec 05, 2026, 7:00 PM');
    expect(upcomingWhen(event('b', '2026-12-05', ''))).toBe('Sat, Dec 05, 2026, all day');
  });

  it('always draws three blocks: the events first, then a block that says what is missing', () => {
    expect(upcomingBlocks([], 3)).toEqual([
      { kind: 'empty', key: 0, label: 'No events planned' },
      { kind: 'empty', key: 1, label: 'No more events planned' },
      { kind: 'empty', key: 2, label: 'No more events planned' },
    ]);
    const one = event('a', '2026-12-05', '19:00');
    expect(upcomingBlocks([one], 3)).toEqual([
      { kind: 'event', event: one },
      { kind: 'empty', key: 0, label: 'No more events planned' },
      { kind: 'empty', key: 1, label: 'No more events planned' },
    ]);
    const two = [one, event('b', '2026-12-06', '')];
    expect(upcomingBlocks(two, 3).map((b) => b.kind)).toEqual(['event', 'event', 'empty']);
    const four = [...two, event('c', '2026-12-07', ''), event('d', '2026-12-08', '')];
    expect(upcomingBlocks(four, 3).map((b) => (b.kind === 'event' ? b.event.id : b.label))).toEqual(
      ['a', 'b', 'c'],
    );
  });
});

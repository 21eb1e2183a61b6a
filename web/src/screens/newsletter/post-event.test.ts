import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { eventOfOccurrence, eventOfRow } from './post-event.ts';

const row = {
  id: 'camp',
  eventName: 'Spring campout',
  eventDate: '2026-04-18',
  eventTime: '18:00',
  allDay: false,
  status: 'confirmed',
  rsvpDeadline: '2026-04-10T12:00:00.000Z',
};

const occurrence = (over: Partial<CalendarOccurrence>): CalendarOccurrence =>
  ({
    eventId: 'meet',
    seriesId: 'meet',
    occurrenceDate: '2026-03-10',
    rrule: 'FREQ=WEEKLY',
    date: '2026-03-10',
    time: '19:00',
    endDate: '2026-03-10',
    endTime: null,
    allDay: false,
    name: 'Troop meeting',
    status: 'confirmed',
    rsvpDeadline: null,
    ...over,
  }) as CalendarOccurrence;

describe("a post's event card", () => {
  it('shows a single event with its answers stored under the event', () => {
    expect(eventOfRow(row, '2026-03-01')).toEqual({
      name: 'Spring campout',
      date: '2026-04-18',
      time: '18:00',
      cancelled: false,
      rsvpDeadline: '2026-04-10T12:00:00.000Z',
      past: false,
      path: '/calendar/events/camp',
      target: { eventId: 'camp', occurrence: '' },
    });
    expect(eventOfRow({ ...row, allDay: true, status: 'cancelled' }, '2026-05-01')).toMatchObject({
      time: '',
      cancelled: true,
      past: true,
    });
    // A series' own row names no day: its card needs the occurrence's date.
    expect(eventOfRow({ ...row, rrule: 'FREQ=WEEKLY' }, '2026-03-01')).toBeNull();
  });

  it("finds a series' occurrence by the date the series gives it, moved or not", () => {
    const moved = occurrence({ eventId: 'meet_x', date: '2026-03-12' });
    const card = eventOfOccurrence(
      [occurrence({ occurrenceDate: '2026-03-03', date: '2026-03-03' }), moved],
      'meet',
      '2026-03-10',
      '2026-03-01',
    );
    expect(card).toMatchObject({
      name: 'Troop meeting',
      date: '2026-03-12',
      path: '/calendar/events/meet/2026-03-10',
      target: { eventId: 'meet', occurrence: '2026-03-10' },
    });
    expect(eventOfOccurrence([moved], 'meet', '2026-03-17', '2026-03-01')).toBeNull();
  });
});

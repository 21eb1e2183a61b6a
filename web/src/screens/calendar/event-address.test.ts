import { describe, expect, it } from 'vitest';
import { addressOf } from '@scout/protocol/app-paths';
import type { CalendarEvent } from './calendar-event.ts';
import { addressedEvent, eventPathOf } from './event-address.ts';

const base: CalendarEvent = {
  id: 'camp',
  userId: 'u1',
  eventName: 'Campout',
  eventDate: '2026-06-13',
  eventTime: '09:00',
  hyperlink: null,
  creatorName: 'Kim',
  createdAt: '2026-05-01T00:00:00Z',
  allDay: false,
  endDate: null,
  endTime: null,
  location: null,
  description: null,
  category: null,
  status: 'confirmed',
  cancelReason: null,
  rrule: null,
  rsvpDeadline: null,
  capacity: null,
};
const meeting = (occurrence: string, moved = occurrence): CalendarEvent => ({
  ...base,
  id: `weekly__${occurrence}`,
  eventName: 'Troop meeting',
  eventDate: moved,
  occurrence: { seriesId: 'weekly', date: occurrence },
});
const events = [meeting('2026-06-02'), meeting('2026-06-09', '2026-06-10'), base];

describe('event addresses in the calendar list', () => {
  it('gives a single event its id and a meeting its series and the date the series gives it', () => {
    expect(eventPathOf(base)).toBe('/calendar/events/camp');
    expect(eventPathOf(meeting('2026-06-09', '2026-06-10'))).toBe(
      '/calendar/events/weekly/2026-06-09',
    );
  });

  it('finds the row an address names, a moved meeting by its original date', () => {
    const named = (path: string, today = '2026-06-01') => {
      const address = addressOf(path);
      return address.view === 'calendar' && address.event
        ? (addressedEvent(events, address.event, today)?.id ?? null)
        : 'not an event';
    };
    expect(named('/calendar/events/camp')).toBe('camp');
    expect(named('/calendar/events/weekly/2026-06-09')).toBe('weekly__2026-06-09');
    // A series without a date: its next meeting, or its last once all are past.
    expect(named('/calendar/events/weekly', '2026-06-05')).toBe('weekly__2026-06-09');
    expect(named('/calendar/events/weekly', '2026-07-01')).toBe('weekly__2026-06-09');
    expect(named('/calendar/events/weekly/2026-06-16')).toBeNull();
    expect(named('/calendar/events/gone')).toBeNull();
  });
});

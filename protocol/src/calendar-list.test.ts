import { describe, expect, it } from 'vitest';
import type { WireOccurrence } from './calendar-events.ts';
import { calendarList, eventFromRow, occurrenceKey } from './calendar-list.ts';

const NY = 'America/New_York';

const occurrence: WireOccurrence = {
  eventId: 'meet',
  seriesId: 'meet',
  occurrenceDate: '2026-03-10',
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
  date: '2026-03-10',
  time: '19:00',
  endDate: '2026-03-10',
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
  userId: 'ann',
};

describe('calendarList', () => {
  it('lists single events as rows and series as their occurrences, never a series row', () => {
    const rows = [
      { id: 'bake', eventName: 'Bake sale', eventDate: '2026-03-12', eventTime: '10:00' },
      { id: 'meet', eventName: 'Troop meeting', rrule: 'FREQ=WEEKLY;BYDAY=TU' },
      { id: 'meet_20260317', eventName: 'Moved', seriesId: 'meet' },
    ];
    const single = { ...occurrence, eventId: 'bake', seriesId: null, occurrenceDate: null };
    const list = calendarList(rows, [occurrence, single], NY);
    expect(list.map((e) => e.id)).toEqual(['bake', occurrenceKey('meet', '2026-03-10')]);
    expect(list[1]).toMatchObject({ occurrence: { seriesId: 'meet', date: '2026-03-10' } });
  });

  it('shows a single event at a time the clocks skip as the occurrences read does', () => {
    const row = {
      id: 'early',
      eventName: 'Early hike',
      eventDate: '2026-03-08',
      eventTime: '02:30',
      endTime: '03:15',
    };
    expect(calendarList([row], [], NY)[0]).toMatchObject({
      eventDate: '2026-03-08',
      eventTime: '03:30',
      endDate: null,
      endTime: '04:15',
    });
    // Without the zone, and a week later, the row is as stored.
    expect(eventFromRow(row)).toMatchObject({ eventTime: '02:30', endTime: '03:15' });
    expect(eventFromRow({ ...row, eventDate: '2026-03-15' }, NY)).toMatchObject({
      eventTime: '02:30',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { CalendarOccurrence } from '@scout/sdk/calendar';
import { dayCell, dayEntry, occurrencesByDay } from './month-days.ts';

const base: CalendarOccurrence = {
  eventId: 'meet',
  seriesId: 'meet',
  occurrenceDate: '2026-12-01',
  rrule: 'FREQ=WEEKLY;BYDAY=TU',
  date: '2026-12-01',
  time: '19:00',
  endDate: '2026-12-01',
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
  creatorName: null,
  userId: 'u1',
};
const camp: CalendarOccurrence = {
  ...base,
  eventId: 'camp',
  seriesId: null,
  occurrenceDate: null,
  rrule: null,
  date: '2026-11-30',
  endDate: '2026-12-02',
  allDay: true,
  time: null,
  name: 'Winter camp',
  category: 'campout',
};

describe('occurrencesByDay', () => {
  const days = (byDay: Map<string, CalendarOccurrence[]>) =>
    Object.fromEntries([...byDay].map(([d, os]) => [d, os.map((o) => o.eventId)]));

  it('puts each event on its days within the month, every category', () => {
    expect(days(occurrencesByDay([base, camp], '2026-12-01', '2026-12-31', ''))).toEqual({
      '2026-12-01': ['meet', 'camp'],
      '2026-12-02': ['camp'],
    });
  });

  it('keeps only the chosen category, as the list does', () => {
    expect(days(occurrencesByDay([base, camp], '2026-12-01', '2026-12-31', 'campout'))).toEqual({
      '2026-12-01': ['camp'],
      '2026-12-02': ['camp'],
    });
    expect(occurrencesByDay([base, camp], '2026-12-01', '2026-12-31', 'service').size).toBe(0);
  });
});

describe('dayEntry', () => {
  it('names the category in words, never by colour alone', () => {
    expect(dayEntry(base)).toEqual({
      when: '7:00 PM',
      name: 'Troop meeting',
      category: 'meeting',
      cancelled: false,
      movedFrom: null,
      text: '7:00 PM: Troop meeting (Meeting)',
    });
    expect(dayEntry({ ...camp, status: 'cancelled' }).text).toBe(
      'All day: Winter camp (Campout), cancelled',
    );
  });

  it('leaves out a category it does not know', () => {
    expect(dayEntry({ ...base, category: null }).text).toBe('7:00 PM: Troop meeting');
    expect(dayEntry({ ...base, category: 'party' }).category).toBeNull();
  });
});

describe('dayEntry of a moved meeting', () => {
  it('says where the series had it', () => {
    const moved = dayEntry({
      ...base,
      eventId: 'meet_20261222',
      occurrenceDate: '2026-12-22',
      date: '2026-12-23',
    });
    expect(moved.movedFrom).toBe('2026-12-22');
    expect(moved.text).toBe('7:00 PM: Troop meeting (Meeting), moved from Tue, Dec 22, 2026');
    expect(dayEntry(camp).movedFrom).toBeNull();
  });
});

describe('dayCell', () => {
  const on = (
    name: string,
    status: 'confirmed' | 'cancelled' = 'confirmed',
  ): CalendarOccurrence => ({
    ...camp,
    eventId: name,
    name,
    status,
  });

  it('names up to three events, and two with the count of the rest on a fuller day', () => {
    const three = dayCell([on('Hike'), on('Meeting'), on('Service')]);
    expect(three.names.map((e) => e.name)).toEqual(['Hike', 'Meeting', 'Service']);
    expect(three.more).toBe(0);
    const five = dayCell([on('A'), on('B'), on('C'), on('D'), on('E')]);
    expect(five.names.map((e) => e.name)).toEqual(['A', 'B']);
    expect(five.more).toBe(3);
    expect(five.marks).toHaveLength(3);
    expect(five.count).toBe('5 events');
  });

  it('marks a cancelled event as cancelled, and says so in words', () => {
    const day = dayCell([on('Hike', 'cancelled'), on('Meeting')]);
    expect(day.marks.map((m) => m.cancelled)).toEqual([true, false]);
    expect(day.names[0]).toMatchObject({ name: 'Hike', cancelled: true });
    expect(day.count).toBe('2 events, 1 cancelled');
    expect(dayCell([on('Hike', 'cancelled')]).count).toBe('1 event, cancelled');
    expect(dayCell([]).count).toBe('no events');
    expect(dayCell([on('Hike')]).count).toBe('1 event');
  });
});

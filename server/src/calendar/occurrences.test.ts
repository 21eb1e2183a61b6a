/** Expanding series into a window's occurrences: RFC 5545's own examples, windows, exceptions. */
import { describe, expect, it } from 'vitest';
import { expandOccurrences, type EventRecord } from './occurrences.ts';

function row(over: Partial<EventRecord>): EventRecord {
  return {
    id: 's1',
    user_id: 'u1',
    event_name: 'Meeting',
    event_date: '1997-09-02',
    event_time: '09:00',
    hyperlink: null,
    creator_name: null,
    created_at: null,
    updated_at: null,
    sequence: 0,
    ...over,
  };
}

const dates = (rows: EventRecord[], from: string, to: string) =>
  expandOccurrences(rows, from, to).map((o) => o.date);

describe('RFC 5545 section 3.8.5.3 examples', () => {
  it('daily for 10 occurrences', () => {
    expect(dates([row({ rrule: 'FREQ=DAILY;COUNT=10' })], '1997-01-01', '1998-12-31')).toEqual(
      Array.from({ length: 10 }, (_, i) => `1997-09-${String(2 + i).padStart(2, '0')}`),
    );
  });

  it('every other week on Tuesday and Thursday, for 8 occurrences', () => {
    const r = row({ rrule: 'FREQ=WEEKLY;INTERVAL=2;COUNT=8;WKST=SU;BYDAY=TU,TH' });
    expect(dates([r], '1997-01-01', '1998-12-31')).toEqual([
      '1997-09-02',
      '1997-09-04',
      '1997-09-16',
      '1997-09-18',
      '1997-09-30',
      '1997-10-02',
      '1997-10-14',
      '1997-10-16',
    ]);
  });

  it('monthly on the first Friday for 10 occurrences', () => {
    const r = row({ event_date: '1997-09-05', rrule: 'FREQ=MONTHLY;COUNT=10;BYDAY=1FR' });
    expect(dates([r], '1997-01-01', '1998-12-31')).toEqual([
      '1997-09-05',
      '1997-10-03',
      '1997-11-07',
      '1997-12-05',
      '1998-01-02',
      '1998-02-06',
      '1998-03-06',
      '1998-04-03',
      '1998-05-01',
      '1998-06-05',
    ]);
  });

  it('monthly on the second-to-last Monday for 6 months', () => {
    const r = row({ event_date: '1997-09-22', rrule: 'FREQ=MONTHLY;COUNT=6;BYDAY=-2MO' });
    expect(dates([r], '1997-01-01', '1998-12-31')).toEqual([
      '1997-09-22',
      '1997-10-20',
      '1997-11-17',
      '1997-12-22',
      '1998-01-19',
      '1998-02-16',
    ]);
  });

  it('monthly on the 2nd and 15th of the month for 10 occurrences', () => {
    const r = row({ rrule: 'FREQ=MONTHLY;COUNT=10;BYMONTHDAY=2,15' });
    expect(dates([r], '1997-01-01', '1998-12-31')).toEqual([
      '1997-09-02',
      '1997-09-15',
      '1997-10-02',
      '1997-10-15',
      '1997-11-02',
      '1997-11-15',
      '1997-12-02',
      '1997-12-15',
      '1998-01-02',
      '1998-01-15',
    ]);
  });
});

describe('more RFC 5545 section 3.8.5.3 examples', () => {
  it('weekly until December 24, 1997', () => {
    const r = row({ rrule: 'FREQ=WEEKLY;UNTIL=19971224T000000Z' });
    const all = dates([r], '1997-01-01', '1998-12-31');
    expect(all).toHaveLength(17);
    expect([all[0], all[16]]).toEqual(['1997-09-02', '1997-12-23']);
  });

  it('monthly on the first and last Sunday of the month for 10 occurrences', () => {
    const r = row({ event_date: '1997-09-07', rrule: 'FREQ=MONTHLY;COUNT=10;BYDAY=1SU,-1SU' });
    expect(dates([r], '1997-01-01', '1998-12-31')).toEqual([
      '1997-09-07',
      '1997-09-28',
      '1997-10-05',
      '1997-10-26',
      '1997-11-02',
      '1997-11-30',
      '1997-12-07',
      '1997-12-28',
      '1998-01-04',
      '1998-01-25',
    ]);
  });

  it('every Tuesday, every other month (first three months)', () => {
    const r = row({ rrule: 'FREQ=MONTHLY;INTERVAL=2;BYDAY=TU' });
    expect(dates([r], '1997-09-01', '1998-01-31')).toEqual([
      '1997-09-02',
      '1997-09-09',
      '1997-09-16',
      '1997-09-23',
      '1997-09-30',
      '1997-11-04',
      '1997-11-11',
      '1997-11-18',
      '1997-11-25',
      '1998-01-06',
      '1998-01-13',
      '1998-01-20',
      '1998-01-27',
    ]);
  });

  it('yearly in June and July for 10 occurrences', () => {
    const r = row({ event_date: '1997-06-10', rrule: 'FREQ=YEARLY;COUNT=10;BYMONTH=6,7' });
    expect(dates([r], '1997-01-01', '2001-12-31')).toEqual([
      '1997-06-10',
      '1997-07-10',
      '1998-06-10',
      '1998-07-10',
      '1999-06-10',
      '1999-07-10',
      '2000-06-10',
      '2000-07-10',
      '2001-06-10',
      '2001-07-10',
    ]);
  });
});

describe('windows, times and exceptions', () => {
  const weekly = row({
    event_date: '2026-03-03',
    event_time: '19:00',
    end_time: '20:30',
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
  });

  it('keeps a 7 PM meeting at 7 PM across the daylight-saving change', () => {
    const all = expandOccurrences([weekly], '2026-03-01', '2026-03-31');
    expect(all.map((o) => [o.date, o.time, o.endTime])).toEqual([
      ['2026-03-03', '19:00', '20:30'],
      ['2026-03-10', '19:00', '20:30'],
      ['2026-03-17', '19:00', '20:30'],
      ['2026-03-24', '19:00', '20:30'],
      ['2026-03-31', '19:00', '20:30'],
    ]);
  });

  it('keeps it at 7 PM when the clocks go back in November too', () => {
    const all = expandOccurrences([weekly], '2026-10-27', '2026-11-10');
    expect(all.map((o) => [o.date, o.time])).toEqual([
      ['2026-10-27', '19:00'],
      ['2026-11-03', '19:00'],
      ['2026-11-10', '19:00'],
    ]);
  });

  it('expands a series without an end only within the window asked for', () => {
    expect(dates([weekly], '2036-03-01', '2036-03-12')).toEqual(['2036-03-04', '2036-03-11']);
  });

  it('leaves out removed dates and shows a moved occurrence on its new date', () => {
    const series = { ...weekly, exdates: '2026-03-10' };
    const moved = row({
      id: 's1_20260317',
      event_date: '2026-03-19',
      event_time: '18:00',
      series_id: 's1',
      recurrence_date: '2026-03-17',
    });
    const all = expandOccurrences([series, moved], '2026-03-01', '2026-03-24');
    expect(all.map((o) => [o.date, o.time, o.eventId, o.occurrenceDate])).toEqual([
      ['2026-03-03', '19:00', 's1', '2026-03-03'],
      ['2026-03-19', '18:00', 's1_20260317', '2026-03-17'],
      ['2026-03-24', '19:00', 's1', '2026-03-24'],
    ]);
  });

  it('shows a multi-day event in every window it reaches into', () => {
    const camp = row({
      id: 'camp',
      event_date: '2026-07-10',
      event_time: '',
      all_day: 1,
      end_date: '2026-07-17',
    });
    const [o] = expandOccurrences([camp], '2026-07-15', '2026-07-20');
    expect(o).toMatchObject({
      date: '2026-07-10',
      endDate: '2026-07-17',
      allDay: true,
      time: null,
    });
  });

  it('a weekly series over ten years expands to its 52 or 53 meetings in a year window', () => {
    const tenYears = { ...weekly, rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20360303' };
    expect(dates([tenYears], '2030-01-01', '2030-12-31')).toHaveLength(53);
    expect(dates([tenYears], '2037-01-01', '2037-12-31')).toEqual([]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import {
  eventDateTimeAttr,
  formatDay,
  formatDayTime,
  formatEventDate,
  formatEventTime,
  formatMultiDay,
  localDateKey,
  parseLocalDate,
} from './event-format.ts';

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

// Zones on both sides of UTC, including the furthest (UTC-11 and UTC+14), where reading
// '2026-07-04' as UTC midnight would land on another day.
const ZONES = [
  'UTC',
  'America/Los_Angeles',
  'Pacific/Pago_Pago',
  'Pacific/Kiritimati',
  'Asia/Kolkata',
];

describe('formatEventDate', () => {
  it.each(ZONES)("shows '2026-07-04' as 'Sat, Jul 04, 2026' in %s", (zone) => {
    process.env.TZ = zone;
    expect(formatEventDate('2026-07-04')).toBe('Sat, Jul 04, 2026');
    expect(formatEventDate('2026-01-01')).toBe('Thu, Jan 01, 2026');
    expect(formatEventDate('2025-12-31')).toBe('Wed, Dec 31, 2025');
  });

  it('keeps a day on which the clocks change', () => {
    process.env.TZ = 'America/Sao_Paulo';
    expect(formatEventDate('2018-11-04')).toBe('Sun, Nov 04, 2018');
    process.env.TZ = 'America/New_York';
    expect(formatEventDate('2026-03-08')).toBe('Sun, Mar 08, 2026');
  });

  it('shows text that is not a real day as it is', () => {
    expect(formatEventDate('2026-02-30')).toBe('2026-02-30');
    expect(formatEventDate('next week')).toBe('next week');
    expect(formatEventDate('')).toBe('');
  });
});

describe('parseLocalDate', () => {
  it('answers local midnight of the day, early years included', () => {
    process.env.TZ = 'Pacific/Kiritimati';
    const d = parseLocalDate('2026-07-04')!;
    expect([d.getFullYear(), d.getMonth(), d.getDate(), d.getHours()]).toEqual([2026, 6, 4, 0]);
    expect(parseLocalDate('0050-03-01')!.getFullYear()).toBe(50);
    expect(parseLocalDate('2024-02-29')).not.toBeNull();
    expect(parseLocalDate('2025-02-29')).toBeNull();
    expect(parseLocalDate('2026-7-4')).toBeNull();
  });
});

describe('formatEventTime', () => {
  it.each([
    ['00:00', '12:00 AM'],
    ['00:05', '12:05 AM'],
    ['09:30', '9:30 AM'],
    ['12:00', '12:00 PM'],
    ['13:45', '1:45 PM'],
    ['19:30', '7:30 PM'],
    ['23:59', '11:59 PM'],
    ['18:15:00', '6:15 PM'],
  ])('shows %s as %s', (time, shown) => {
    expect(formatEventTime(time)).toBe(shown);
  });

  it('is the same in every zone and shows text that is not a time as it is', () => {
    for (const zone of ZONES) {
      process.env.TZ = zone;
      expect(formatEventTime('19:30')).toBe('7:30 PM');
    }
    expect(formatEventTime('24:00')).toBe('24:00');
    expect(formatEventTime('evening')).toBe('evening');
  });
});

describe('eventDateTimeAttr and localDateKey', () => {
  it('gives machine-readable values for <time>', () => {
    expect(eventDateTimeAttr('2026-07-04', '19:30')).toBe('2026-07-04T19:30');
    expect(eventDateTimeAttr('2026-07-04', 'later')).toBe('2026-07-04');
    expect(eventDateTimeAttr('soon', '19:30')).toBeUndefined();
  });

  it("names today's date in the browser's zone", () => {
    const instant = new Date(Date.UTC(2026, 6, 4, 3, 0));
    process.env.TZ = 'America/Los_Angeles';
    expect(localDateKey(instant)).toBe('2026-07-03');
    process.env.TZ = 'Asia/Kolkata';
    expect(localDateKey(instant)).toBe('2026-07-04');
  });
});

describe('formatDay and formatDayTime', () => {
  it('show an instant as lists show dates, the weekday first, on the device clock', () => {
    const instant = '2026-12-05T18:30:00.000Z';
    process.env.TZ = 'UTC';
    expect(formatDay(instant)).toBe('Sat, Dec 05, 2026');
    expect(formatDayTime(instant)).toBe('Sat, Dec 05, 2026, 6:30 PM');
    process.env.TZ = 'Pacific/Kiritimati';
    expect(formatDay(instant)).toBe('Sun, Dec 06, 2026');
    expect(formatDayTime(instant)).toBe('Sun, Dec 06, 2026, 8:30 AM');
  });

  it('show text that is not an instant as it is', () => {
    expect(formatDay('soon')).toBe('soon');
    expect(formatDayTime('')).toBe('');
  });
});

describe('formatMultiDay', () => {
  const span = {
    eventDate: '2026-12-11',
    eventTime: '18:00',
    allDay: false,
    endDate: '2026-12-13',
    endTime: '12:00',
  };

  it.each(ZONES)('names both days and times, without the year of this year, in %s', (zone) => {
    process.env.TZ = zone;
    expect(formatMultiDay(span, 2026)).toBe('Fri, Dec 11, 6:00 PM to Sun, Dec 13, 12:00 PM');
    expect(formatMultiDay({ ...span, allDay: true, eventTime: '', endTime: null }, 2026)).toBe(
      'Fri, Dec 11 to Sun, Dec 13',
    );
  });

  it('gives the year on both days when they are not both in this year', () => {
    expect(formatMultiDay(span, 2025)).toBe(
      'Fri, Dec 11, 2026, 6:00 PM to Sun, Dec 13, 2026, 12:00 PM',
    );
    expect(formatMultiDay({ ...span, eventDate: '2026-12-31', endDate: '2027-01-02' }, 2026)).toBe(
      'Thu, Dec 31, 2026, 6:00 PM to Sat, Jan 02, 2027, 12:00 PM',
    );
  });

  it('leaves out a time the event does not give', () => {
    expect(formatMultiDay({ ...span, endTime: null }, 2026)).toBe(
      'Fri, Dec 11, 6:00 PM to Sun, Dec 13',
    );
    expect(formatMultiDay({ ...span, eventTime: '' }, 2026)).toBe(
      'Fri, Dec 11 to Sun, Dec 13, 12:00 PM',
    );
  });

  it('answers null for an event of one day, and shows dates that are not days as they are', () => {
    expect(formatMultiDay({ ...span, endDate: null }, 2026)).toBeNull();
    expect(formatMultiDay({ ...span, endDate: '2026-12-11' }, 2026)).toBeNull();
    expect(formatMultiDay({ ...span, endDate: '2026-12-10' }, 2026)).toBeNull();
    expect(formatMultiDay({ ...span, endDate: '2026-12-32' }, 2026)).toBe(
      '2026-12-11 to 2026-12-32',
    );
  });
});

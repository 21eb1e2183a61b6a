import { describe, expect, it } from 'vitest';
import { addDays, floatingOf, isoDay, readWallClock, shownSpan, todayIn } from './wall-clock.ts';

const NY = 'America/New_York';
const at = (date: string, time: string) => floatingOf(date, time);
const iso = (ms: number) => new Date(ms).toISOString();

describe('readWallClock', () => {
  it('reads an ordinary time with the offset in force', () => {
    expect(readWallClock(NY, at('2026-03-07', '02:30'))).toEqual({
      kind: 'exists',
      instant: Date.UTC(2026, 2, 7, 7, 30),
    });
    expect(iso(readWallClock(NY, at('2026-07-04', '19:00')).instant)).toBe(
      '2026-07-04T23:00:00.000Z',
    );
  });

  it('reads a time the clocks skip with the offset before the change, as RFC 5545 does', () => {
    // 8 March 2026: 02:00 EST becomes 03:00 EDT; 02:30 EST is 07:30Z, shown as 03:30 EDT.
    expect(readWallClock(NY, at('2026-03-08', '02:30'))).toEqual({
      kind: 'skipped',
      instant: Date.UTC(2026, 2, 8, 7, 30),
    });
    expect(readWallClock(NY, at('2026-03-08', '03:00')).kind).toBe('exists');
    expect(readWallClock(NY, at('2026-03-08', '01:59')).kind).toBe('exists');
  });

  it('reads a time the clocks show twice as the first of the two', () => {
    // 1 November 2026: 02:00 EDT becomes 01:00 EST; 01:30 EDT is 05:30Z.
    expect(readWallClock(NY, at('2026-11-01', '01:30'))).toEqual({
      kind: 'repeated',
      instant: Date.UTC(2026, 10, 1, 5, 30),
    });
    expect(readWallClock(NY, at('2026-11-01', '02:00')).kind).toBe('exists');
    expect(iso(readWallClock(NY, at('2026-11-01', '02:00')).instant)).toBe(
      '2026-11-01T07:00:00.000Z',
    );
  });

  it('knows half-hour changes and zones without any', () => {
    // Lord Howe Island moves its clocks by 30 minutes: 02:00 becomes 02:30 on 4 October 2026.
    expect(readWallClock('Australia/Lord_Howe', at('2026-10-04', '02:15')).kind).toBe('skipped');
    expect(readWallClock('Australia/Lord_Howe', at('2026-10-04', '02:30')).kind).toBe('exists');
    expect(readWallClock('Asia/Tokyo', at('2026-03-08', '02:30'))).toEqual({
      kind: 'exists',
      instant: Date.UTC(2026, 2, 7, 17, 30),
    });
  });
});

describe('shownSpan', () => {
  const span = (date: string, time: string | null, endDate: string, endTime: string | null) => ({
    date,
    time,
    endDate,
    endTime,
  });

  it('moves a skipped start forward by the skip, keeping the length', () => {
    expect(shownSpan(NY, span('2026-03-08', '02:30', '2026-03-08', '03:15'))).toEqual(
      span('2026-03-08', '03:30', '2026-03-08', '04:15'),
    );
    expect(shownSpan(NY, span('2026-03-08', '02:00', '2026-03-08', null))).toEqual(
      span('2026-03-08', '03:00', '2026-03-08', null),
    );
  });

  it('moves a skipped end alone forward by the skip', () => {
    expect(shownSpan(NY, span('2026-03-08', '01:30', '2026-03-08', '02:45'))).toEqual(
      span('2026-03-08', '01:30', '2026-03-08', '03:45'),
    );
  });

  it('leaves every other span as it is, keeping the object', () => {
    for (const s of [
      span('2026-11-01', '01:30', '2026-11-01', '02:30'),
      span('2026-03-08', null, '2026-03-08', null),
      span('2026-03-15', '02:30', '2026-03-15', '03:15'),
    ])
      expect(shownSpan(NY, s)).toBe(s);
  });
});

describe('isoDay', () => {
  it('is the UTC calendar day of an instant, to its last millisecond', () => {
    expect(isoDay(Date.UTC(2026, 0, 31, 23, 59, 59, 999))).toBe('2026-01-31');
    expect(isoDay(Date.UTC(2026, 1, 1))).toBe('2026-02-01');
  });
});

describe('days on the calendar', () => {
  it('counts days across a month, a year and a daylight-saving change', () => {
    expect(addDays('2026-12-20', 29)).toBe('2027-01-18');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09');
    expect(addDays('2026-06-01', 0)).toBe('2026-06-01');
  });

  it('reads today on a zone’s clock', () => {
    // 03:30 UTC on June 1 is still May 31 in Chicago, already June 1 in Berlin.
    const now = Date.parse('2026-06-01T03:30:00Z');
    expect(todayIn('America/Chicago', now)).toBe('2026-05-31');
    expect(todayIn('Europe/Berlin', now)).toBe('2026-06-01');
    expect(todayIn('Asia/Kolkata', Date.parse('2026-06-01T18:29:00Z'))).toBe('2026-06-01');
    expect(todayIn('Asia/Kolkata', Date.parse('2026-06-01T18:30:00Z'))).toBe('2026-06-02');
  });
});

import { describe, expect, it } from 'vitest';
import { scheduledFor, scheduleFields, scheduleInstant } from './schedule-time.ts';

const NY = 'America/New_York';
const NOW = Date.parse('2026-11-29T15:00:00Z');

describe('scheduleInstant', () => {
  it("reads the day and time on the troop's clocks, whatever the device's zone", () => {
    expect(scheduleInstant('2026-12-01', '09:00', NY, NOW)).toEqual({
      ok: true,
      at: '2026-12-01T14:00:00.000Z',
    });
    expect(scheduleInstant('2026-12-01', '09:00', 'Europe/Berlin', NOW)).toEqual({
      ok: true,
      at: '2026-12-01T08:00:00.000Z',
    });
  });
  it('reads a time the clocks skip as the calendar does, an hour later', () => {
    expect(scheduleInstant('2027-03-14', '02:30', NY, NOW)).toEqual({
      ok: true,
      at: '2027-03-14T07:30:00.000Z',
    });
  });
  it('refuses a missing day or time, a time gone and one too far ahead', () => {
    expect(scheduleInstant('', '09:00', NY, NOW)).toMatchObject({ ok: false, field: 'date' });
    expect(scheduleInstant('2026-12-01', '', NY, NOW)).toMatchObject({ ok: false, field: 'time' });
    expect(scheduleInstant('2026-11-29', '09:00', NY, NOW)).toEqual({
      ok: false,
      field: 'time',
      message: 'That time has passed',
    });
    expect(scheduleInstant('2028-01-01', '09:00', NY, NOW)).toEqual({
      ok: false,
      field: 'date',
      message: 'A post is scheduled at most 366 days ahead',
    });
  });
});

describe('scheduledFor and scheduleFields', () => {
  it("say a scheduled post's time on the troop's clocks", () => {
    expect(scheduledFor('2026-12-01T14:00:00.000Z', NY)).toBe(
      'Scheduled for Tue, Dec 1, 2026, 9:00 AM',
    );
    expect(scheduleFields('2026-12-01T14:00:00.000Z', NY, NOW)).toEqual({
      date: '2026-12-01',
      time: '09:00',
    });
  });
  it('start an unscheduled post at the next whole hour', () => {
    expect(scheduleFields(null, NY, NOW)).toEqual({ date: '2026-11-29', time: '11:00' });
  });
});

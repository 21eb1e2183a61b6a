import { describe, expect, it } from 'vitest';
import { addMonths, dayLook, daysWithin, monthBounds, monthWeeks, moveDay } from './month-grid.ts';

describe('monthWeeks', () => {
  it('lays a month out in weeks, Sunday first, with empty days around it', () => {
    const weeks = monthWeeks('2026-12-15');
    expect(weeks).toHaveLength(5);
    // December 1, 2026 is a Tuesday.
    expect(weeks[0]).toEqual([
      null,
      null,
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
    ]);
    expect(weeks[4]).toEqual([
      '2026-12-27',
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      null,
      null,
    ]);
    expect(monthWeeks('2026-02-01').flat().filter(Boolean)).toHaveLength(28);
  });

  it('knows a month from its first to its last day, leap years too', () => {
    expect(monthBounds('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('moveDay', () => {
  it('moves by day and week, to the week ends and by month', () => {
    expect(moveDay('2026-12-01', 'ArrowLeft')).toBe('2026-11-30');
    expect(moveDay('2026-12-31', 'ArrowRight')).toBe('2027-01-01');
    expect(moveDay('2026-12-03', 'ArrowUp')).toBe('2026-11-26');
    expect(moveDay('2026-12-03', 'ArrowDown')).toBe('2026-12-10');
    expect(moveDay('2026-12-03', 'Home')).toBe('2026-11-29');
    expect(moveDay('2026-12-03', 'End')).toBe('2026-12-05');
    expect(moveDay('2027-01-31', 'PageDown')).toBe('2027-02-28');
    expect(moveDay('2027-03-31', 'PageUp')).toBe('2027-02-28');
    expect(moveDay('2026-12-03', 'a')).toBeNull();
  });

  it('keeps whole days across a daylight-saving change', () => {
    expect(moveDay('2027-03-13', 'ArrowRight')).toBe('2027-03-14');
    expect(addMonths('2027-10-31', 1)).toBe('2027-11-30');
  });
});

describe('daysWithin', () => {
  it('puts an event over several days on each of its days inside the month', () => {
    expect(daysWithin('2026-11-29', '2026-12-02', '2026-12-01', '2026-12-31')).toEqual([
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(daysWithin('2026-12-05', '2026-12-05', '2026-12-01', '2026-12-31')).toEqual([
      '2026-12-05',
    ]);
  });
});

describe('dayLook', () => {
  it('tells today from the chosen day, and both from a day that is both', () => {
    expect(dayLook('2026-12-15', '2026-12-15', '2026-12-20')).toBe('today');
    expect(dayLook('2026-12-20', '2026-12-15', '2026-12-20')).toBe('chosen');
    expect(dayLook('2026-12-15', '2026-12-15', '2026-12-15')).toBe('chosen-today');
    expect(dayLook('2026-12-16', '2026-12-15', '2026-12-20')).toBe('plain');
  });
});

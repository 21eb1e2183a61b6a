import { describe, expect, it } from 'vitest';
import { formatClockTime } from './clock-time.ts';

describe('formatClockTime', () => {
  it('reads times as the app shows them, 12-hour with AM/PM', () => {
    expect(formatClockTime('18:00')).toBe('6:00 PM');
    expect(formatClockTime('09:05')).toBe('9:05 AM');
    expect(formatClockTime('00:30')).toBe('12:30 AM');
    expect(formatClockTime('12:00')).toBe('12:00 PM');
    expect(formatClockTime('19:30:00')).toBe('7:30 PM');
  });

  it('returns text that is not a time as it is', () => {
    expect(formatClockTime('soon')).toBe('soon');
    expect(formatClockTime('24:00')).toBe('24:00');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDuration, shortLabel } from './analytics-format.ts';

describe('analytics formats', () => {
  it('writes durations in seconds, minutes and hours', () => {
    expect(formatDuration(40)).toBe('40s');
    expect(formatDuration(75)).toBe('1m 15s');
    expect(formatDuration(3700)).toBe('1h 1m');
  });

  it('labels hours by the clock and days by month and day', () => {
    expect(shortLabel('2026-06-10T14:00')).toBe('14:00');
    expect(shortLabel('2026-06-10')).toBe('Jun 10');
  });
});

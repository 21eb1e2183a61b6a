import { describe, expect, it } from 'vitest';
import { readReminderHours } from './reminder-hours.ts';

describe('reminder hours', () => {
  it('takes whole hours from 1 to 168', () => {
    expect(readReminderHours('48')).toBe(48);
    expect(readReminderHours(' 1 ')).toBe(1);
    expect(readReminderHours('168')).toBe(168);
  });

  it('refuses anything else', () => {
    for (const text of ['', '0', '169', '2.5', '-3', 'two', '1e2'])
      expect(readReminderHours(text)).toBeNull();
  });
});

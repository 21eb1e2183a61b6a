import { describe, expect, it } from 'vitest';
import { DIGEST_OPTIONS, digestLabel, digestOfLabel } from './new-events-digest.ts';

describe('how new events arrive', () => {
  it('offers at once, a daily and a weekly digest, each read back to its choice', () => {
    expect(DIGEST_OPTIONS).toEqual([
      'As they are added',
      'Daily digest (6:00 PM)',
      'Weekly digest (Sunday 6:00 PM)',
    ]);
    expect(DIGEST_OPTIONS.map(digestOfLabel)).toEqual(['immediate', 'daily', 'weekly']);
    expect(digestLabel('weekly')).toBe('Weekly digest (Sunday 6:00 PM)');
  });

  it('shows the default for settings without a choice, and reads an unknown label as it', () => {
    expect(digestLabel(undefined)).toBe('As they are added');
    expect(digestOfLabel('Hourly')).toBe('immediate');
  });
});

import { describe, expect, it } from 'vitest';
import { movedFrom, movedFromText, occurrenceMovedFrom } from './moved-from.ts';

describe('movedFrom', () => {
  it('gives the date the series gave a meeting moved to another day', () => {
    const moved = { eventDate: '2026-12-23', occurrence: { seriesId: 'meet', date: '2026-12-22' } };
    expect(movedFrom(moved)).toBe('2026-12-22');
    expect(movedFromText('2026-12-22')).toBe('Moved from Tue, Dec 22, 2026');
  });

  it('says nothing of a meeting on its own day, nor of a single event', () => {
    expect(
      movedFrom({ eventDate: '2026-12-22', occurrence: { seriesId: 'meet', date: '2026-12-22' } }),
    ).toBeNull();
    expect(movedFrom({ eventDate: '2026-12-22' })).toBeNull();
  });
});

describe('occurrenceMovedFrom', () => {
  it('reads the month’s occurrences the same way', () => {
    const meeting = { seriesId: 'meet', occurrenceDate: '2026-12-22', date: '2026-12-23' };
    expect(occurrenceMovedFrom(meeting)).toBe('2026-12-22');
    expect(occurrenceMovedFrom({ ...meeting, date: '2026-12-22' })).toBeNull();
    expect(
      occurrenceMovedFrom({ seriesId: null, occurrenceDate: null, date: '2026-12-23' }),
    ).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { answerRateText, sortTroopEvents, upcomingWindow } from './council-format.ts';

describe('the council’s view of its troops', () => {
  it('says the answer rate as a percent, and "no events" when there is none', () => {
    expect([0, 0.004, 0.5, 0.666, 1, null].map(answerRateText)).toEqual([
      '0%',
      'under 1%',
      '50%',
      '67%',
      '100%',
      'no events',
    ]);
  });

  it('reads the next 30 days from today on the troop’s clock', () => {
    // 03:30 UTC on June 1 is still May 31 in Chicago.
    const now = new Date('2026-06-01T03:30:00Z');
    expect(upcomingWindow('America/Chicago', now)).toEqual({
      from: '2026-05-31',
      to: '2026-06-29',
    });
    expect(upcomingWindow('Europe/Berlin', new Date('2026-12-20T12:00:00Z'))).toEqual({
      from: '2026-12-20',
      to: '2027-01-18',
    });
  });

  it('lists a troop’s events by day, all-day ones first, then by time', () => {
    const event = (id: string, date: string, time: string | null) => ({
      id,
      title: id,
      date,
      time,
      location: null,
      cancelled: false,
    });
    expect(
      sortTroopEvents([
        event('b', '2026-06-02', '09:00'),
        event('a', '2026-06-02', null),
        event('c', '2026-06-01', '18:30'),
        event('d', '2026-06-02', '08:00'),
      ]).map((e) => e.id),
    ).toEqual(['c', 'a', 'd', 'b']);
  });
});

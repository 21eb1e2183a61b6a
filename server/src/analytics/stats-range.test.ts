import { describe, expect, it } from 'vitest';
import { localDay, localMidnight, segmentsOf, statsRange } from './stats-range.ts';

const NY = 'America/New_York';

describe('statsRange', () => {
  it('today is the troop’s day, in hours, even when it is already tomorrow in UTC', () => {
    const now = Date.parse('2026-03-10T02:30:00Z'); // 22:30 on 9 March in New York
    const r = statsRange({ period: 'today' }, now, NY);
    expect([r.from, r.to, r.bucket]).toEqual(['2026-03-09', '2026-03-09', 'hour']);
    expect(r.start).toBe(Date.parse('2026-03-09T04:00:00Z'));
    expect(r.buckets).toHaveLength(24);
    expect(r.buckets[0]!.label).toBe('2026-03-09T00:00');
  });

  it('7 and 30 days end today and count days in the time zone across a clock change', () => {
    const now = Date.parse('2026-03-12T15:00:00Z');
    const week = statsRange({ period: '7d' }, now, NY);
    expect([week.from, week.to, week.bucket, week.buckets.length]).toEqual([
      '2026-03-06',
      '2026-03-12',
      'day',
      7,
    ]);
    // 8 March 2026 is 23 hours long in New York.
    const short = week.buckets.find((b) => b.label === '2026-03-08')!;
    expect(short.end - short.start).toBe(23 * 3_600_000);
    expect(segmentsOf(week.buckets).map((s) => s.length / 3_600_000)).toEqual([24, 23, 24]);
    expect(statsRange({ period: '30d' }, now, NY).buckets).toHaveLength(30);
  });

  it('a custom range is inclusive and refuses bad or reversed days', () => {
    const r = statsRange({ period: 'custom', from: '2026-01-01', to: '2026-01-31' }, 0, 'UTC');
    expect(r.buckets).toHaveLength(31);
    expect(() =>
      statsRange({ period: 'custom', from: '2026-02-01', to: '2026-01-01' }, 0, 'UTC'),
    ).toThrow(/ends before/);
    expect(() => statsRange({ period: 'custom', from: 'soon' }, 0, 'UTC')).toThrow(/YYYY-MM-DD/);
    expect(() =>
      statsRange({ period: 'custom', from: '2020-01-01', to: '2026-01-01' }, 0, 'UTC'),
    ).toThrow(/at most/);
  });

  it('localMidnight and localDay agree', () => {
    for (const day of ['2026-03-08', '2026-11-01', '2026-07-04'])
      expect(localDay(localMidnight(day, NY), NY)).toBe(day);
  });
});

/**
 * The dashboard's periods as instants: days begin at midnight in the troop's time zone
 * (TIMEZONE), so a 23- or 25-hour day around a clock change is one day all the same.
 */
import type { AnalyticsPeriod } from '@scout/protocol/analytics';
import { ANALYTICS_MAX_RANGE_DAYS } from '@scout/protocol/limits';
import { addDays, todayIn } from '@scout/protocol/wall-clock';
import { ApiError } from '../errors.ts';
import { utcOffsetAt } from '../calendar/vtimezone.ts';

const HOUR = 3_600_000;

export interface Bucket {
  label: string;
  start: number;
  end: number;
}

export interface StatsRange {
  period: AnalyticsPeriod;
  from: string;
  to: string;
  bucket: 'hour' | 'day';
  start: number;
  end: number;
  buckets: Bucket[];
}

/** The calendar day (YYYY-MM-DD) of an instant in `tz`. */
export function localDay(ms: number, tz: string): string {
  return todayIn(tz, ms);
}

/** The instant `day` begins in `tz`. */
export function localMidnight(day: string, tz: string): number {
  const asUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = asUtc - utcOffsetAt(tz, asUtc) * 1000;
  return asUtc - utcOffsetAt(tz, guess) * 1000;
}

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const validDay = (d: string | undefined): d is string =>
  d !== undefined && DAY_PATTERN.test(d) && !Number.isNaN(Date.parse(`${d}T00:00:00Z`));

export function statsRange(
  query: { period: AnalyticsPeriod; from?: string | undefined; to?: string | undefined },
  now: number,
  tz: string,
): StatsRange {
  const today = localDay(now, tz);
  let from: string;
  let to = today;
  if (query.period === 'today') from = today;
  else if (query.period === '7d') from = addDays(today, -6);
  else if (query.period === '30d') from = addDays(today, -29);
  else {
    if (!validDay(query.from) || !validDay(query.to))
      throw new ApiError('VALIDATION_ERROR', 'A custom range needs from and to as YYYY-MM-DD');
    if (query.to < query.from)
      throw new ApiError('VALIDATION_ERROR', 'The range ends before it starts');
    from = query.from;
    to = query.to;
  }
  const days: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    days.push(d);
    if (days.length > ANALYTICS_MAX_RANGE_DAYS)
      throw new ApiError(
        'VALIDATION_ERROR',
        `A range covers at most ${ANALYTICS_MAX_RANGE_DAYS} days`,
      );
  }
  const start = localMidnight(from, tz);
  const end = localMidnight(addDays(to, 1), tz);
  if (days.length === 1) {
    const buckets: Bucket[] = [];
    for (let t = start; t < end; t += HOUR) {
      const hour = new Date(t + utcOffsetAt(tz, t) * 1000).toISOString().slice(0, 13);
      buckets.push({ label: `${hour}:00`, start: t, end: Math.min(t + HOUR, end) });
    }
    return { period: query.period, from, to, bucket: 'hour', start, end, buckets };
  }
  const buckets = days.map((d) => ({
    label: d,
    start: localMidnight(d, tz),
    end: localMidnight(addDays(d, 1), tz),
  }));
  return { period: query.period, from, to, bucket: 'day', start, end, buckets };
}

export interface Segment {
  /** Index of the segment's first bucket. */
  first: number;
  start: number;
  /** Every bucket of the segment is this long. */
  length: number;
  end: number;
}

/**
 * Runs of buckets of one length, so the database can place a time in its bucket by division:
 * a range with one clock change is three runs (before, the changed day, after).
 */
export function segmentsOf(buckets: readonly Bucket[]): Segment[] {
  const out: Segment[] = [];
  buckets.forEach((b, i) => {
    const length = b.end - b.start;
    const last = out[out.length - 1];
    if (last && last.length === length && last.end === b.start) last.end = b.end;
    else out.push({ first: i, start: b.start, length, end: b.end });
  });
  return out;
}

/**
 * `GET /api/analytics/{projectId}/stats`: the dashboard's figures for one range. Visits come from
 * `analytics_sessions` (one row per visit), pages and custom events from `analytics_hourly`;
 * both are kept up to date at intake (docs/decisions/031-analytics-dashboard-figures.md). The
 * figures are one troop's, in its time zone (docs/decisions/065-troops.md).
 */
import type {
  AnalyticsBreakdownRow,
  AnalyticsPeriod,
  AnalyticsStats,
} from '@scout/protocol/analytics';
import { ANALYTICS_LIVE_WINDOW_MS } from '@scout/protocol/limits';
import type { AppDeps } from '../deps.ts';
import type { Queryable } from '../store/store.ts';
import type { Troop } from '../store/tenancy.ts';
import { segmentsOf, statsRange, type StatsRange } from './stats-range.ts';

const TOP = 10;
const num = (v: unknown) => Number(v ?? 0);

type Row = Record<string, unknown>;

async function seriesOf(
  db: Queryable,
  troopId: string,
  range: StatsRange,
): Promise<AnalyticsStats['series']> {
  const series = range.buckets.map((b) => ({
    label: b.label,
    visitors: 0,
    visits: 0,
    pageviews: 0,
  }));
  for (const seg of segmentsOf(range.buckets)) {
    const { rows } = await db.query<Row>(
      // SQLite binds numbers as reals: the cast makes the bucket a whole number on both stores.
      `SELECT CAST((first_ts - ?) / ? AS INTEGER) AS b, count(*) AS visits,
              count(DISTINCT visitor) AS visitors, sum(pageviews) AS pageviews
       FROM analytics_sessions WHERE troop_id = ? AND first_ts >= ? AND first_ts < ? GROUP BY 1`,
      [seg.start, seg.length, troopId, seg.start, seg.end],
    );
    for (const r of rows) {
      const point = series[seg.first + num(r.b)];
      if (!point) continue;
      point.visits = num(r.visits);
      point.visitors = num(r.visitors);
      point.pageviews = num(r.pageviews);
    }
  }
  return series;
}

const breakdown = (rows: Row[]): AnalyticsBreakdownRow[] =>
  rows.map((r) => ({ name: String(r.name), count: num(r.count) }));

const SCREEN_SIZE = `CASE WHEN screen_width IS NULL THEN 'Unknown'
  WHEN screen_width < 576 THEN 'Mobile' WHEN screen_width < 992 THEN 'Tablet'
  WHEN screen_width < 1440 THEN 'Laptop' ELSE 'Desktop' END`;

const VISIT_DIMENSIONS = [
  'entry_path',
  'channel',
  'referrer_host',
  'utm_campaign',
  'screen',
] as const;
type VisitDimension = (typeof VISIT_DIMENSIONS)[number];

/** The top 10 of counts by name, most first, then by name. */
function top(counts: Map<string, number>): AnalyticsBreakdownRow[] {
  return [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    .slice(0, TOP);
}

/**
 * Visits of the range by entry page, channel, referrer, campaign and screen size, in one pass
 * over the visits: one grouping by all five, added up here per dimension.
 */
async function visitsByDimension(db: Queryable, troopId: string, range: StatsRange) {
  const { rows } = await db.query<Row>(
    `SELECT entry_path, channel, referrer_host, utm_campaign, ${SCREEN_SIZE} AS screen,
            count(*) AS count
     FROM analytics_sessions WHERE troop_id = ? AND first_ts >= ? AND first_ts < ?
     GROUP BY 1, 2, 3, 4, 5`,
    [troopId, range.start, range.end],
  );
  const counts = new Map<VisitDimension, Map<string, number>>(
    VISIT_DIMENSIONS.map((d) => [d, new Map()]),
  );
  for (const r of rows) {
    const n = num(r.count);
    for (const d of VISIT_DIMENSIONS) {
      const name = r[d];
      if (name === null || name === undefined) continue;
      const m = counts.get(d)!;
      m.set(String(name), (m.get(String(name)) ?? 0) + n);
    }
  }
  const of = (d: VisitDimension) => top(counts.get(d)!);
  return {
    entryPages: of('entry_path'),
    channels: of('channel'),
    referrers: of('referrer_host'),
    campaigns: of('utm_campaign'),
    screenSizes: of('screen'),
  };
}

/**
 * Pageviews by page, or custom events by type, from the troop's hourly counts (keyed by troop
 * since migration 047): a range starts and ends on the hour (midnight in the time zone).
 */
async function eventsBy(db: Queryable, troopId: string, range: StatsRange, pageviews: boolean) {
  const { rows } = await db.query<Row>(
    pageviews
      ? `SELECT pathname AS name, sum(events) AS count FROM analytics_hourly
         WHERE troop_id = ? AND type = 'pageview' AND hour >= ? AND hour < ?
         GROUP BY pathname ORDER BY count DESC, name LIMIT ${TOP}`
      : `SELECT type AS name, sum(events) AS count FROM analytics_hourly
         WHERE troop_id = ? AND type <> 'pageview' AND hour >= ? AND hour < ?
         GROUP BY type ORDER BY count DESC, name LIMIT ${TOP}`,
    [troopId, range.start, range.end],
  );
  return breakdown(rows);
}

export async function analyticsStats(
  deps: Pick<AppDeps, 'store' | 'clock'>,
  troop: Pick<Troop, 'id' | 'timeZone'>,
  query: { period: AnalyticsPeriod; from?: string | undefined; to?: string | undefined },
): Promise<AnalyticsStats> {
  const now = deps.clock.now();
  const tz = troop.timeZone;
  const troopId = troop.id;
  const range = statsRange(query, now, tz);
  const db = deps.store;
  const { rows: totalRows } = await db.query<Row>(
    `SELECT count(*) AS visits, count(DISTINCT visitor) AS visitors, sum(pageviews) AS pageviews,
            sum(CASE WHEN pageviews <= 1 THEN 1 ELSE 0 END) AS bounces,
            avg(last_ts - first_ts) AS duration
     FROM analytics_sessions WHERE troop_id = ? AND first_ts >= ? AND first_ts < ?`,
    [troopId, range.start, range.end],
  );
  const t = totalRows[0] ?? {};
  const visits = num(t.visits);
  const { rows: liveRows } = await db.query<Row>(
    'SELECT count(DISTINCT visitor) AS n FROM analytics_sessions WHERE troop_id = ? AND last_ts >= ?',
    [troopId, now - ANALYTICS_LIVE_WINDOW_MS],
  );
  return {
    range: {
      period: range.period,
      from: range.from,
      to: range.to,
      timezone: tz,
      bucket: range.bucket,
    },
    totals: {
      visitors: num(t.visitors),
      visits,
      pageviews: num(t.pageviews),
      bounceRate: visits === 0 ? 0 : Math.round((num(t.bounces) / visits) * 100),
      visitDurationSeconds: Math.round(num(t.duration) / 1000),
    },
    series: await seriesOf(db, troopId, range),
    topPages: await eventsBy(db, troopId, range, true),
    ...(await visitsByDimension(db, troopId, range)),
    customEvents: await eventsBy(db, troopId, range, false),
    liveVisitors: num(liveRows[0]?.n),
  };
}

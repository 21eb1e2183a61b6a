/** The dashboard benchmark's data (bench/analytics.ts), the same on every run and store. */
import type { Store } from '../server/src/store/store.ts';

export const SEEDED_EVENTS = 1_000_000;
const EVENTS_PER_VISIT = 5;
const DAY = 24 * 60 * 60 * 1000;

/**
 * 1,000,000 events in 200,000 visits of 5 (4 pageviews of 50 pages and a signup), spread evenly
 * over the last 30 days, 50,000 visitors, channels and screens varied; the visits and hourly
 * tables to match.
 */
export async function seedMillion(store: Store, now: number) {
  const visits = SEEDED_EVENTS / EVENTS_PER_VISIT;
  const start = now - 30 * DAY + 60_000;
  const spacing = Math.floor((29 * DAY) / visits);
  const series =
    store.dialect === 'sqlite'
      ? (n: number) =>
          `WITH RECURSIVE g(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM g WHERE i < ${n - 1}) SELECT i FROM g`
      : (n: number) => `SELECT i::bigint AS i FROM generate_series(0, ${n - 1}) AS i`;
  const channel = `CASE (v % 4) WHEN 0 THEN 'Direct' WHEN 1 THEN 'Organic Search' WHEN 2 THEN 'Social' ELSE 'Email' END`;
  await store.query(
    `INSERT INTO analytics_events (session_id, ts, type, pathname, visitor,
       referrer_host, screen_width, channel, utm_campaign)
     SELECT 'sess_' || v, ${start} + v * ${spacing} + e * 30000,
       CASE WHEN e = 4 THEN 'signup' ELSE 'pageview' END, '/page' || ((v + e * 7) % 50),
       'visitor' || (v % 50000), CASE WHEN v % 4 = 1 THEN 'www.google.com' END,
       320 + (v % 5) * 400, ${channel}, CASE WHEN v % 10 = 0 THEN 'spring' END
     FROM (SELECT i / ${EVENTS_PER_VISIT} AS v, i % ${EVENTS_PER_VISIT} AS e FROM (${series(SEEDED_EVENTS)}) AS s) AS x`,
  );
  await store.query(
    `INSERT INTO analytics_sessions (session_id, visitor, first_ts, last_ts, pageviews, events,
       entry_ts, entry_path, channel, referrer_host, utm_campaign, screen_width)
     SELECT 'sess_' || v, 'visitor' || (v % 50000), ${start} + v * ${spacing},
       ${start} + v * ${spacing} + 120000, 4, 5, ${start} + v * ${spacing}, '/page' || (v % 50),
       ${channel}, CASE WHEN v % 4 = 1 THEN 'www.google.com' END, CASE WHEN v % 10 = 0 THEN 'spring' END,
       320 + (v % 5) * 400
     FROM (SELECT i AS v FROM (${series(visits)}) AS s) AS x`,
  );
  await store.query(
    `INSERT INTO analytics_hourly (hour, type, pathname, events)
     SELECT (ts / 3600000) * 3600000, type, pathname, count(*) FROM analytics_events GROUP BY 1, 2, 3`,
  );
  await store.query(store.dialect === 'postgres' ? 'VACUUM ANALYZE' : 'ANALYZE');
}

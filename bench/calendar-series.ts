/**
 * `npm run bench:calendar-series`: a troop with a ten-year weekly meeting series (with moved,
 * cancelled and removed occurrences) beside 5,000 single events, through the compiled server,
 * on SQLite and PostgreSQL. Two requests, each sent one at a time SAMPLES times:
 *
 * - month data: what the month view asks for, the occurrences of a six-week grid
 *   (GET /api/calendar/{projectId}/occurrences); goal p50 at most 100 ms;
 * - feed: the subscribed calendar feed a phone polls; goal p50 at most 500 ms.
 *
 * Beside them, the floor: the same server's health check in the same run, so the ratios say how
 * much the calendar costs over the least a request costs on this machine at this moment.
 * Settings: BENCH_STORES (default `sqlite,postgres`), BENCH_SAMPLES (default 50), BENCH_PG_URL.
 */
import { loadConfig } from '../server/src/config.ts';
import {
  benchMember,
  forEachBenchStore,
  freshStatistics,
  noticesLongSent,
  seedEvents,
  startOurServer,
  type BenchStore,
} from './bench-stores.ts';
import { freePort, waitFor } from './processes.ts';
import { sequentialP50 } from './sequential-p50.ts';

const SINGLE_EVENTS = 5_000;
const GOALS = { 'month data': 100, feed: 500 } as const;
const samples = Number(process.env.BENCH_SAMPLES || 50);

const p50 = (name: string, url: string, headers: Record<string, string>) =>
  sequentialP50({ name, url, headers }, samples, 5);

/** The weekly meeting from 6 January 2026 for ten years, with a few exceptions of each kind. */
async function seedSeries(bench: BenchStore, userId: string): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  const exdates = Array.from({ length: 20 }, (_, i) =>
    new Date(Date.UTC(2026, 0, 6 + 7 * (i * 13 + 5))).toISOString().slice(0, 10),
  );
  const columns =
    'id, user_id, event_name, event_date, event_time, end_time, category, location, rrule, exdates, created_at, updated_at';
  await bench.store.query(
    `INSERT INTO calendar_events (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      'series_meeting',
      userId,
      'Troop meeting',
      '2026-01-06',
      '19:00',
      '20:30',
      'meeting',
      'Scout Hall',
      'FREQ=WEEKLY;BYDAY=TU;UNTIL=20360101',
      exdates.join(','),
      at,
      at,
    ],
  );
  for (let i = 0; i < 20; i++) {
    const original = new Date(Date.UTC(2026, 0, 6 + 7 * (i * 17 + 3))).toISOString().slice(0, 10);
    await bench.store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, status, series_id, recurrence_date, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        `series_meeting_${original.replaceAll('-', '')}`,
        userId,
        'Troop meeting',
        original,
        i % 2 ? '18:00' : '19:00',
        i % 2 ? 'confirmed' : 'cancelled',
        'series_meeting',
        original,
        at,
        at,
      ],
    );
  }
}

async function runStore(bench: BenchStore): Promise<Map<string, number>> {
  const member = await benchMember(bench, Date.UTC(2026, 0, 1));
  // Ten years of single events, as many as the goal names.
  await seedEvents(bench.store, member.userId, SINGLE_EVENTS, { years: 10 });
  await seedSeries(bench, member.userId);
  await noticesLongSent(bench.store);
  await freshStatistics(bench);
  const port = await freePort();
  const projectId = loadConfig({}).projectId;
  const server = startOurServer(bench, port, {
    LOG_LEVEL: 'warn',
    TIMEZONE: 'America/New_York',
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/health`, server);
  const auth = { authorization: `Bearer ${member.token}` };
  const feedUrl = await fetch(`${origin}/api/calendar/${projectId}/feed-url`, { headers: auth });
  const { httpsUrl } = (await feedUrl.json()) as { httpsUrl: string };
  const results = new Map<string, number>();
  results.set('floor (health)', await p50('health', `${origin}/api/health`, {}));
  // March 2031 as a month grid shows it: Monday 24 February to Sunday 6 April.
  const month = `${origin}/api/calendar/${projectId}/occurrences?from=2031-02-24&to=2031-04-06`;
  results.set('month data', await p50('month data', month, auth));
  results.set('feed', await p50('feed', `${origin}${new URL(httpsUrl).pathname}`, {}));
  return results;
}

async function main() {
  const summary: string[] = [];
  let failed = false;
  await forEachBenchStore(async (bench) => {
    const results = await runStore(bench);
    const floor = results.get('floor (health)') ?? NaN;
    for (const [name, ms] of results) {
      const goal = GOALS[name as keyof typeof GOALS] as number | undefined;
      if (goal !== undefined && !(ms <= goal)) failed = true;
      summary.push(
        `  ${bench.kind.padEnd(9)} ${name.padEnd(15)} p50 ${ms.toFixed(2).padStart(8)} ms  ${(ms / floor).toFixed(1).padStart(6)}x floor${goal === undefined ? '' : `  goal ${goal} ms${ms <= goal ? '' : '  ABOVE GOAL'}`}`,
      );
    }
  });
  console.log(
    `calendar series: a ten-year weekly series and ${SINGLE_EVENTS.toLocaleString('en-US')} single events, ${samples} samples each`,
  );
  for (const line of summary) console.log(line);
  if (failed) process.exitCode = 1;
}

await main();

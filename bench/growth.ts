/**
 * `npm run bench:growth`: the calendar screen's own requests as the troop's calendar grows to
 * 1,000, 100,000 and 1,000,000 events, on SQLite and PostgreSQL, through the compiled server.
 *
 * The screen (web/src/screens/calendar/use-calendar-events.ts) reads the calendar in pages by
 * date, then time, with a cursor; these are its requests, sent as the SDK sends them:
 *
 * - first page: the first CALENDAR_PAGE events;
 * - next page: the page after an event in the middle of the calendar (a cursor);
 * - with a count: the first page with `Prefer: count=estimated` (offered for screens that show
 *   a total without needing it exactly; the calendar does not ask for one).
 *
 * Each is sent one at a time, as a browser would, SAMPLES times per size; the p50 at a million
 * is compared with the p50 at a thousand (goal: at most 1.5x). The table grows in place between
 * sizes. Settings: BENCH_STORES (default `sqlite,postgres`), BENCH_SAMPLES (default 200),
 * BENCH_PG_URL.
 */
import { loadConfig } from '../server/src/config.ts';
import { totalOrder } from '../server/src/rest/build-sql.ts';
import { encodeCursor } from '../server/src/rest/cursor.ts';
import { parseQuery } from '../server/src/rest/parse-query.ts';
import {
  benchMember,
  forEachBenchStore,
  freshStatistics,
  seedEvents,
  startOurServer,
  type BenchStore,
} from './bench-stores.ts';
import { freePort, waitFor } from './processes.ts';
import { sequentialP50, type TimedRequest } from './sequential-p50.ts';

const SIZES = [1_000, 100_000, 1_000_000];
/** As the screen asks (use-calendar-events.ts). */
const CALENDAR_PAGE = 1_000;
const FIELDS = 'id,user_id,event_name,event_date,event_time,hyperlink,creator_name,created_at';
const TARGET = 1.5;
const samples = Number(process.env.BENCH_SAMPLES || 200);

async function requestsFor(base: string, token: string): Promise<TimedRequest[]> {
  const auth = { authorization: `Bearer ${token}` };
  const order = 'event_date.asc,event_time.asc';
  const list = `${base}?select=${FIELDS}&order=${order}&limit=${CALENDAR_PAGE}`;
  // The page after the event half-way through the calendar (a full page after it), as a cursor
  // names it.
  const counted = await fetch(`${base}?select=id&limit=1`, {
    headers: { ...auth, prefer: 'count=exact' },
  });
  const total = Number(/\/(\d+)$/.exec(counted.headers.get('content-range') ?? '')?.[1]);
  const middle = await fetch(
    `${base}?select=event_date,event_time,id&order=${order}&offset=${Math.max(0, Math.min(Math.floor(total / 2), total - CALENDAR_PAGE - 1))}&limit=1`,
    { headers: auth },
  );
  const [row] = (await middle.json()) as Record<string, unknown>[];
  if (!row) throw new Error('no event half-way through the calendar');
  const cursor = encodeCursor(totalOrder(parseQuery(`order=${order}`).order), row);
  return [
    { name: 'first page', url: list, headers: auth },
    { name: 'next page', url: `${list}&cursor=${cursor}`, headers: auth },
    {
      name: 'first page + estimated count',
      url: list,
      headers: { ...auth, prefer: 'count=estimated' },
    },
  ];
}

async function runStore(bench: BenchStore): Promise<Map<string, number[]>> {
  const member = await benchMember(bench, Date.UTC(2026, 0, 1));
  const port = await freePort();
  const projectId = loadConfig({}).projectId;
  const server = startOurServer(bench, port, { LOG_LEVEL: 'warn' });
  await waitFor(`http://127.0.0.1:${port}/api/health`, server);
  const base = `http://127.0.0.1:${port}/api/db/${projectId}/rest/v1/calendar_events`;
  const results = new Map<string, number[]>();
  let seeded = 0;
  for (const size of SIZES) {
    const started = performance.now();
    // Ten years of dates, so a million events are a few hundred a day, as a big calendar is.
    await seedEvents(bench.store, member.userId, size - seeded, { first: seeded, years: 10 });
    seeded = size;
    await freshStatistics(bench);
    console.log(
      `  ${bench.kind}: ${size.toLocaleString('en-US')} events (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s)`,
    );
    for (const req of await requestsFor(base, member.token)) {
      const ms = await sequentialP50(req, samples, 10);
      console.log(`    ${req.name.padEnd(30)} p50 ${ms.toFixed(2)} ms`);
      results.set(req.name, [...(results.get(req.name) ?? []), ms]);
    }
  }
  return results;
}

async function main() {
  const summary: string[] = [];
  let failed = false;
  await forEachBenchStore(async (bench) => {
    console.log(`${bench.kind}:`);
    const results = await runStore(bench);
    for (const [name, times] of results) {
      const [small, , large] = times;
      const ratio = (large ?? NaN) / (small ?? NaN);
      if (!(ratio <= TARGET)) failed = true;
      summary.push(
        `  ${bench.kind.padEnd(9)} ${name.padEnd(30)} ${times.map((t) => `${t.toFixed(2)} ms`).join(' / ')}  million/thousand ${ratio.toFixed(2)}${ratio <= TARGET ? '' : '  ABOVE TARGET'}`,
      );
    }
  });
  console.log('');
  console.log(
    `p50 at ${SIZES.map((s) => s.toLocaleString('en-US')).join(' / ')} events (goal: a million at most ${TARGET}x a thousand):`,
  );
  for (const line of summary) console.log(line);
  if (failed) process.exitCode = 1;
}

await main();

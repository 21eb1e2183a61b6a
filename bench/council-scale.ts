/**
 * `npm run bench:council`: a council's worth on one server process beside a one-troop server of
 * the same troop size, on SQLite and PostgreSQL, through the compiled server (issue "Many troops
 * on one server", docs/decisions/065-troops.md).
 *
 * - The council's server: 100 troops of one council, each with 80 accounts, 1,000 single events
 *   over three years, a weekly meeting series and 2,000 answers (8,000 accounts, about 100,000
 *   events and 200,000 answers in all), and the council's own 100 events, which every troop reads.
 * - The one-troop server: one troop of the same size, with the council's 100 events and its
 *   meeting series as its own, so a member of either reads the same number of events.
 *
 * A member of troop 50 of the council and a member of the one troop ask, one request at a time:
 * the calendar list's page (1,000 rows, as the app reads it), the month view's occurrences (a
 * six-week grid) and the subscription feed. Each request is timed in two rounds in turn (one-troop
 * server first, then the council's, then the council's first), and each side keeps its lower p50,
 * so a burst of noise on a shared machine weighs on neither. Goal: the council's cost at most 1.3x.
 * Settings: BENCH_STORES (default `sqlite,postgres`), BENCH_SAMPLES (default 30), BENCH_PG_URL.
 */
import { signAccessToken } from '../server/src/auth/tokens.ts';
import { loadConfig } from '../server/src/config.ts';
import { loadOrCreateSecret } from '../server/src/secret.ts';
import { FIRST_TROOP_ID } from '../server/src/store/tenancy.ts';
import {
  benchPgUrl,
  benchStoreKinds,
  openBenchStore,
  startOurServer,
  type BenchStore,
} from './bench-stores.ts';
import {
  benchTroopProject,
  COUNCIL_SIZE,
  COUNCIL_TROOPS,
  dropSeedJobs,
  seedCouncil,
  seedUnit,
  TROOP_SIZE,
} from './council-seed.ts';
import { freePort, stopAll, waitFor } from './processes.ts';
import { sequentialP50 } from './sequential-p50.ts';

const MEASURED = 50;
const TROOP = TROOP_SIZE;
const COUNCIL = COUNCIL_SIZE;
const TROOPS = COUNCIL_TROOPS;
const GOAL = 1.3;
const samples = Number(process.env.BENCH_SAMPLES || 30);

interface Side {
  origin: string;
  projectId: string;
  auth: Record<string, string>;
  feedPath: string;
}

async function councilServer(bench: BenchStore): Promise<{ projectId: string; memberId: string }> {
  const members = await seedCouncil(bench.store);
  return { projectId: benchTroopProject(MEASURED), memberId: members.get(MEASURED) ?? '' };
}

async function oneTroopServer(bench: BenchStore): Promise<{ projectId: string; memberId: string }> {
  // The council's events and its meeting series as the troop's own: the same calendar to read.
  const own = { ...TROOP, events: TROOP.events + COUNCIL.events, series: 2 };
  const unit = await seedUnit(bench.store, FIRST_TROOP_ID, own, 1000 + MEASURED);
  await dropSeedJobs(bench.store);
  return { projectId: loadConfig({}).projectId, memberId: unit.memberId };
}

async function serve(
  bench: BenchStore,
  seeded: { projectId: string; memberId: string },
): Promise<Side> {
  const port = await freePort();
  const server = startOurServer(bench, port, { LOG_LEVEL: 'warn', JOBS_POLL_MS: '0' });
  const origin = `http://127.0.0.1:${port}`;
  await waitFor(`${origin}/api/health`, server);
  const token = await signAccessToken(
    loadOrCreateSecret(bench.dataDir),
    {
      sub: seeded.memberId,
      role: 'user',
      pid: seeded.projectId,
      email: `${seeded.memberId}@bench.example`,
    },
    Date.now(),
  );
  const auth = { authorization: `Bearer ${token}` };
  const res = await fetch(`${origin}/api/calendar/${seeded.projectId}/feed-url`, { headers: auth });
  if (res.status !== 200) throw new Error(`feed-url answered ${res.status}`);
  const { httpsUrl } = (await res.json()) as { httpsUrl: string };
  return { origin, projectId: seeded.projectId, auth, feedPath: new URL(httpsUrl).pathname };
}

const LIST_SELECT =
  'id,user_id,event_name,event_date,event_time,hyperlink,creator_name,created_at,all_day,end_date,end_time,location,series_id';

const REQUESTS: Record<string, (s: Side) => { url: string; headers: Record<string, string> }> = {
  'calendar page (1,000 rows)': (s) => ({
    url: `${s.origin}/api/db/${s.projectId}/rest/v1/calendar_events?select=${LIST_SELECT}&order=event_date.asc,event_time.asc&limit=1000`,
    headers: s.auth,
  }),
  'month view (6 weeks)': (s) => ({
    url: `${s.origin}/api/calendar/${s.projectId}/occurrences?from=2027-02-22&to=2027-04-04`,
    headers: s.auth,
  }),
  feed: (s) => ({ url: `${s.origin}${s.feedPath}`, headers: {} }),
};

/** The size of one answer, so the two sides are seen to answer alike. */
async function answerBytes(name: string, side: Side): Promise<number> {
  const req = REQUESTS[name]?.(side);
  if (!req) throw new Error(`no request ${name}`);
  return (await (await fetch(req.url, { headers: req.headers })).arrayBuffer()).byteLength;
}

async function measure(name: string, side: Side): Promise<number> {
  const req = REQUESTS[name]?.(side);
  if (!req) throw new Error(`no request ${name}`);
  return sequentialP50({ name, ...req }, samples, 5);
}

async function runStore(kind: BenchStore['kind']): Promise<string[]> {
  const single = await openBenchStore(kind, benchPgUrl());
  const council = await openBenchStore(kind, benchPgUrl());
  try {
    const started = Date.now();
    const one = await serve(single, await oneTroopServer(single));
    const many = await serve(council, await councilServer(council));
    const lines = [
      `  ${kind}: seeded and started in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    ];
    for (const name of Object.keys(REQUESTS)) {
      const a1 = await measure(name, one);
      const b1 = await measure(name, many);
      const b2 = await measure(name, many);
      const a2 = await measure(name, one);
      const base = Math.min(a1, a2);
      const ours = Math.min(b1, b2);
      const ratio = ours / base;
      const sizes = `${await answerBytes(name, one)} / ${await answerBytes(name, many)} bytes`;
      lines.push(
        `  ${kind.padEnd(9)} ${name.padEnd(27)} one troop p50 ${base.toFixed(2).padStart(7)} ms  council troop ${ours.toFixed(2).padStart(7)} ms  ${ratio.toFixed(2)}x${ratio <= GOAL ? '' : `  ABOVE ${GOAL}x`}  (${sizes})`,
      );
    }
    return lines;
  } finally {
    await stopAll();
    await single.dispose();
    await council.dispose();
  }
}

const lines: string[] = [];
for (const kind of benchStoreKinds()) lines.push(...(await runStore(kind)));
console.log(
  `council scale: ${TROOPS} troops of ${TROOP.accounts} accounts, ${TROOP.events.toLocaleString('en-US')} events and ${TROOP.answers.toLocaleString('en-US')} answers each, and ${COUNCIL.events} council events, beside one troop of the same size; ${samples} samples, best of two rounds`,
);
for (const line of lines) console.log(line);
if (lines.some((l) => l.includes('ABOVE'))) process.exitCode = 1;

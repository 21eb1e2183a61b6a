/**
 * `npm run bench:wave`: a reminder wave of 8,000 mails reaches a real SMTP peer exactly once,
 * and survives `kill -9` (issue "Many troops on one server", Scale, measured).
 *
 * 100 troops of a council with 80 accounts each (8,000 accounts, bench/wave-seed.ts), every one
 * due a reminder of its troop's event at once. The compiled server (server/dist/main.js) sends
 * through SMTP to a real `smtp-server` peer in this process (bench/wave-peer.ts), which keeps what
 * it accepted.
 *
 * - PostgreSQL + Redis, two server processes A and B. Once a third of the mails arrived, A is
 *   killed with SIGKILL and started again; once two thirds arrived, B is killed the same way.
 * - SQLite, one server process, killed once half the mails arrived and started again.
 *
 * Counted at the peer: per recipient, how many reminders arrived (missing and duplicates listed
 * by recipient, with the Message-IDs of the copies), the wall time from the first mail to the
 * last, mails/s, and per kill: the jobs the dead process held (taken again when their lease runs
 * out, JOBS_LEASE_MS), how long until the next mail arrived from anyone, and until the last of the
 * dead process's jobs was done. Exit code 1 on a missing reminder, or on a duplicate beyond what
 * SMTP leaves open: a process killed after the peer accepted a mail and before its job's done
 * mark committed sends it again under the same Message-ID (docs/decisions/052-durable-jobs.md), so
 * each kill may leave one second copy, which receivers that de-duplicate by Message-ID show once.
 * More copies than kills, three copies of one mail, or copies under different Message-IDs fail.
 *
 * `--quick`: 10 troops (800 mails). Settings: BENCH_STORES (default `sqlite,postgres`),
 * BENCH_PG_URL, BENCH_REDIS_URL (default redis://127.0.0.1:6379), BENCH_LEASE_MS (the servers'
 * JOBS_LEASE_MS, default 15000: the product's 5 minutes would only lengthen the wait).
 */
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { JOB_KINDS } from '../server/src/notices/job-kinds.ts';
import { benchPgUrl, benchStoreKinds, openBenchStore, type BenchStore } from './bench-stores.ts';
import { COUNCIL_TROOPS } from './council-seed.ts';
import { loadConfig } from '../server/src/config.ts';
import { freePort, startProcess, stopAll, waitFor } from './processes.ts';
import { copyServerDist } from './wave-dist.ts';
import { startWavePeer, type Delivery, type WavePeer } from './wave-peer.ts';
import { seedWave } from './wave-seed.ts';

const QUICK = process.argv.includes('--quick');
const TROOPS = QUICK ? 10 : COUNCIL_TROOPS;
const ACCOUNTS_PER_TROOP = 80;
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const LEASE_MS = Number(process.env.BENCH_LEASE_MS || 15_000);
/** The whole wave may take this long before the run gives up. */
const GIVE_UP_MS = 20 * 60_000;

interface Server {
  name: string;
  child: ChildProcess;
}

interface Kill {
  name: string;
  /** performance.now() of the kill. */
  at: number;
  /** Mails accepted by the peer when the process died. */
  deliveredBefore: number;
  /** Jobs the dead process held (leased, not done), by kind. */
  stranded: Map<string, number>;
  /** ms from the kill to the next mail accepted by the peer, from any process. */
  nextMailMs: number | null;
  /** ms from the kill until the last job the dead process held was done. */
  strandedDoneMs: number | null;
}

/** Processes start from a copy: a rebuild of server/dist during the run cannot fail a restart. */
const dist = await copyServerDist();
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(what: string, ready: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + GIVE_UP_MS;
  while (!(await ready())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await pause(20);
  }
}

async function count(bench: BenchStore, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await bench.store.query<{ n: number | string }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

/** Jobs a process (worker id `<pid>-...`) leased and did not finish, by kind. */
async function heldBy(bench: BenchStore, pid: number): Promise<Map<string, number>> {
  const { rows } = await bench.store.query<{ kind: string; n: number | string }>(
    `SELECT kind, count(*) AS n FROM jobs
     WHERE leased_by LIKE ? AND done_at IS NULL AND failed_at IS NULL AND lease_until IS NOT NULL
     GROUP BY kind ORDER BY kind`,
    [`${pid}-%`],
  );
  return new Map(rows.map((r) => [r.kind, Number(r.n)]));
}

async function startServer(bench: BenchStore, peer: WavePeer, name: string): Promise<Server> {
  const port = await freePort();
  // bench-stores.ts startOurServer's settings, from the copy of the compiled server.
  const child = startProcess(`our server ${name} (${bench.kind})`, dist.main, {
    DATA_DIR: bench.dataDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    PROJECT_ID: loadConfig({}).projectId,
    DATABASE_URL: bench.databaseUrl,
    REDIS_URL: bench.kind === 'postgres' ? REDIS_URL : '',
    S3_BUCKET: '',
    WEB_DIR: path.join(bench.dataDir, 'no-web'),
    LOG_LEVEL: 'warn',
    SMTP_URL: peer.url,
    JOBS_POLL_MS: '1000',
    JOBS_LEASE_MS: String(LEASE_MS),
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`, child);
  return { name, child };
}

/** Kills `server` with SIGKILL once `at` mails arrived, starts it again, and follows its jobs. */
async function killAt(
  bench: BenchStore,
  peer: WavePeer,
  server: Server,
  at: number,
): Promise<{ kill: Kill; restarted: Server; followed: Promise<void> }> {
  await until(`${at} mails`, () => peer.deliveries.length >= at);
  // A moment of the sending cycle picked at random: a fixed pause after a mail arrived would
  // line up with the same step of the next mail every run.
  await pause(Math.floor(Math.random() * 500));
  const pid = server.child.pid!;
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  const killedAt = performance.now();
  await exited;
  const deliveredBefore = peer.deliveries.length;
  const kill: Kill = {
    name: server.name,
    at: killedAt,
    deliveredBefore,
    stranded: await heldBy(bench, pid),
    nextMailMs: null,
    strandedDoneMs: null,
  };
  const followed = (async () => {
    await until('the next mail', () => peer.deliveries.length > deliveredBefore);
    kill.nextMailMs = peer.deliveries[deliveredBefore]!.at - killedAt;
    await until('the dead process’s jobs', async () => (await heldBy(bench, pid)).size === 0);
    kill.strandedDoneMs = performance.now() - killedAt;
  })();
  const restarted = await startServer(bench, peer, `${server.name} (restarted)`);
  return { kill, restarted, followed };
}

interface Outcome {
  lines: string[];
  faults: number;
}

function tally(peer: WavePeer, recipients: string[]) {
  const copies = new Map<string, Delivery[]>(recipients.map((r) => [r, []]));
  const strangers: string[] = [];
  for (const d of peer.deliveries)
    for (const r of d.rcptTo) {
      const list = copies.get(r);
      if (list) list.push(d);
      else strangers.push(r);
    }
  const missing = [...copies].filter(([, ids]) => ids.length === 0).map(([r]) => r);
  const duplicated = [...copies].filter(([, ids]) => ids.length > 1);
  return { missing, duplicated, strangers };
}

/** Duplicates SMTP's acceptance window cannot explain: see the header. */
function beyondTheWindow(duplicated: [string, Delivery[]][], kills: number): number {
  const odd = duplicated.filter(
    ([, copies]) => copies.length > 2 || new Set(copies.map((c) => c.messageId)).size > 1,
  ).length;
  return odd + Math.max(0, duplicated.length - odd - kills);
}

/**
 * A recipient who got more than one copy: its Message-IDs, its job's runs, and when each copy
 * arrived beside the nearest kill (a copy accepted just before a kill is the at-least-once window).
 */
async function describeDuplicate(
  bench: BenchStore,
  recipient: string,
  copies: Delivery[],
  kills: Kill[],
): Promise<string> {
  const ids = [...new Set(copies.map((c) => c.messageId))];
  const jobId = /^<job-([0-9a-f-]{36})\./.exec(ids[0] ?? '')?.[1] ?? '';
  const { rows } = await bench.store.query<{ attempts: number }>(
    'SELECT attempts FROM jobs WHERE id = ?',
    [jobId],
  );
  const when = copies.map((c) => {
    const near = kills.reduce((a, b) => (Math.abs(b.at - c.at) < Math.abs(a.at - c.at) ? b : a));
    const ms = c.at - near.at;
    const rel = (t: number) => `${(t - near.at).toFixed(0)} ms`;
    return `${Math.abs(ms).toFixed(0)} ms ${ms < 0 ? 'before' : 'after'} the kill of ${near.name} (its connection opened at ${rel(c.openedAt)}, DATA at ${rel(c.dataAt)})`;
  });
  return `  DUPLICATE ${recipient}: ${copies.length} copies, ${ids.length === 1 ? 'one Message-ID' : 'different Message-IDs'} ${ids.join(' ')}; its job ran ${rows[0]?.attempts ?? '?'} times; copies accepted ${when.join(', ')}`;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? 0;

/**
 * The at-least-once window, measured from its middle: for each mail, from the peer accepting it
 * to its job being marked done (the job's id is in the Message-ID, mail/message-id.ts). The window
 * opens earlier, when the sender has written the message's final dot: a process killed from then
 * until the done mark leaves a job that is sent again, under the same Message-ID.
 */
async function sentToDoneMs(bench: BenchStore, peer: WavePeer): Promise<number[]> {
  const { rows } = await bench.store.query<{ id: string; done_at: string }>(
    'SELECT id, done_at FROM jobs WHERE kind = ? AND done_at IS NOT NULL',
    [JOB_KINDS.mail],
  );
  const doneAt = new Map(rows.map((r) => [r.id, Date.parse(r.done_at)]));
  const accepted = new Map<string, number>();
  for (const d of peer.deliveries) {
    const job = /^<job-([0-9a-f-]{36})\./.exec(d.messageId)?.[1];
    if (job) accepted.set(job, d.wallAt);
  }
  return [...accepted]
    .filter(([job]) => doneAt.has(job))
    .map(([job, at]) => doneAt.get(job)! - at)
    .sort((x, y) => x - y);
}

async function runStore(kind: BenchStore['kind']): Promise<Outcome> {
  const bench = await openBenchStore(kind, benchPgUrl());
  const peer = await startWavePeer();
  try {
    const seeding = Date.now();
    const { recipients } = await seedWave(bench.store, TROOPS, ACCOUNTS_PER_TROOP);
    const seededS = (Date.now() - seeding) / 1000;
    const total = recipients.length;
    const started = performance.now();
    const a = await startServer(bench, peer, 'A');
    const kills: Kill[] = [];
    const following: Promise<void>[] = [];
    if (kind === 'postgres') {
      const b = await startServer(bench, peer, 'B');
      const first = await killAt(bench, peer, a, Math.round(total / 3));
      kills.push(first.kill);
      following.push(first.followed);
      const second = await killAt(bench, peer, b, Math.round((2 * total) / 3));
      kills.push(second.kill);
      following.push(second.followed);
    } else {
      const only = await killAt(bench, peer, a, Math.round(total / 2));
      kills.push(only.kill);
      following.push(only.followed);
    }
    // The wave is over when every reminder was scheduled and no job is left to run.
    await until('the end of the wave', async () => {
      const scheduled = await count(bench, 'SELECT count(*) AS n FROM jobs WHERE kind = ?', [
        JOB_KINDS.reminder,
      ]);
      const open = await count(
        bench,
        'SELECT count(*) AS n FROM jobs WHERE done_at IS NULL AND failed_at IS NULL',
      );
      return scheduled >= total && open === 0;
    });
    await Promise.all(following);
    const failed = await count(bench, 'SELECT count(*) AS n FROM jobs WHERE failed_at IS NOT NULL');
    const first = peer.deliveries[0]!.at;
    const last = peer.deliveries.at(-1)!.at;
    const wallS = (last - first) / 1000;
    const { missing, duplicated, strangers } = tally(peer, recipients);
    const window = await sentToDoneMs(bench, peer);
    const meanGapMs = ((last - first) / peer.deliveries.length) * (kind === 'postgres' ? 2 : 1);
    const setup =
      kind === 'postgres' ? 'PostgreSQL + Redis, 2 server processes' : 'SQLite, 1 server process';
    const lines = [
      `${setup} (seeded in ${seededS.toFixed(0)} s; ${TROOPS} troops x ${ACCOUNTS_PER_TROOP} accounts; lease ${LEASE_MS / 1000} s)`,
      `  recipients ${total}, mails accepted ${peer.deliveries.length}, duplicates ${duplicated.length}, missing ${missing.length}, failed jobs ${failed}${strangers.length ? `, to strangers ${strangers.length}` : ''}`,
      `  wall ${wallS.toFixed(1)} s from the first mail to the last (${((first - started) / 1000).toFixed(1)} s from start to the first), ${(peer.deliveries.length / wallS).toFixed(0)} mails/s`,
      `  at-least-once window (peer accepted -> job done), ${window.length} mails: p50 ${pct(window, 0.5)} ms, p99 ${pct(window, 0.99)} ms, max ${window.at(-1)} ms; a process sends a mail every ${meanGapMs.toFixed(0)} ms, so a kill at a random moment lands in it at least ${((100 * window.reduce((x, y) => x + y, 0)) / window.length / meanGapMs).toFixed(1)}% of the time`,
      ...kills.map(
        (k) =>
          `  kill -9 of ${k.name} after ${k.deliveredBefore} mails: it held ${[...k.stranded].map(([kind, n]) => `${n} ${kind}`).join(', ') || 'no'} jobs; next mail ${k.nextMailMs?.toFixed(0)} ms after the kill; its jobs all done ${((k.strandedDoneMs ?? 0) / 1000).toFixed(1)} s after`,
      ),
      ...(await Promise.all(
        duplicated.map(async ([r, copies]) => describeDuplicate(bench, r, copies, kills)),
      )),
      ...missing.slice(0, 20).map((r) => `  MISSING ${r}`),
    ];
    return {
      lines,
      faults: missing.length + strangers.length + beyondTheWindow(duplicated, kills.length),
    };
  } finally {
    await stopAll();
    await peer.close();
    await bench.dispose();
  }
}

console.log(
  `reminder wave: ${TROOPS * ACCOUNTS_PER_TROOP} reminders, one per account, to a real SMTP peer, surviving kill -9${QUICK ? ' (--quick: a SHORTER run than the goal of 8,000)' : ''}`,
);
let faults = 0;
try {
  for (const kind of benchStoreKinds()) {
    const outcome = await runStore(kind);
    faults += outcome.faults;
    for (const line of outcome.lines) console.log(line);
  }
} finally {
  dist.dispose();
}
if (faults > 0) process.exitCode = 1;

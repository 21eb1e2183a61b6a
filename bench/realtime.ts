/**
 * `npm run bench:realtime --workspace server`: realtime fan-out. 1,000 sockets subscribe to one
 * channel; publishers send 100 messages a second for 10 s; every delivery's latency is taken
 * from the send time carried in the message. The same load runs against a floor (a bare `ws`
 * server broadcasting the same frames, bench/realtime-floor.ts) and against our server
 * (server/src/main.ts, embedded bus), each in its own process, clients in this one.
 *
 * Targets: 100% delivered, at least 0.7 of the floor's delivery rate, p99 at most twice the
 * floor's. Settings: BENCH_SUBSCRIBERS (1000), BENCH_RATE (messages a second, 100),
 * BENCH_DURATION (seconds, 10), BENCH_ROUNDS (2; the order alternates, latencies are pooled);
 * BENCH_CPU_PROF_DIR=DIR writes a CPU profile of our server there.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WebSocket } from 'ws';
import { freePort, serverOptions, startServer } from '../server/test/server-process.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const SUBSCRIBERS = Number(process.env.BENCH_SUBSCRIBERS || 1000);
const RATE = Number(process.env.BENCH_RATE || 100);
const DURATION_S = Number(process.env.BENCH_DURATION || 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS || 2);
/**
 * Our server allows 50 frames a second per socket (bursts of 100); the load is spread over
 * publishers at 5 a second each so a stalled bench process catching up never trips the limit.
 */
const PUBLISHERS = Math.max(1, Math.ceil(RATE / 5));
const CHANNEL = 'bench';
const CONNECT_BATCH = 50;

interface Result {
  name: string;
  expected: number;
  delivered: number;
  perSecond: number;
  samples: Float64Array;
}

const nowMs = () => performance.timeOrigin + performance.now();
const M = 'm'.charCodeAt(0);
const SENT_AT = Buffer.from('"sentAt":');

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
  });
}

function waitFor(ws: WebSocket, type: string): Promise<void> {
  return new Promise((resolve) => {
    const onMessage = (raw: Buffer) => {
      if (String(raw).startsWith(`{"type":"${type}"`)) {
        ws.off('message', onMessage);
        resolve();
      }
    };
    ws.on('message', onMessage);
  });
}

async function measure(name: string, url: string): Promise<Result> {
  const expected = RATE * DURATION_S * SUBSCRIBERS;
  const latencies = new Float64Array(expected);
  let delivered = 0;
  let lastDelivery = 0;
  const subscribers: WebSocket[] = [];
  for (let i = 0; i < SUBSCRIBERS; i += CONNECT_BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(CONNECT_BATCH, SUBSCRIBERS - i) }, () => open(url)),
    );
    await Promise.all(
      batch.map((ws) => {
        const acked = waitFor(ws, 'subscribed');
        ws.send(JSON.stringify({ type: 'subscribe', payload: { channel: CHANNEL } }));
        return acked;
      }),
    );
    subscribers.push(...batch);
  }
  let lastOther = nowMs();
  const closes = new Map<number, number>();
  for (const ws of subscribers) {
    ws.on('message', (raw: Buffer) => {
      // Only messages are deliveries; other frames (presence lists, acks) are not even decoded.
      // `{"type":"message"`: byte 9 is the type's first letter.
      if (raw[9] !== M) {
        lastOther = nowMs();
        return;
      }
      const at = nowMs();
      const i = raw.indexOf(SENT_AT);
      const sentAt = Number.parseFloat(
        raw.toString('latin1', i + SENT_AT.length, i + SENT_AT.length + 24),
      );
      if (delivered < expected) latencies[delivered] = at - sentAt;
      delivered++;
      lastDelivery = at;
    });
    ws.on('close', (code: number) => closes.set(code, (closes.get(code) ?? 0) + 1));
  }
  const publishers = await Promise.all(Array.from({ length: PUBLISHERS }, () => open(url)));
  for (const ws of publishers)
    ws.on('close', (code: number) => closes.set(code, (closes.get(code) ?? 0) + 1));
  // Measure once the joins' presence announcements are over: 2.5 s without any.
  const settleBy = nowMs() + 60_000;
  while (nowMs() - lastOther < 2500 && nowMs() < settleBy)
    await new Promise((r) => setTimeout(r, 100));

  const total = RATE * DURATION_S;
  let sent = 0;
  const start = nowMs();
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const due = Math.min(total, Math.floor(((nowMs() - start) / 1000) * RATE) + 1);
      for (; sent < due; sent++) {
        const ws = publishers[sent % PUBLISHERS] as WebSocket;
        ws.send(
          JSON.stringify({
            type: 'publish',
            payload: { channel: CHANNEL, type: 'tick', data: { n: sent, sentAt: nowMs() } },
          }),
        );
      }
      if (sent >= total) {
        clearInterval(tick);
        resolve();
      }
    }, 2);
  });
  const deadline = nowMs() + 10_000;
  while (delivered < expected && nowMs() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (closes.size > 0)
    console.log(
      `${name}: sockets closed by the server during the run, by close code:`,
      Object.fromEntries(closes),
    );
  for (const ws of [...subscribers, ...publishers]) {
    ws.removeAllListeners('close');
    ws.terminate();
  }

  return {
    name,
    expected,
    delivered,
    perSecond: delivered / ((lastDelivery - start) / 1000),
    samples: latencies.subarray(0, Math.min(delivered, expected)),
  };
}

async function startFloor(port: number) {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(here, 'realtime-floor.ts'), String(port)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (d) => String(d).includes('listening') && resolve());
    child.once('exit', () => reject(new Error('floor server exited')));
  });
  return {
    stop: () =>
      new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM'))),
  };
}

const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

interface Summary {
  name: string;
  deliveredShare: number;
  perSecond: number;
  p50: number;
  p99: number;
}

/** Rounds pooled: every delivery's latency counts once, rates are averaged. */
function summarize(name: string, results: Result[]): Summary {
  const all = new Float64Array(results.reduce((n, r) => n + r.samples.length, 0));
  let at = 0;
  for (const r of results) {
    all.set(r.samples, at);
    at += r.samples.length;
  }
  all.sort();
  const pct = (p: number) =>
    all.length ? (all[Math.min(all.length - 1, Math.floor(p * all.length))] as number) : NaN;
  return {
    name,
    deliveredShare:
      results.reduce((n, r) => n + r.delivered, 0) / results.reduce((n, r) => n + r.expected, 0),
    perSecond: results.reduce((n, r) => n + r.perSecond, 0) / results.length,
    p50: pct(0.5),
    p99: pct(0.99),
  };
}

async function main() {
  console.log(
    `realtime fan-out: ${SUBSCRIBERS} subscribers, ${RATE} messages/s for ${DURATION_S} s, ${PUBLISHERS} publisher sockets, ${ROUNDS} rounds`,
  );
  const opts = serverOptions();
  const floorResults: Result[] = [];
  const ourResults: Result[] = [];
  const runFloor = async () => {
    const floorPort = await freePort();
    const floor = await startFloor(floorPort);
    floorResults.push(await measure('floor (bare ws)', `ws://127.0.0.1:${floorPort}`));
    await floor.stop();
  };
  const runOurs = async () => {
    const ours = await startServer({
      ...opts,
      port: await freePort(),
      env: { REALTIME_ANONYMOUS_CHANNELS: CHANNEL, LOG_LEVEL: 'error' },
      ...(process.env.BENCH_CPU_PROF_DIR
        ? {
            nodeArgs: [
              '--cpu-prof',
              `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF_DIR)}`,
            ],
          }
        : {}),
    });
    ourResults.push(
      await measure(
        'scout server',
        `${ours.baseUrl.replace('http', 'ws')}/api/realtime/ws?project_id=${opts.projectId}`,
      ),
    );
    await ours.stop();
  };
  // The order alternates (floor first, then ours first) so drift on a shared machine hits both alike.
  for (let round = 1; round <= ROUNDS; round++) {
    for (const run of round % 2 ? [runFloor, runOurs] : [runOurs, runFloor]) await run();
    for (const r of [floorResults.at(-1), ourResults.at(-1)] as Result[]) {
      const s = summarize(r.name, [r]);
      console.log(
        `  round ${round} ${r.name.padEnd(16)} delivered ${fmt(100 * s.deliveredShare, 2)}%  ${fmt(s.perSecond, 0)}/s  p50 ${fmt(s.p50, 2)} ms  p99 ${fmt(s.p99, 2)} ms`,
      );
    }
  }
  fs.rmSync(opts.dataDir, { recursive: true, force: true });

  const floorSummary = summarize('floor (bare ws)', floorResults);
  const ourSummary = summarize('scout server', ourResults);
  console.log('');
  console.log(
    `${'target'.padEnd(18)}${'delivered'.padStart(12)}${'deliveries/s'.padStart(15)}${'p50 ms'.padStart(10)}${'p99 ms'.padStart(10)}`,
  );
  for (const r of [floorSummary, ourSummary]) {
    console.log(
      `${r.name.padEnd(18)}${`${fmt(100 * r.deliveredShare, 2)}%`.padStart(12)}${fmt(r.perSecond, 0).padStart(15)}${fmt(r.p50, 2).padStart(10)}${fmt(r.p99, 2).padStart(10)}`,
    );
  }
  const rateRatio = ourSummary.perSecond / floorSummary.perSecond;
  const p50Ratio = ourSummary.p50 / floorSummary.p50;
  const p99Ratio = ourSummary.p99 / floorSummary.p99;
  console.log(
    `${'ours / floor'.padEnd(18)}${''.padStart(12)}${fmt(rateRatio, 2).padStart(15)}${fmt(p50Ratio, 2).padStart(10)}${fmt(p99Ratio, 2).padStart(10)}`,
  );
  console.log('');
  const checks = [
    ['100% delivered', ourSummary.deliveredShare === 1],
    ['rate >= 0.7 x floor', rateRatio >= 0.7],
    ['p99 <= 2 x floor', p99Ratio <= 2],
  ] as const;
  for (const [what, ok] of checks) console.log(`${ok ? 'PASS' : 'MISS'}  ${what}`);
}

await main();

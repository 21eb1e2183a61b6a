/**
 * Start-up time and memory of the compiled server.
 *
 * - `npm start` to the first 200 from /api/health (the goal: 1.5 s), beside a floor (a bare
 *   `node:http` server answering the same path, started the same way by plain `node`) and the
 *   server run from TypeScript source through tsx, each the median of five cold starts.
 * - Idle resident memory (VmRSS) two seconds after the first answer (the goal: 120 MB).
 * - What 1,000 subscribed WebSocket clients add to it (the goal: 50 MB).
 *
 * Run: npm run bench:startup
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import WebSocket from 'ws';
import { freePort } from './processes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = 5;
const CLIENTS = 1000;

const FLOOR_SOURCE = `require('node:http').createServer((req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"status":"ok"}'); }).listen(Number(process.env.PORT), '127.0.0.1');`;

interface Started {
  child: ChildProcess;
  port: number;
  ms: number;
  dataDir: string;
}

async function start(command: string, args: string[]): Promise<Started> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-bench-start-'));
  const began = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      REALTIME_ANONYMOUS_CHANNELS: 'bench',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${command} ${args.join(' ')} exited with ${child.exitCode}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  return { child, port, ms: performance.now() - began, dataDir };
}

async function stop(s: Started) {
  // npm start runs the server in a child of its own: end the whole process group.
  try {
    process.kill(-(s.child.pid as number), 'SIGTERM');
  } catch {
    // already gone
  }
  if (s.child.exitCode === null) await new Promise((r) => s.child.once('exit', r));
  fs.rmSync(s.dataDir, { recursive: true, force: true });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function startupMedian(label: string, command: string, args: string[]): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const s = await start(command, args);
    times.push(s.ms);
    await stop(s);
  }
  const m = median(times);
  console.log(
    `${label.padEnd(34)} median ${m.toFixed(0)} ms  (runs: ${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
  return m;
}

function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function subscribeClients(port: number, n: number): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = Array.from({ length: Math.min(100, n - i) }, () => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/api/realtime/ws?project_id=scout-troop`);
      sockets.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('open', () =>
          ws.send(JSON.stringify({ type: 'subscribe', payload: { channel: 'bench' } })),
        );
        ws.on('message', (data: Buffer) => {
          const frame = JSON.parse(data.toString()) as { type: string };
          if (frame.type === 'subscribed') resolve();
          if (frame.type === 'error') reject(new Error(data.toString()));
        });
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

async function main() {
  console.log(`start-up: ${RUNS} cold starts each, on a fresh data folder\n`);
  const floor = await startupMedian('floor: bare node:http', process.execPath, [
    '-e',
    FLOOR_SOURCE,
  ]);
  const ours = await startupMedian('npm start (compiled server)', 'npm', ['start', '--silent']);
  const direct = await startupMedian('node server/dist/main.js', process.execPath, [
    'server/dist/main.js',
  ]);
  const source = await startupMedian('peer: tsx server/src/main.ts', process.execPath, [
    '--import',
    'tsx',
    'server/src/main.ts',
  ]);
  console.log(
    `\nnpm start: ${ours.toFixed(0)} ms (goal 1500 ms); ratio to the floor ${(ours / floor).toFixed(2)}; ` +
      `compiled ${direct.toFixed(0)} ms vs source through tsx ${source.toFixed(0)} ms (${(source / direct).toFixed(2)}x)`,
  );

  const s = await start(process.execPath, ['server/dist/main.js']);
  await new Promise((r) => setTimeout(r, 2000));
  const idle = rssMb(s.child.pid as number);
  const sockets = await subscribeClients(s.port, CLIENTS);
  await new Promise((r) => setTimeout(r, 2000));
  const loaded = rssMb(s.child.pid as number);
  for (const ws of sockets) ws.terminate();
  await stop(s);
  console.log(`idle RSS ${idle.toFixed(1)} MB (goal <= 120 MB)`);
  console.log(
    `with ${CLIENTS} subscribed WebSocket clients: ${loaded.toFixed(1)} MB, +${(loaded - idle).toFixed(1)} MB (goal <= 50 MB)`,
  );
}

await main();

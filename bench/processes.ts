/**
 * What every benchmark needs to run servers beside each other: free loopback ports, child
 * processes started with tsx whose failures are shown, waiting for them to answer, and stopping
 * them all at the end. Also a seeded random source, so every run measures the same data.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');

/** Deterministic data: every run measures the same rows. */
export function mulberry32(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

const children: ChildProcess[] = [];

/**
 * Runs `script` (relative to server/): TypeScript under tsx, JavaScript (the compiled server,
 * `dist/main.js`) on plain node. Its stderr is printed if it exits with an error.
 * `BENCH_NODE_ARGS` adds node flags to every process started, to profile a run:
 * `BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" npm run bench:sign-in`.
 */
export function startProcess(
  name: string,
  script: string,
  env: Record<string, string>,
  nodeArgs: string[] = [],
): ChildProcess {
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const profiling = process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...profiling, ...nodeArgs, ...loader, script], {
    cwd: serverDir,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr += d.toString();
  });
  child.on('exit', (code) => {
    if (code !== null && code !== 0) console.error(`${name} exited with ${code}\n${stderr}`);
  });
  children.push(child);
  return child;
}

export async function waitFor(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the process for ${url} has exited`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer within 30 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

export async function stopAll(): Promise<void> {
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) =>
      // A child killed by a signal (a benchmark's kill -9) has no exit code, only its signal.
      c.exitCode === null && c.signalCode === null
        ? new Promise((r) => c.once('exit', r))
        : undefined,
    ),
  );
}

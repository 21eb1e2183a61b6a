/**
 * Runs the real server (server/src/main.ts) as a child process, for end-to-end realtime tests
 * (server and SDK) and the benchmark, and signs access tokens it accepts (it is started with a
 * known JWT_SECRET).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { signAccessToken } from '../src/auth/tokens.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ServerOptions {
  port: number;
  projectId: string;
  jwtSecret: Buffer;
  dataDir: string;
  env?: Record<string, string>;
  /** Extra node flags, e.g. --cpu-prof. */
  nodeArgs?: string[];
}

export interface RunningServer {
  readonly baseUrl: string;
  /** Ends the process with `signal` (SIGKILL: a crash) and waits for it to exit. */
  stop(signal?: NodeJS.Signals): Promise<void>;
  output(): string;
  /** The exit code once the process has ended (null while it runs, or when a signal ended it). */
  exitCode(): number | null;
}

export function serverOptions(overrides: Partial<ServerOptions> = {}): Omit<ServerOptions, 'port'> {
  return {
    projectId: `rt-${crypto.randomBytes(4).toString('hex')}`,
    jwtSecret: crypto.randomBytes(32),
    dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'scout-rt-')),
    ...overrides,
  };
}

export async function freePort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export async function startServer(o: ServerOptions): Promise<RunningServer> {
  // One process (node with the tsx loader, not the tsx CLI's wrapper), so a kill is a real crash.
  const child: ChildProcess = spawn(
    process.execPath,
    [...(o.nodeArgs ?? []), '--import', 'tsx', path.join(root, 'server/src/main.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        PORT: String(o.port),
        HOST: '127.0.0.1',
        DATA_DIR: o.dataDir,
        PROJECT_ID: o.projectId,
        JWT_SECRET: o.jwtSecret.toString('base64'),
        DATABASE_URL: '',
        REDIS_URL: '',
        LOG_LEVEL: 'warn',
        WEB_DIR: path.join(o.dataDir, 'no-web'),
        ...o.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => (out += String(d)));
  child.stderr?.on('data', (d) => (out += String(d)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const baseUrl = `http://127.0.0.1:${o.port}`;
  // Compiling the server with tsx takes seconds, many more on a machine busy with other suites.
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited: ${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => out,
    exitCode: () => child.exitCode,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/**
 * A token for `userId`, whose account is made in each server's database (`dataDirs`, the
 * server's own by default) if missing: servers believe tokens only for existing accounts.
 */
export function signToken(
  o: Pick<ServerOptions, 'jwtSecret' | 'projectId' | 'dataDir'>,
  userId: string,
  dataDirs: string[] = [o.dataDir],
): Promise<string> {
  const email = `${userId}@troop12.org`;
  for (const dir of dataDirs) {
    const db = new Database(path.join(dir, 'scout.db'));
    try {
      const now = new Date().toISOString();
      db.prepare(
        'INSERT INTO users (id, email, display_name, role, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING',
      ).run(userId, email, userId, 'user', now, now);
    } finally {
      db.close();
    }
  }
  return signAccessToken(
    o.jwtSecret,
    { sub: userId, role: 'user', pid: o.projectId, email },
    Date.now(),
  );
}

/** Polls `check` until it returns true; fails after `ms`. */
export async function eventually(
  what: string,
  ms: number,
  check: () => boolean | Promise<boolean>,
): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

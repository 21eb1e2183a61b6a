/**
 * Stopping the server: a SIGTERM ends the process within the grace period even while a client
 * holds a request open (a slow upload, a half-sent body), so a restart or a deploy never hangs
 * on one visitor's connection; and a keep-alive connection, idle at the stop or falling idle
 * once its request in flight is answered, is closed and lets the stop end cleanly: exit 0, which
 * also says the grace period (whose end exits 1) was not needed. On SQLite and on PostgreSQL +
 * Redis.
 */
import crypto from 'node:crypto';
import net from 'node:net';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import {
  eventually,
  freePort,
  serverOptions,
  startServer,
  type RunningServer,
} from '../test/server-process.ts';
import { testStoreKinds, type StoreKind } from '../test/test-app.ts';
import { SHUTDOWN_GRACE_MS } from './shutdown.ts';

let server: RunningServer | undefined;
let socket: net.Socket | undefined;
afterEach(async () => {
  socket?.destroy();
  await server?.stop('SIGKILL');
  server = undefined;
});

it('stops within its grace period while a client holds a request open', async () => {
  const port = await freePort();
  server = await startServer({ ...serverOptions(), port });
  const held = net.connect(port, '127.0.0.1');
  socket = held;
  await new Promise<void>((resolve) => held.once('connect', resolve));
  // A body announced at a megabyte, of which ten bytes ever arrive.
  held.write(
    'POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
      'Content-Length: 1000000\r\n\r\n{"email":"',
  );
  await new Promise((r) => setTimeout(r, 200));

  const started = Date.now();
  const stopped = server.stop('SIGTERM');
  const outcome = await Promise.race([
    stopped.then(() => 'exited'),
    new Promise((r) => setTimeout(() => r('still running'), SHUTDOWN_GRACE_MS + 10_000)),
  ]);
  expect(outcome).toBe('exited');
  expect(Date.now() - started).toBeLessThan(SHUTDOWN_GRACE_MS + 10_000);
  expect(server.output()).toMatch(/stopped before every request had finished/);
  server = undefined;
}, 60_000);

/** Redis runs here and on CI; TEST_REDIS_URL points elsewhere. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

/** A server's environment on `kind`: PostgreSQL (a schema of its own) and Redis, or the defaults. */
async function storeEnv(
  kind: StoreKind,
): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  if (kind === 'sqlite') return { env: {}, drop: async () => undefined };
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `s_${crypto.randomBytes(6).toString('hex')}`;
  const run = async (sql: string) => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(sql);
    await c.end();
  };
  await run(`CREATE SCHEMA ${schema}`);
  const url = new URL(base);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    env: { DATABASE_URL: url.toString(), REDIS_URL },
    drop: () => run(`DROP SCHEMA ${schema} CASCADE`),
  };
}

/** A client's keep-alive connection: what it has received, and when it closes. */
async function keepAlive(port: number) {
  const conn = net.connect(port, '127.0.0.1');
  socket = conn;
  let received = '';
  conn.on('data', (d) => (received += String(d)));
  const closed = new Promise<void>((resolve) => conn.once('close', () => resolve()));
  await new Promise<void>((resolve) => conn.once('connect', resolve));
  const answered = () => eventually('an answer', 10_000, () => /\r\n\r\n\{.*\}$/s.test(received));
  return { conn, closed, answered, received: () => received };
}

describe.each(testStoreKinds)('a stop with keep-alive connections open (%s)', (kind) => {
  let store: Awaited<ReturnType<typeof storeEnv>> | undefined;
  afterEach(async () => {
    await server?.stop('SIGKILL');
    server = undefined;
    await store?.drop();
    store = undefined;
  });

  /** A server on `kind`, logging its stop (info) so a test knows when it has begun. */
  async function start() {
    store = await storeEnv(kind);
    const port = await freePort();
    server = await startServer({
      ...serverOptions({ env: { ...store.env, LOG_LEVEL: 'info' } }),
      port,
    });
    return { port, running: server };
  }

  it('exits 0 within the grace period and closes an idle one', async () => {
    const { port, running } = await start();
    const client = await keepAlive(port);
    // One answered request, and the connection kept open for the next, as a browser keeps it.
    client.conn.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    await client.answered();
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(client.received()).not.toMatch(/^connection: close/im);

    await running.stop('SIGTERM');
    expect(running.exitCode(), running.output()).toBe(0);
    await client.closed;
  }, 90_000);

  it('answers a request in flight at the stop, then closes its connection and exits 0', async () => {
    const { port, running } = await start();
    const client = await keepAlive(port);
    const body = JSON.stringify({ email: 'nobody@example.org', password: 'not the password' });
    // The server's "100 Continue" says it has taken the request in, before the stop.
    client.conn.write(
      'POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Expect: 100-continue\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
    );
    await eventually('100 Continue', 10_000, () => /^HTTP\/1\.1 100 /.test(client.received()));

    const stopped = running.stop('SIGTERM');
    await eventually('the stop begun', 10_000, () => /shutting down/.test(running.output()));
    // The rest of the body arrives once the stop has begun: the request is answered, and the
    // connection, idle from then on, is closed rather than kept for a next request.
    client.conn.write(body.slice(10));
    await client.answered();
    expect(client.received()).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 [24]\d\d /);
    await stopped;
    expect(running.exitCode(), running.output()).toBe(0);
    await client.closed;
  }, 90_000);
});

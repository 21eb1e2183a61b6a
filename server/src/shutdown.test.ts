/**
 * Stopping the server: a SIGTERM ends the process within the grace period even while a client
 * holds a request open (a slow upload, a half-sent body), so a restart or a deploy never hangs
 * on one visitor's connection.
 */
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import {
  freePort,
  serverOptions,
  startServer,
  type RunningServer,
} from '../test/server-process.ts';
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

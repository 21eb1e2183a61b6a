/**
 * Two server processes on one Redis: what is published on one reaches sockets on the other,
 * and both show the same presence. Redis runs here and on CI (TEST_REDIS_URL overrides).
 */
import fs from 'node:fs';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  eventually,
  freePort,
  serverOptions,
  signToken,
  startServer,
  type RunningServer,
} from '../../test/server-process.ts';
import { FrameClient } from '../../test/realtime.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';

describe('realtime across two server processes on one Redis', () => {
  const opts = serverOptions();
  const dirB = fs.mkdtempSync(`${opts.dataDir}-b`);
  let a: RunningServer;
  let b: RunningServer;
  const clients: FrameClient[] = [];

  beforeAll(async () => {
    const env = { REDIS_URL };
    [a, b] = await Promise.all([
      startServer({ ...opts, port: await freePort(), env }),
      startServer({ ...opts, dataDir: dirB, port: await freePort(), env }),
    ]);
  }, 60_000);

  afterAll(async () => {
    for (const c of clients) c.ws.terminate();
    await Promise.all([a?.stop(), b?.stop()]);
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`scout:rt:${opts.projectId}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
    for (const d of [opts.dataDir, dirB]) fs.rmSync(d, { recursive: true, force: true });
  });

  async function join(server: RunningServer, userId: string, channel: string) {
    const c = await FrameClient.connect(
      `${server.baseUrl.replace('http', 'ws')}/api/realtime/ws?project_id=${opts.projectId}`,
    );
    clients.push(c);
    c.send('auth', { token: await signToken(opts, userId, [opts.dataDir, dirB]) });
    await c.next('authenticated');
    c.send('subscribe', { channel });
    await c.next('subscribed');
    return c;
  }

  const rest = async (server: RunningServer, path: string, init: RequestInit = {}) => {
    const res = await fetch(`${server.baseUrl}/api/realtime/${opts.projectId}${path}`, {
      ...init,
      headers: {
        authorization: `Bearer ${await signToken(opts, 'user-cy', [opts.dataDir, dirB])}`,
        'content-type': 'application/json',
      },
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- response shapes are asserted by the test
    return (await res.json()) as any;
  };

  it('delivers messages published on one process to subscribers on the other and shares presence', async () => {
    const ann = await join(a, 'user-ann', 'troop-12');
    const bob = await join(b, 'user-bob', 'troop-12');

    await ann.presence('troop-12', ['user-ann', 'user-bob']);
    await bob.presence('troop-12', ['user-ann', 'user-bob']);
    for (const server of [a, b]) {
      const { users } = await rest(server, '/presence?channel=troop-12');
      expect(users.map((u: { userId: string }) => u.userId).sort()).toEqual([
        'user-ann',
        'user-bob',
      ]);
    }

    bob.send('publish', { channel: 'troop-12', type: 'chat', data: 'from B' });
    const fromB = await ann.next('message');
    expect(fromB.payload).toMatchObject({
      channel: 'troop-12',
      type: 'chat',
      data: 'from B',
      userId: 'user-bob',
    });

    const { messageId } = await rest(a, '/publish', {
      method: 'POST',
      body: JSON.stringify({ channel: 'troop-12', type: 'chat', data: 'from A' }),
    });
    await eventually('bob receives the message published on A', 5000, () =>
      bob.frames.some((f) => f.type === 'message' && f.payload.id === messageId),
    );

    const { messages } = await rest(b, '/messages?channel=troop-12');
    expect(messages.map((m: { data: string }) => m.data)).toEqual(['from B', 'from A']);

    bob.send('unsubscribe', { channel: 'troop-12' });
    await ann.presence('troop-12', ['user-ann']);
  });
});

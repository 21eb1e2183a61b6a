/**
 * The server process dies while SDK clients are subscribed and comes back on the same port:
 * every client is back on its channels and receives the next message. It lives here because it
 * drives the SDK against the real server process, which no single workspace may import.
 */
import fs from 'node:fs';
import { expect, test } from '../support/fixtures.ts';
import { WebSocket } from 'ws';
import type { RealtimeMessage, ScoutClient } from '@scout/sdk';
import { memoryStorage } from '../support/node-window.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';
import {
  eventually,
  freePort,
  serverOptions,
  signToken,
  startServer,
  type RunningServer,
} from '../../server/test/server-process.ts';

/** Spec: backoff 1, 2, 4, 8, 16 s (+ jitter) reaches a restarted server well within 35 s. */
const BACK_WITHIN_MS = 35_000;

const sdk = usePackedSdk();

test.describe('realtime reconnect', () => {
  const opts = serverOptions();
  let server: RunningServer | undefined;
  const clients: ScoutClient['realtime'][] = [];
  test.afterAll(async () => {
    for (const c of clients) c.close();
    await server?.stop('SIGKILL');
    fs.rmSync(opts.dataDir, { recursive: true, force: true });
  });

  test('resubscribes every client after the server is killed and restarted', async () => {
    test.setTimeout(120_000);
    const port = await freePort();
    server = await startServer({ ...opts, port });
    const plan: Record<string, string[]> = {
      'user-ann': ['troop-12', 'troop-12:leaders'],
      'user-bob': ['troop-12'],
      'user-cy': ['troop-12:leaders'],
    };
    const received = new Map<string, RealtimeMessage[]>();
    for (const [userId, channels] of Object.entries(plan)) {
      const { auth, realtime: client } = sdk.createClient({
        projectId: opts.projectId,
        baseUrl: server.baseUrl,
        storage: memoryStorage(),
        WebSocket,
      });
      await auth.setToken(await signToken(opts, userId));
      clients.push(client);
      for (const name of channels) {
        const ch = client.channel(name);
        ch.onMessage((m) =>
          received.set(`${userId}@${name}`, [...(received.get(`${userId}@${name}`) ?? []), m]),
        );
        await ch.subscribe();
      }
    }
    const presenceOf = async (channel: string) =>
      (await clients[0]!.channel(channel).getPresence()).map((u) => u.userId).sort();
    expect(await presenceOf('troop-12')).toEqual(['user-ann', 'user-bob']);

    await server.stop('SIGKILL');
    await eventually('clients notice the lost connection', 10_000, () =>
      clients.every((c) => c.connectionStatus === 'reconnecting'),
    );
    expect(
      clients.flatMap((c) =>
        ['troop-12', 'troop-12:leaders'].map((n) => c.channel(n).isSubscribed),
      ),
    ).not.toContain(true);

    server = await startServer({ ...opts, port });
    // The restarted process knows nobody: presence there proves each client subscribed again.
    await eventually('every client back on its channels', BACK_WITHIN_MS, async () => {
      try {
        return (
          JSON.stringify(await presenceOf('troop-12')) ===
            JSON.stringify(['user-ann', 'user-bob']) &&
          JSON.stringify(await presenceOf('troop-12:leaders')) ===
            JSON.stringify(['user-ann', 'user-cy'])
        );
      } catch {
        return false;
      }
    });

    const publisher = clients[1]!;
    const idA = await publisher.channel('troop-12').publish('chat', 'after restart');
    const idB = await clients[2]!
      .channel('troop-12:leaders')
      .publish('chat', 'leaders after restart');
    const expected: Record<string, string> = {
      'user-ann@troop-12': idA,
      'user-bob@troop-12': idA,
      'user-ann@troop-12:leaders': idB,
      'user-cy@troop-12:leaders': idB,
    };
    await eventually('every subscriber receives the next message', 10_000, () =>
      Object.entries(expected).every(([key, id]) =>
        (received.get(key) ?? []).some((m) => m.id === id),
      ),
    );
    expect(received.get('user-bob@troop-12')?.at(-1)).toMatchObject({
      type: 'chat',
      data: 'after restart',
      userId: 'user-bob',
    });
  });
});

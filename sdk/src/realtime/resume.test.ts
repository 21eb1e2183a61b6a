import { REALTIME_RESTART_JITTER_MS } from '@scout/protocol/limits';
import { afterEach, describe, expect, it } from 'vitest';
import { RealtimeClient } from '../realtime.ts';
import { FakeSocket, manualTimers, settle } from '../../test/realtime-fakes.ts';
import type { SubscribedInfo } from './channel.ts';

const clients: RealtimeClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  FakeSocket.all = [];
});

function open() {
  const timers = manualTimers();
  const backoffCalls: number[] = [];
  const client = new RealtimeClient({
    projectId: 'troop-42',
    baseUrl: 'https://api.scout.test',
    getToken: async () => 'tok-ann',
    WebSocket: FakeSocket,
    timers,
    now: timers.now,
    backoff: (n) => {
      backoffCalls.push(n);
      return 1000;
    },
  });
  clients.push(client);
  return { client, timers, backoffCalls, socket: () => FakeSocket.all.at(-1) as FakeSocket };
}

async function connected(t: ReturnType<typeof open>) {
  await settle();
  const s = t.socket();
  s.open();
  s.reply('connected', { connectionId: 'c1' });
  s.reply('authenticated', { userId: 'user-ann' });
  return s;
}

const message = (id: string, data: unknown) => ({
  channel: 'troop-12',
  id,
  type: 'chat',
  data,
  timestamp: 1,
});

describe('realtime client across a server restart', () => {
  it('comes back at once when the server closes to restart (1012), and backs off after a failure', async () => {
    const t = open();
    void t.client.channel('troop-12').subscribe();
    const s1 = await connected(t);
    s1.reply('subscribed', { channel: 'troop-12' });

    s1.drop(1012);
    expect(t.client.connectionStatus).toBe('reconnecting');
    await t.timers.advance(REALTIME_RESTART_JITTER_MS);
    expect(FakeSocket.all).toHaveLength(2);
    expect(t.backoffCalls).toEqual([]);
    expect(t.client.connectionStatus).toBe('reconnecting');

    // The server is not back yet: from here on the backoff of any lost connection.
    t.socket().drop(1006);
    expect(t.backoffCalls).toEqual([0]);
    await t.timers.advance(999);
    expect(FakeSocket.all).toHaveLength(2);
    await t.timers.advance(1);
    expect(FakeSocket.all).toHaveLength(3);
  });

  it('waits the backoff when the socket closes for any other reason', async () => {
    const t = open();
    void t.client.channel('troop-12').subscribe();
    const s1 = await connected(t);
    s1.reply('subscribed', { channel: 'troop-12' });
    s1.drop(1001);
    expect(t.backoffCalls).toEqual([0]);
    await t.timers.advance(REALTIME_RESTART_JITTER_MS);
    expect(FakeSocket.all).toHaveLength(1);
  });

  it('resubscribes after the last message received and hands each message to listeners once', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    const got: string[] = [];
    const subscribed: SubscribedInfo[] = [];
    ch.onMessage((m) => got.push(m.id));
    ch.onSubscribed((info) => subscribed.push(info));
    void ch.subscribe({ metadata: { name: 'Ann' } });
    const s1 = await connected(t);
    expect(s1.sent.at(-1)).toEqual({
      type: 'subscribe',
      payload: { channel: 'troop-12', metadata: { name: 'Ann' } },
    });
    s1.reply('subscribed', { channel: 'troop-12' });
    s1.reply('message', message('100-0', 'a'));
    s1.reply('message', message('100-1', 'b'));
    s1.drop(1012);

    await t.timers.advance(REALTIME_RESTART_JITTER_MS);
    const s2 = await connected(t);
    expect(s2.sent.at(-1)).toEqual({
      type: 'subscribe',
      payload: { channel: 'troop-12', metadata: { name: 'Ann' }, after: '100-1' },
    });
    // A replay overlapping what was already received: the repeat is dropped.
    s2.reply('message', message('100-1', 'b'));
    s2.reply('message', message('105-0', 'c'));
    s2.reply('subscribed', { channel: 'troop-12', resumed: true });
    s2.reply('message', message('105-0', 'c'));
    s2.reply('message', message('106-0', 'd'));

    expect(got).toEqual(['100-0', '100-1', '105-0', '106-0']);
    expect(subscribed).toEqual([{ resumed: false }, { resumed: true }]);
    expect(ch.lastMessageId).toBe('106-0');
  });

  it('starts afresh after an unsubscribe: no replay of what was published meanwhile', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    void ch.subscribe();
    const s = await connected(t);
    s.reply('subscribed', { channel: 'troop-12' });
    s.reply('message', message('100-0', 'a'));
    const left = ch.unsubscribe();
    await settle();
    s.reply('unsubscribed', { channel: 'troop-12' });
    await left;
    void ch.subscribe();
    await settle();
    expect(s.sent.at(-1)).toEqual({ type: 'subscribe', payload: { channel: 'troop-12' } });
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { ScoutError } from '../errors.ts';
import { RealtimeClient, realtimeUrl } from '../realtime.ts';
import { FakeSocket, manualTimers, settle } from '../../test/realtime-fakes.ts';

const clients: RealtimeClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.close();
  FakeSocket.all = [];
});

function open(opts: { token?: string | null; backoff?: (n: number) => number } = {}) {
  const timers = manualTimers();
  const backoffCalls: number[] = [];
  const client = new RealtimeClient({
    projectId: 'troop-42',
    baseUrl: 'https://api.scout.test',
    getToken: async () => (opts.token === undefined ? 'tok-ann' : opts.token),
    WebSocket: FakeSocket,
    timers,
    now: timers.now,
    backoff: (n) => {
      backoffCalls.push(n);
      return opts.backoff ? opts.backoff(n) : 1000;
    },
  });
  clients.push(client);
  return {
    client,
    timers,
    backoffCalls,
    socket: (i = FakeSocket.all.length - 1) => FakeSocket.all[i] as FakeSocket,
  };
}

async function connected(t: ReturnType<typeof open>) {
  await settle();
  const s = t.socket();
  s.open();
  s.reply('connected', { connectionId: 'c1' });
  s.reply('authenticated', { userId: 'user-ann' });
  return s;
}

const rejection = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (err: unknown) => err,
  );

describe('realtime client', () => {
  it('builds the socket URL from the API origin, never with a token in it', () => {
    expect(realtimeUrl('https://api.scout.test', 'troop-42')).toBe(
      'wss://api.scout.test/api/realtime/ws?project_id=troop-42',
    );
    expect(realtimeUrl('http://localhost:3000/', 'troop 42')).toBe(
      'ws://localhost:3000/api/realtime/ws?project_id=troop+42',
    );
    expect(realtimeUrl('', 'p', { location: { href: 'https://app.scout.test/calendar' } })).toBe(
      'wss://app.scout.test/api/realtime/ws?project_id=p',
    );
  });

  it('shares one socket between channels, sends auth first and resolves subscribe on the ack', async () => {
    const t = open();
    const a = t.client.channel('troop-12');
    const b = t.client.channel('troop-12:leaders');
    const subA = a.subscribe({ metadata: { name: 'Ann' } });
    const subB = b.subscribe();
    const s = await connected(t);
    expect(FakeSocket.all).toHaveLength(1);
    expect(s.sent).toEqual([
      { type: 'auth', payload: { token: 'tok-ann' } },
      { type: 'subscribe', payload: { channel: 'troop-12', metadata: { name: 'Ann' } } },
      { type: 'subscribe', payload: { channel: 'troop-12:leaders' } },
    ]);
    s.reply('subscribed', { channel: 'troop-12' });
    s.reply('subscribed', { channel: 'troop-12:leaders' });
    await expect(subA).resolves.toBeUndefined();
    await expect(subB).resolves.toBeUndefined();
    expect(a.isSubscribed).toBe(true);
    expect(t.client.userId).toBe('user-ann');
    expect(t.client.channel('troop-12')).toBe(a);
  });

  it('sends no auth frame when signed out', async () => {
    const t = open({ token: null });
    void t.client.channel('lobby').subscribe();
    const s = await connected(t);
    expect(s.types()).toEqual(['subscribe']);
  });

  it('rejects subscribe after 10 s without an ack, with a realtime error', async () => {
    const t = open();
    const sub = rejection(t.client.channel('troop-12').subscribe());
    await connected(t);
    await t.timers.advance(9_999);
    await t.timers.advance(1);
    const err = await sub;
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({ kind: 'realtime', code: 'TIMEOUT', retryable: true });
  });

  it('rejects subscribe when the server refuses the channel, and does not retry it', async () => {
    const t = open({ token: null });
    const sub = rejection(t.client.channel('troop-12').subscribe());
    const s = await connected(t);
    s.reply('error', {
      channel: 'troop-12',
      error: 'Sign in to use this channel',
      code: 'UNAUTHORIZED',
    });
    expect(await sub).toMatchObject({
      kind: 'realtime',
      code: 'UNAUTHORIZED',
      message: 'Sign in to use this channel',
    });
    s.drop();
    await t.timers.advance(1000);
    const again = t.socket();
    expect(again).toBe(s);
  });

  it('resolves publish with the message id and matches errors to the request they answer', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    const s = await (async () => {
      void ch.subscribe();
      return connected(t);
    })();
    s.reply('subscribed', { channel: 'troop-12' });
    const first = ch.publish('chat', { text: 'hi' }, { metadata: { lang: 'en' } });
    const second = rejection(ch.publish('chat', 'x'));
    await settle();
    expect(s.sent.at(-2)).toEqual({
      type: 'publish',
      payload: {
        channel: 'troop-12',
        type: 'chat',
        data: { text: 'hi' },
        metadata: { lang: 'en' },
      },
    });
    s.reply('published', { channel: 'troop-12', messageId: '17-0' });
    s.reply('error', {
      channel: 'troop-12',
      error: 'Realtime service unavailable',
      code: 'SERVICE_UNAVAILABLE',
    });
    await expect(first).resolves.toBe('17-0');
    expect(await second).toMatchObject({ kind: 'realtime', code: 'SERVICE_UNAVAILABLE' });
  });

  it('refuses a message over 64 KB without sending it', async () => {
    const t = open();
    const err = await rejection(t.client.channel('troop-12').publish('chat', 'x'.repeat(70_000)));
    expect(err).toMatchObject({ kind: 'realtime', code: 'PAYLOAD_TOO_LARGE' });
    expect(FakeSocket.all).toHaveLength(0);
  });

  it('hands messages and presence to listeners until they stop listening', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    const got: unknown[] = [];
    const people: unknown[] = [];
    const stop = ch.onMessage((m) => got.push(m.data));
    ch.onPresence((users) => people.push(users.map((u) => u.userId)));
    void ch.subscribe();
    const s = await connected(t);
    s.reply('subscribed', { channel: 'troop-12' });
    s.reply('message', { channel: 'troop-12', id: '1-0', type: 'chat', data: 'one', timestamp: 1 });
    s.reply('message', {
      channel: 'other',
      id: '1-0',
      type: 'chat',
      data: 'elsewhere',
      timestamp: 1,
    });
    s.reply('presence', {
      channel: 'troop-12',
      data: { users: [{ userId: 'user-ann', joinedAt: 1, lastSeen: 1 }] },
    });
    stop();
    s.reply('message', { channel: 'troop-12', id: '2-0', type: 'chat', data: 'two', timestamp: 2 });
    expect(got).toEqual(['one']);
    expect(people).toEqual([['user-ann']]);
    expect(ch.presence.map((u) => u.userId)).toEqual(['user-ann']);
  });

  it('acks unsubscribe and stops resubscribing the channel', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    void ch.subscribe();
    const s = await connected(t);
    s.reply('subscribed', { channel: 'troop-12' });
    const left = ch.unsubscribe();
    await settle();
    expect(s.sent.at(-1)).toEqual({ type: 'unsubscribe', payload: { channel: 'troop-12' } });
    s.reply('unsubscribed', { channel: 'troop-12' });
    await left;
    s.drop();
    expect(t.client.connectionStatus).toBe('idle');
    expect(t.backoffCalls).toEqual([]);
  });

  it('pings every 25 s and reconnects when no answer comes within 10 s', async () => {
    const t = open();
    void t.client.channel('troop-12').subscribe();
    const s = await connected(t);
    s.reply('subscribed', { channel: 'troop-12' });
    await t.timers.advance(25_000);
    expect(s.types().at(-1)).toBe('ping');
    s.reply('pong');
    await t.timers.advance(25_000);
    expect(s.types().filter((x) => x === 'ping')).toHaveLength(2);
    await t.timers.advance(10_000);
    expect(s.closedByClient).toBe(true);
    await t.timers.advance(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('after a lost connection waits the backoff, resubscribes every channel and sends what was queued', async () => {
    const t = open({ backoff: (n) => [1000, 2000, 4000][n] ?? 8000 });
    const a = t.client.channel('troop-12');
    const b = t.client.channel('troop-13');
    void a.subscribe({ metadata: { name: 'Ann' } });
    void b.subscribe();
    const s1 = await connected(t);
    s1.reply('subscribed', { channel: 'troop-12' });
    s1.reply('subscribed', { channel: 'troop-13' });
    const inflight = rejection(a.publish('chat', 'in flight'));
    await settle();
    s1.drop();
    expect(await inflight).toMatchObject({
      kind: 'realtime',
      code: 'NETWORK_ERROR',
      retryable: true,
    });
    expect(a.isSubscribed).toBe(false);

    const queued = a.publish('chat', 'while away');
    await t.timers.advance(999);
    expect(FakeSocket.all).toHaveLength(1);
    await t.timers.advance(1);
    // The first attempt fails: the next waits twice as long.
    t.socket().drop();
    await t.timers.advance(1999);
    expect(FakeSocket.all).toHaveLength(2);
    await t.timers.advance(1);
    const s3 = await connected(t);
    expect(s3.sent).toEqual([
      { type: 'auth', payload: { token: 'tok-ann' } },
      { type: 'subscribe', payload: { channel: 'troop-12', metadata: { name: 'Ann' } } },
      { type: 'subscribe', payload: { channel: 'troop-13' } },
      { type: 'publish', payload: { channel: 'troop-12', type: 'chat', data: 'while away' } },
    ]);
    s3.reply('subscribed', { channel: 'troop-12' });
    s3.reply('subscribed', { channel: 'troop-13' });
    s3.reply('published', { channel: 'troop-12', messageId: '9-0' });
    await expect(queued).resolves.toBe('9-0');
    expect(a.isSubscribed && b.isSubscribed).toBe(true);
    expect(t.backoffCalls).toEqual([0, 1]);
    // A good connection starts the backoff over.
    s3.drop();
    expect(t.backoffCalls).toEqual([0, 1, 0]);
  });

  it('drops a queued publish that timed out instead of sending it late', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    void ch.subscribe();
    const s1 = await connected(t);
    s1.reply('subscribed', { channel: 'troop-12' });
    s1.drop();
    const late = rejection(ch.publish('chat', 'too late'));
    await t.timers.advance(10_000);
    expect(await late).toMatchObject({ code: 'TIMEOUT' });
    const s2 = await connected(t);
    expect(s2.types()).toEqual(['auth', 'subscribe']);
  });

  it('tells error listeners when the server refuses the token', async () => {
    const t = open();
    const errors: ScoutError[] = [];
    t.client.onError((e) => errors.push(e));
    void t.client.channel('troop-12').subscribe();
    await settle();
    const s = t.socket();
    s.open();
    s.reply('connected', { connectionId: 'c1' });
    s.reply('error', { error: 'Invalid access token', code: 'TOKEN_EXPIRED' });
    expect(errors.map((e) => [e.kind, e.code])).toEqual([['realtime', 'TOKEN_EXPIRED']]);
  });

  it('paces a burst of publishes below the server flood limit', async () => {
    const t = open();
    const ch = t.client.channel('troop-12');
    const s = await (async () => {
      void ch.subscribe();
      return connected(t);
    })();
    for (let i = 0; i < 200; i++) void ch.publish('n', i).catch(() => {});
    await settle();
    const burst = s.types().filter((x) => x === 'publish').length;
    expect(burst).toBeLessThanOrEqual(100);
    await t.timers.advance(1000);
    const afterOneSecond = s.types().filter((x) => x === 'publish').length;
    expect(afterOneSecond - burst).toBeLessThanOrEqual(50);
    await t.timers.advance(5000);
    expect(s.types().filter((x) => x === 'publish')).toHaveLength(200);
  });

  it('refuses channel names the server would refuse', () => {
    const t = open();
    for (const bad of ['', 'troop 12', 'x'.repeat(129), 'a/b']) {
      expect(() => t.client.channel(bad)).toThrow(ScoutError);
    }
  });
});

describe('realtime client without a WebSocket', () => {
  it('rejects subscribe and publish with a clear realtime error instead of failing at creation', async () => {
    vi.stubGlobal('WebSocket', undefined);
    const client = new RealtimeClient({
      projectId: 'troop-42',
      baseUrl: 'https://api.scout.test',
      getToken: async () => null,
    });
    clients.push(client);
    const ch = client.channel('troop-12');
    expect(await rejection(ch.subscribe())).toMatchObject({
      kind: 'realtime',
      code: 'UNSUPPORTED',
    });
    expect(await rejection(ch.publish('chat', 1))).toMatchObject({
      kind: 'realtime',
      code: 'UNSUPPORTED',
    });
    vi.unstubAllGlobals();
  });
});

import { forgetAccount } from '../auth/session-check.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { embeddedStore } from '../../test/test-app.ts';
import { createRealtimeHub } from './hub.ts';
import { FrameClient, listeningApp, tokenFor, type ListeningApp } from '../../test/realtime.ts';

const users = (f: { payload: Record<string, unknown> }) =>
  (f.payload.data as { users: { userId: string; metadata?: unknown }[] }).users;

describe.each(embeddedStore)('realtime socket protocol (%s)', (kind) => {
  let t: ListeningApp;
  const apps: ListeningApp[] = [];
  const clients: FrameClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    for (const a of apps.splice(0)) await a.close();
  });

  async function start(opts: Parameters<typeof listeningApp>[0]) {
    t = await listeningApp(opts);
    apps.push(t);
    return t;
  }

  async function connect(opts: { token?: string; url?: string; autoPong?: boolean } = {}) {
    const c = await FrameClient.connect(
      opts.url ?? t.wsUrl,
      opts.autoPong === false ? { autoPong: false } : {},
    );
    clients.push(c);
    if (opts.token) {
      c.send('auth', { token: opts.token });
      await c.next('authenticated');
    }
    return c;
  }

  const signedIn = async (userId: string) => connect({ token: await tokenFor(t, userId) });

  it('greets a socket with connected, then authenticates it from its token', async () => {
    t = await start({ store: kind });
    const c = await FrameClient.connect(t.wsUrl);
    clients.push(c);
    expect(c.frames[0]).toMatchObject({
      type: 'connected',
      payload: { connectionId: expect.any(String) },
    });
    c.send('auth', { token: await tokenFor(t, 'user-ann') });
    expect(await c.next('authenticated')).toEqual({
      type: 'authenticated',
      payload: { userId: 'user-ann' },
    });
  });

  it('stops acting for an account deleted while its socket is open', async () => {
    t = await start({ store: kind });
    const c = await signedIn('user-gone');
    c.send('subscribe', { channel: 'troop-12' });
    await c.next('subscribed');
    await t.deps.store.query('DELETE FROM users WHERE id = ?', ['user-gone']);
    forgetAccount(t.deps.store, 'user-gone');
    c.send('publish', { channel: 'troop-12', type: 'chat', data: 'still here?' });
    expect((await c.next('error')).payload).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect((await c.closed).code).toBeGreaterThanOrEqual(1000);
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/${t.deps.config.projectId}/messages?channel=troop-12`,
      headers: { authorization: `Bearer ${await tokenFor(t, 'user-ann')}` },
    });
    expect(history.json().messages).toEqual([]);
  });

  it('answers a bad token with error and closes the socket', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.send('auth', { token: 'not-a-token' });
    const err = await c.next('error');
    expect(err.payload).toMatchObject({ code: 'TOKEN_EXPIRED', error: expect.any(String) });
    expect((await c.closed).code).toBe(1008);
  });

  it('refuses auth that is not the first frame', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.send('ping');
    await c.next('pong');
    c.send('auth', { token: await tokenFor(t, 'user-ann') });
    expect((await c.next('error')).payload.error).toMatch(/first frame/);
    expect((await c.closed).code).toBe(1008);
  });

  it('acks subscribe, announces presence to everyone on the channel and acks unsubscribe', async () => {
    t = await start({ store: kind });
    const ann = await signedIn('user-ann');
    ann.send('subscribe', { channel: 'troop-12', metadata: { name: 'Ann' } });
    expect(await ann.next('subscribed')).toEqual({
      type: 'subscribed',
      payload: { channel: 'troop-12' },
    });
    const first = await ann.presence('troop-12', ['user-ann']);
    expect(users(first)[0]).toMatchObject({
      userId: 'user-ann',
      metadata: { name: 'Ann' },
      joinedAt: expect.any(Number),
      lastSeen: expect.any(Number),
    });

    const bob = await signedIn('user-bob');
    bob.send('subscribe', { channel: 'troop-12' });
    await bob.next('subscribed');
    await ann.presence('troop-12', ['user-ann', 'user-bob']);
    await bob.presence('troop-12', ['user-ann', 'user-bob']);

    bob.send('unsubscribe', { channel: 'troop-12' });
    expect(await bob.next('unsubscribed')).toEqual({
      type: 'unsubscribed',
      payload: { channel: 'troop-12' },
    });
    await ann.presence('troop-12', ['user-ann']);

    const rest = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/${t.deps.config.projectId}/presence?channel=troop-12`,
      headers: { authorization: `Bearer ${await tokenFor(t, 'user-cy')}` },
    });
    expect(rest.json().users.map((u: { userId: string }) => u.userId)).toEqual(['user-ann']);
  });

  it('acks publish with the message id and delivers the message to every subscriber', async () => {
    t = await start({ store: kind });
    const ann = await signedIn('user-ann');
    const bob = await signedIn('user-bob');
    for (const c of [ann, bob]) {
      c.send('subscribe', { channel: 'troop-12' });
      await c.next('subscribed');
    }
    const publisher = await signedIn('user-cy');
    publisher.send('publish', {
      channel: 'troop-12',
      type: 'chat',
      data: { text: 'Campout Friday' },
      metadata: { lang: 'en' },
    });
    publisher.send('publish', { channel: 'troop-12', type: 'chat', data: { text: 'Bring tents' } });
    const ack1 = await publisher.next('published');
    const ack2 = await publisher.next('published');
    expect(ack1.payload).toEqual({
      channel: 'troop-12',
      messageId: expect.stringMatching(/^\d+-\d+$/),
    });

    for (const c of [ann, bob]) {
      const m1 = await c.next('message');
      const m2 = await c.next('message');
      expect(m1.payload).toEqual({
        channel: 'troop-12',
        id: ack1.payload.messageId,
        type: 'chat',
        data: { text: 'Campout Friday' },
        timestamp: t.clock.now(),
        userId: 'user-cy',
        metadata: { lang: 'en' },
      });
      expect(m2.payload).toMatchObject({
        id: ack2.payload.messageId,
        data: { text: 'Bring tents' },
      });
    }
    const [a, b] = [ack1, ack2].map((f) => String(f.payload.messageId).split('-').map(Number)) as [
      number[],
      number[],
    ];
    expect(a[0]! < b[0]! || (a[0] === b[0] && a[1]! < b[1]!)).toBe(true);
  });

  it('stops delivering a channel after unsubscribe', async () => {
    t = await start({ store: kind });
    const ann = await signedIn('user-ann');
    for (const channel of ['troop-12', 'troop-12:leaders']) {
      ann.send('subscribe', { channel });
      await ann.next('subscribed');
    }
    ann.send('unsubscribe', { channel: 'troop-12' });
    await ann.next('unsubscribed');
    await t.deps.realtime!.publish('troop-12', { type: 'chat', data: 'missed' });
    await t.deps.realtime!.publish('troop-12:leaders', { type: 'chat', data: 'seen' });
    const m = await ann.next('message');
    expect(m.payload).toMatchObject({ channel: 'troop-12:leaders', data: 'seen' });
  });

  it('delivers what the server publishes through the hub (e.g. calendar changes)', async () => {
    t = await start({ store: kind });
    const ann = await signedIn('user-ann');
    ann.send('subscribe', { channel: 'calendar_events' });
    await ann.next('subscribed');
    const sent = await t.deps.realtime!.publish('calendar_events', {
      type: 'created',
      data: { id: 'event_1' },
      userId: 'user-bob',
    });
    expect((await ann.next('message')).payload).toMatchObject({
      id: sent.id,
      type: 'created',
      data: { id: 'event_1' },
      userId: 'user-bob',
    });
  });

  it('answers ping with pong', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.send('ping', {});
    expect(await c.next('pong')).toEqual({ type: 'pong', payload: {} });
  });

  it('acts as the token user, whatever userId a frame claims', async () => {
    t = await start({ store: kind });
    const ann = await signedIn('user-ann');
    ann.send('subscribe', { channel: 'troop-12', userId: 'user-bob' });
    await ann.next('subscribed');
    await ann.presence('troop-12', ['user-ann']);
    ann.send('publish', { channel: 'troop-12', type: 'chat', data: 'hi', userId: 'user-bob' });
    expect((await ann.next('message')).payload.userId).toBe('user-ann');
    await ann.next('published');
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/${t.deps.config.projectId}/messages?channel=troop-12`,
      headers: { authorization: `Bearer ${await tokenFor(t, 'user-ann')}` },
    });
    expect(history.json().messages.map((m: { userId: string }) => m.userId)).toEqual(['user-ann']);
  });

  it('refuses channels anonymous sockets may not use, with an error for that request only', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.send('subscribe', { channel: 'troop-12', userId: 'user-bob' });
    expect((await c.next('error')).payload).toMatchObject({
      channel: 'troop-12',
      code: 'UNAUTHORIZED',
    });
    c.send('publish', { channel: 'troop-12', type: 'chat', data: 'hi' });
    expect((await c.next('error')).payload).toMatchObject({
      channel: 'troop-12',
      code: 'UNAUTHORIZED',
    });
    c.send('ping');
    await c.next('pong');
  });

  it('lets anonymous sockets use the channels the project allows, under an id of their own', async () => {
    t = await start({ store: kind, config: { realtimeAnonymousChannels: ['lobby', 'public:*'] } });
    const c = await connect();
    for (const channel of ['lobby', 'public:news']) {
      c.send('subscribe', { channel, userId: 'user-bob' });
      await c.next('subscribed');
    }
    c.send('publish', { channel: 'lobby', type: 'chat', data: 'hi', userId: 'user-bob' });
    const m = await c.next('message');
    await c.next('published');
    expect(m.payload.userId).toMatch(/^anon_[0-9a-f]{12}$/);
    const p = await c.presence('lobby', [String(m.payload.userId)]);
    expect(users(p)).toHaveLength(1);
    c.send('subscribe', { channel: 'troop-12' });
    expect((await c.next('error')).payload).toMatchObject({
      channel: 'troop-12',
      code: 'UNAUTHORIZED',
    });
  });

  it('rejects a bad channel name or publish without a type, and keeps the socket open', async () => {
    t = await start({ store: kind });
    const c = await signedIn('user-ann');
    c.send('subscribe', { channel: 'troop 12!' });
    expect((await c.next('error')).payload).toMatchObject({
      channel: 'troop 12!',
      code: 'VALIDATION_ERROR',
    });
    c.send('subscribe', { channel: 'x'.repeat(129) });
    expect((await c.next('error')).payload.code).toBe('VALIDATION_ERROR');
    c.send('publish', { channel: 'troop-12', data: 'no type' });
    expect((await c.next('error')).payload).toMatchObject({
      channel: 'troop-12',
      code: 'VALIDATION_ERROR',
    });
    c.send('subscribe', 'not an object');
    expect((await c.next('error')).payload.code).toBe('VALIDATION_ERROR');
    c.send('ping');
    await c.next('pong');
  });

  it.each([
    ['text that is not JSON', 'hello there'],
    ['a JSON value that is not a frame', '[1,2,3]'],
    ['an unknown frame type', JSON.stringify({ type: 'sudo', payload: {} })],
  ])('answers %s with error and closes the socket; the server stays up', async (_name, raw) => {
    t = await start({ store: kind });
    const c = await connect();
    c.ws.send(raw);
    expect((await c.next('error')).payload.code).toBe('VALIDATION_ERROR');
    expect((await c.closed).code).toBe(1003);
    const again = await connect();
    again.send('ping');
    await again.next('pong');
  });

  it('closes a socket that sends binary frames', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.ws.send(Buffer.from([1, 2, 3]));
    expect((await c.next('error')).payload.code).toBe('VALIDATION_ERROR');
    expect((await c.closed).code).toBe(1003);
  });

  it('answers a frame over 64 KB with error and closes the socket', async () => {
    t = await start({ store: kind });
    const c = await signedIn('user-ann');
    c.send('publish', { channel: 'troop-12', type: 'chat', data: 'x'.repeat(64 * 1024) });
    expect((await c.next('error')).payload.code).toBe('PAYLOAD_TOO_LARGE');
    expect((await c.closed).code).toBe(1009);
  });

  it('cuts a socket that sends a huge frame, and keeps serving others', async () => {
    t = await start({ store: kind });
    const c = await connect();
    c.ws.send('x'.repeat(2 * 1024 * 1024));
    expect((await c.closed).code).toBe(1009);
    const again = await connect();
    again.send('ping');
    await again.next('pong');
  });

  it('closes a socket that floods, and keeps serving others', async () => {
    t = await start({ store: kind });
    const c = await connect();
    for (let i = 0; i < 150; i++) c.send('ping');
    const closed = await c.closed;
    expect(closed.code).toBe(1008);
    expect(c.frames.filter((f) => f.type === 'pong').length).toBeLessThanOrEqual(100);
    expect(c.frames.find((f) => f.type === 'error')?.payload.code).toBe('RATE_LIMITED');
    const again = await connect();
    again.send('ping');
    await again.next('pong');
  });

  it('drops a socket that stops answering pings and removes its presence', async () => {
    // A fast heartbeat: a socket that misses a ping is cut at the next one, within a second here.
    // Not faster: the test's sockets answer on the server's own event loop, where a due heartbeat
    // runs before a pong waiting to be read, so on a loaded machine a pause longer than the
    // interval would cut the answering socket too.
    t = await start({
      store: kind,
      deps: {
        realtime: createRealtimeHub({ clock: { now: () => Date.now() }, pingIntervalMs: 400 }),
      },
    });
    const ann = await signedIn('user-ann');
    ann.send('subscribe', { channel: 'troop-12' });
    await ann.next('subscribed');
    const silent = await connect({ token: await tokenFor(t, 'user-bob'), autoPong: false });
    silent.send('subscribe', { channel: 'troop-12' });
    await silent.next('subscribed');
    await ann.presence('troop-12', ['user-ann', 'user-bob']);
    await silent.closed;
    await ann.presence('troop-12', ['user-ann']);
    expect(ann.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes every socket with 1012 (service restart) when the app closes, so clients come back at once', async () => {
    t = await start({ store: kind });
    const c = await signedIn('user-ann');
    c.send('subscribe', { channel: 'troop-12' });
    await c.next('subscribed');
    apps.splice(apps.indexOf(t), 1);
    const closing = t.close();
    expect((await c.closed).code).toBe(1012);
    await closing;
  });

  it('refuses an upgrade for another project or path with a JSON 404', async () => {
    t = await start({ store: kind });
    for (const url of [
      t.wsUrl.replace(/project_id=.*/, 'project_id=other'),
      t.wsUrl.replace('/ws?', '/nope?'),
    ]) {
      const status = await new Promise<number>((resolve, reject) => {
        const ws = new WebSocket(url);
        ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
        ws.on('open', () => reject(new Error('opened')));
        ws.on('error', () => {});
      });
      expect(status).toBe(404);
    }
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/realtime/ws?project_id=' + t.deps.config.projectId,
    });
    expect(plain.statusCode).toBe(426);
    expect(plain.json()).toMatchObject({ code: 'UPGRADE_REQUIRED' });
  });
});

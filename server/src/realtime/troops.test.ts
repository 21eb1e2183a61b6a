/**
 * Each troop's channels are its own (docs/decisions/065-troops.md): clients of two troops use
 * the same channel names and never hear each other, on the in-process bus and on Redis; a socket
 * speaks for a member of the troop its `project_id` names, and the change feed admits it by the
 * role it holds there. Redis runs here and on CI (TEST_REDIS_URL overrides).
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG, parseRolesConfig } from '@scout/protocol/permissions';
import {
  FrameClient,
  addTroop,
  joinTroop,
  listeningApp,
  tokenFor,
  type Frame,
  type ListeningApp,
} from '../../test/realtime.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { manualClock } from '../clock.ts';
import { troopKey } from '../store/tenancy.ts';
import type { RealtimeBus } from './bus.ts';
import { createMemoryBus } from './memory-bus.ts';
import { createRedisBus } from './redis-bus.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runPrefix = `test:rt-troops:${crypto.randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${runPrefix}*`);
  if (keys.length > 0) await r.del(...keys);
  await r.quit();
});

const buses: [string, () => RealtimeBus][] = [
  ['memory', () => createMemoryBus({ clock: manualClock(Date.now()) })],
  [
    'redis',
    () =>
      createRedisBus({
        url: REDIS_URL,
        keyPrefix: `${runPrefix}${crypto.randomBytes(4).toString('hex')}:`,
      }),
  ],
];
const cases = testStoreKinds.flatMap((store) =>
  buses.map(([bus, make]) => [store, bus, make] as const),
);

/** Members read only their own events; leaders, by a permission, every event. */
const ownerOnly = parseRolesConfig({
  roles: {
    ...DEFAULT_ROLES_CONFIG.roles,
    leader: { permissions: ['calendar.read_all'], inherit: ['user'] },
  },
  defaultRole: 'user',
  tables: { calendar_events: { read: ['owner', 'calendar.read_all'] } },
});

describe.each(cases)('troops on realtime (%s store, %s bus)', (store, _bus, makeBus) => {
  let t: ListeningApp | undefined;
  let bus: RealtimeBus | undefined;
  const clients: FrameClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await t?.close();
    await bus?.close();
    t = bus = undefined;
  });

  async function start(config: NonNullable<Parameters<typeof listeningApp>[0]>['config'] = {}) {
    bus = makeBus();
    const app = await listeningApp({ store, config, deps: { bus } });
    t = app;
    return app;
  }

  /** A socket at `url` signed in as `userId`; the auth frame's answer is left to read. */
  async function socketAt(app: ListeningApp, url: string, userId: string) {
    const c = await FrameClient.connect(url);
    clients.push(c);
    c.send('auth', { token: await tokenFor(app, userId) });
    return c;
  }

  async function subscribe(c: FrameClient, channel: string): Promise<Frame> {
    c.send('subscribe', { channel });
    await expect.poll(() => c.frames.some((f) => f.payload.channel === channel)).toBe(true);
    return c.frames.find((f) => f.payload.channel === channel && f.type !== 'presence')!;
  }

  const heard = (c: FrameClient) =>
    c.frames
      .filter((f) => f.type === 'message')
      .map((f) => ({ channel: f.payload.channel, data: f.payload.data }));

  it("two troops' sockets on one channel name hear only their own troop, under the name they used", async () => {
    const app = await start();
    const urls = {
      first: app.wsUrl,
      t45: await addTroop(app, 't45', 'troop-45'),
      t7: await addTroop(app, 't7', 'troop-7'),
    };
    const sockets: Record<string, FrameClient> = {};
    for (const [troop, url] of Object.entries(urls)) {
      const userId = `member-${troop}`;
      if (troop !== 'first') {
        await tokenFor(app, userId);
        await joinTroop(app, userId, troop);
      }
      const c = await socketAt(app, url, userId);
      await c.next('authenticated');
      c.send('subscribe', { channel: 'chat' });
      await c.next('subscribed');
      await c.presence('chat', [userId]);
      sockets[troop] = c;
    }
    // Every troop publishes, then every troop publishes a fence: a socket that has its own
    // fence has every message published before it that it would ever hear.
    for (const round of ['hello', 'fence'])
      for (const [troop, c] of Object.entries(sockets)) {
        c.send('publish', { channel: 'chat', type: 'note', data: { troop, round } });
        await c.next('published', { skip: ['presence', 'message'] });
      }
    for (const [troop, c] of Object.entries(sockets)) {
      await expect
        .poll(() => heard(c).some((m) => (m.data as { round: string }).round === 'fence'))
        .toBe(true);
      expect(heard(c)).toEqual([
        { channel: 'chat', data: { troop, round: 'hello' } },
        { channel: 'chat', data: { troop, round: 'fence' } },
      ]);
      const presence = c.frames.filter((f) => f.type === 'presence').map((f) => f.payload);
      expect(presence.every((p) => p.channel === 'chat')).toBe(true);
    }

    // The REST calls read the path's troop: its history and presence, under the client's name.
    const bea = await tokenFor(app, 'member-t45');
    const get = (projectId: string, what: string) =>
      app.app.inject({
        method: 'GET',
        url: `/api/realtime/${projectId}/${what}?channel=chat`,
        headers: { authorization: `Bearer ${bea}` },
      });
    const history = await get('troop-45', 'messages');
    expect(history.statusCode).toBe(200);
    expect(
      (history.json() as { messages: { channel: string; data: unknown }[] }).messages.map((m) => ({
        channel: m.channel,
        data: m.data,
      })),
    ).toEqual(heard(sockets.t45!));
    expect((await get('troop-45', 'presence')).json()).toMatchObject({
      users: [{ userId: 'member-t45' }],
    });
    // Bea is a member of the first troop too (every account is): there she reads its history.
    const first = (await get(app.deps.config.projectId, 'messages')).json() as {
      messages: { data: { troop: string } }[];
    };
    expect(first.messages.map((m) => m.data.troop)).toEqual(['first', 'first']);

    // A publish from the server to one troop's key reaches that troop's sockets only.
    const published = await app.app.inject({
      method: 'POST',
      url: '/api/realtime/troop-7/publish',
      headers: { authorization: `Bearer ${await tokenFor(app, 'member-t7')}` },
      payload: { channel: 'chat', type: 'note', data: { troop: 't7', round: 'rest' } },
    });
    expect(published.statusCode).toBe(200);
    await app.deps.realtime.publish(troopKey('t45', 'chat'), {
      type: 'note',
      data: { troop: 't45', round: 'server' },
    });
    await expect.poll(() => heard(sockets.t7!).length).toBe(3);
    await expect.poll(() => heard(sockets.t45!).length).toBe(3);
    expect(heard(sockets.t45!)[2]).toEqual({
      channel: 'chat',
      data: { troop: 't45', round: 'server' },
    });
    expect(heard(sockets.first!)).toHaveLength(2);
  });

  it("a socket of a troop the account is not a member of is refused as an unknown project's", async () => {
    const app = await start();
    const url = await addTroop(app, 't45', 'troop-45');
    const c = await socketAt(app, url, 'member-ann');
    expect(await c.next('error')).toMatchObject({ payload: { code: 'PROJECT_NOT_FOUND' } });
    expect((await c.closed).code).toBe(1008);
    // Her own troop's socket is hers as always.
    const own = await socketAt(app, app.wsUrl, 'member-ann');
    await own.next('authenticated');
  });

  it("the change feed admits a socket by the role its account holds in the socket's troop", async () => {
    const app = await start({ roles: ownerOnly });
    const url = await addTroop(app, 't45', 'troop-45');
    // A plain member of the first troop, a leader in troop 45.
    await tokenFor(app, 'lee');
    await joinTroop(app, 'lee', 't45', 'leader');
    const here = await socketAt(app, app.wsUrl, 'lee');
    await here.next('authenticated');
    expect(await subscribe(here, 'calendar_events')).toMatchObject({
      type: 'error',
      payload: { channel: 'calendar_events', code: 'FORBIDDEN' },
    });
    const there = await socketAt(app, url, 'lee');
    await there.next('authenticated');
    expect((await subscribe(there, 'calendar_events')).type).toBe('subscribed');

    // Made a plain member there too: taken off the channel at the next check.
    await joinTroop(app, 'lee', 't45', 'user');
    await expect
      .poll(() => there.frames.some((f) => f.type === 'error' && f.payload.code === 'FORBIDDEN'), {
        timeout: 15_000,
      })
      .toBe(true);
  });
});

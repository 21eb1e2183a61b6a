import crypto from 'node:crypto';
import v8 from 'node:v8';
import vm from 'node:vm';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import {
  HISTORY_MAX_AGE_MS,
  HISTORY_MAX_MESSAGES,
  PRESENCE_TTL_MS,
  type BusEvent,
  type RealtimeBus,
} from './bus.ts';
import { createMemoryBus } from './memory-bus.ts';
import { createRedisBus } from './redis-bus.ts';

/** Redis runs here and on CI; TEST_REDIS_URL points elsewhere. */
const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runPrefix = `test:rt:${crypto.randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${runPrefix}*`);
  if (keys.length > 0) await r.del(...keys);
  await r.quit();
});

const kinds: [string, (clock: ReturnType<typeof manualClock>) => RealtimeBus][] = [
  ['memory', (clock) => createMemoryBus({ clock })],
  [
    'redis',
    () =>
      createRedisBus({
        url: REDIS_URL,
        keyPrefix: `${runPrefix}${crypto.randomBytes(4).toString('hex')}:`,
      }),
  ],
];

describe.each(kinds)('realtime bus (%s)', (_kind, make) => {
  const buses: RealtimeBus[] = [];
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
  });
  const open = (clock = manualClock(Date.now())) => {
    const bus = make(clock);
    buses.push(bus);
    return { bus, clock };
  };
  const all = { start: 'open', end: 'open', limit: 5000 } as const;
  const msg = (clock: { now(): number }, data: unknown) => ({
    type: 'n',
    data,
    timestamp: clock.now(),
  });

  it('gives increasing ids and keeps history in order', async () => {
    const { bus, clock } = open();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await bus.publish('c', msg(clock, i)));
    const ids = sent.map((m) => m.id);
    expect(new Set(ids).size).toBe(5);
    const history = await bus.history('c', all, clock.now());
    expect(history.map((m) => m.id)).toEqual(ids);
    expect(history[0]).toEqual({
      channel: 'c',
      id: ids[0],
      type: 'n',
      data: 0,
      timestamp: clock.now(),
    });
    expect(await bus.history('other', all, clock.now())).toEqual([]);
  });

  it(`keeps the last ${HISTORY_MAX_MESSAGES} messages of a channel`, async () => {
    const { bus, clock } = open();
    await Promise.all(
      Array.from({ length: HISTORY_MAX_MESSAGES + 5 }, (_, i) => bus.publish('c', msg(clock, i))),
    );
    const history = await bus.history('c', all, clock.now());
    expect(history).toHaveLength(HISTORY_MAX_MESSAGES);
    expect(history[0]?.data).toBe(5);
  });

  it('delivers messages and presence changes to listeners of the channel only', async () => {
    const { bus, clock } = open();
    const events: BusEvent[] = [];
    bus.onEvent((e) => events.push(e));
    await bus.listen('c');
    await bus.publish('c', msg(clock, 'hello'));
    await bus.publish('d', msg(clock, 'elsewhere'));
    await bus.announcePresence('c');
    await expect.poll(() => events.length).toBe(2);
    expect(events[0]).toMatchObject({ kind: 'message', message: { channel: 'c', data: 'hello' } });
    expect(events[1]).toEqual({ kind: 'presence', channel: 'c' });
    await bus.unlisten('c');
    await bus.publish('c', msg(clock, 'after'));
    await bus.announcePresence('c');
    await bus.history('c', all, clock.now());
    expect(events).toHaveLength(2);
  });

  it('hears a channel listened to the moment the bus opens, before its connections are up', async () => {
    // A server's first socket joins while the bus is still connecting; the listen must still
    // take, or that channel hears nothing until every socket has left it.
    const opened = Array.from({ length: 40 }, () => open());
    const heard = opened.map(() => [] as BusEvent[]);
    opened.forEach(({ bus }, i) => bus.onEvent((e) => heard[i]!.push(e)));
    // Each listens a little later than the one before, so some catch the connection mid-handshake.
    await Promise.all(
      opened.map(({ bus }, i) =>
        new Promise((r) => setTimeout(r, i / 2)).then(() => bus.listen('first')),
      ),
    );
    await Promise.all(opened.map(({ bus, clock }, i) => bus.publish('first', msg(clock, i))));
    await expect
      .poll(() => heard.map((h) => h.length), { timeout: 5000 })
      .toEqual(heard.map(() => 1));
  });

  it('lists one presence row per user and drops entries no heartbeat refreshed', async () => {
    const { bus, clock } = open();
    const t0 = clock.now();
    await bus.putPresence([
      {
        channel: 'c',
        connectionId: 'k1',
        user: { userId: 'ann', metadata: { tab: 1 }, joinedAt: t0, lastSeen: t0 },
      },
      {
        channel: 'c',
        connectionId: 'k2',
        user: { userId: 'ann', metadata: { tab: 2 }, joinedAt: t0 + 5, lastSeen: t0 + 5 },
      },
      {
        channel: 'c',
        connectionId: 'k3',
        user: { userId: 'bob', joinedAt: t0 + 1, lastSeen: t0 + 1 },
      },
    ]);
    expect(await bus.presence('c', t0 + 10)).toEqual([
      { userId: 'ann', metadata: { tab: 2 }, joinedAt: t0, lastSeen: t0 + 5 },
      { userId: 'bob', joinedAt: t0 + 1, lastSeen: t0 + 1 },
    ]);
    await bus.removePresence('c', 'k2');
    clock.advance(PRESENCE_TTL_MS - 100);
    await bus.putPresence([
      {
        channel: 'c',
        connectionId: 'k3',
        user: { userId: 'bob', joinedAt: t0 + 1, lastSeen: clock.now() },
      },
    ]);
    clock.advance(200);
    expect(await bus.sweepPresence(['c', 'empty'], clock.now())).toEqual(['c']);
    expect((await bus.presence('c', clock.now())).map((u) => u.userId)).toEqual(['bob']);
    expect(await bus.sweepPresence(['c'], clock.now())).toEqual([]);
  });

  it('does not return messages older than 24 hours', async () => {
    const { bus, clock } = open();
    await bus.publish('c', msg(clock, 'old'));
    clock.advance(HISTORY_MAX_AGE_MS + 1);
    await bus.publish('c', msg(clock, 'new'));
    expect((await bus.history('c', all, clock.now())).map((m) => m.data)).toEqual(['new']);
  });
});

describe('memory bus bound', () => {
  it('drops the oldest messages of any channel beyond its byte budget', async () => {
    const clock = manualClock(Date.now());
    const bus = createMemoryBus({ clock, maxBytes: 10_000 });
    const all = { start: 'open', end: 'open', limit: 1000 } as const;
    for (let i = 0; i < 20; i++)
      await bus.publish(i % 2 ? 'a' : 'b', {
        type: 'n',
        data: 'x'.repeat(900),
        timestamp: clock.now(),
      });
    const kept =
      (await bus.history('a', all, clock.now())).length +
      (await bus.history('b', all, clock.now())).length;
    expect(kept).toBeGreaterThan(5);
    expect(kept).toBeLessThan(11);
    const a = await bus.history('a', all, clock.now());
    expect(a.at(-1)?.id).toBeDefined();
  });
});

describe('memory bus memory', () => {
  it('lets go of messages its channels no longer keep', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const clock = manualClock(Date.now());
    const bus = createMemoryBus({ clock, maxMessages: 10 });
    const first = new WeakRef(
      await bus.publish('c', { type: 'n', data: { ids: ['first'] }, timestamp: clock.now() }),
    );
    for (let i = 0; i < 10_000; i++)
      await bus.publish('c', { type: 'n', data: { ids: [String(i)] }, timestamp: clock.now() });
    // A weak reference holds its target until the current job ends.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    expect(first.deref()).toBeUndefined();
    // The bus itself is still in use: only the message it dropped was let go.
    expect(
      await bus.history('c', { start: 'open', end: 'open', limit: 100 }, clock.now()),
    ).toHaveLength(10);
  });
});

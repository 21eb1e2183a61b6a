/**
 * A socket joining `after` the last message its client saw gets the channel's history after it,
 * then live messages: none twice, none missing, in order, on either bus. Redis runs here and on
 * CI (TEST_REDIS_URL overrides).
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { BusEvent, RealtimeBus } from './bus.ts';
import { createRealtimeHub, type HubSocket, type RealtimeHub } from './hub.ts';
import { createMemoryBus } from './memory-bus.ts';
import { parseMessageId } from './message-ids.ts';
import { createRedisBus } from './redis-bus.ts';

const REDIS_URL = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const runPrefix = `test:rt-resume:${crypto.randomBytes(6).toString('hex')}:`;

afterAll(async () => {
  const r = new Redis(REDIS_URL);
  const keys = await r.keys(`${runPrefix}*`);
  if (keys.length > 0) await r.del(...keys);
  await r.quit();
});

class FakeSocket implements HubSocket {
  static next = 0;
  readonly id = `conn-${++FakeSocket.next}`;
  readonly messages: { id: string; data: unknown }[] = [];
  deliver(frame: Buffer) {
    const f = JSON.parse(frame.toString()) as {
      type: string;
      payload: { id: string; data: unknown };
    };
    if (f.type === 'message') this.messages.push({ id: f.payload.id, data: f.payload.data });
  }
  heartbeat() {
    return true;
  }
  shutdown() {}
}

const kinds: [string, () => RealtimeBus][] = [
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

describe.each(kinds)('joining after a message id (%s bus)', (_kind, makeBus) => {
  const opened: { hub: RealtimeHub; bus: RealtimeBus }[] = [];
  afterEach(async () => {
    for (const { hub, bus } of opened.splice(0)) {
      await hub.close();
      await bus.close();
    }
  });

  /**
   * A hub whose history reads wait for `release`, so live messages arrive during a replay, and
   * whose live delivery can be held back (`lagLive`), as Redis's may lag behind a history read.
   */
  function open() {
    const bus = makeBus();
    let gate: Promise<void> = Promise.resolve();
    let release = () => {};
    let lagging: BusEvent[] | undefined;
    let handler: (e: BusEvent) => void = () => {};
    bus.onEvent((e) => (lagging ? lagging.push(e) : handler(e)));
    const slowBus: RealtimeBus = {
      ...bus,
      history: async (...args) => {
        const rows = await bus.history(...args);
        await gate;
        return rows;
      },
      onEvent: (h) => (handler = h),
    };
    const hub = createRealtimeHub({ clock: manualClock(Date.now()), bus: slowBus });
    opened.push({ hub, bus });
    return {
      hub,
      holdHistory() {
        gate = new Promise((r) => (release = r));
      },
      release: () => release(),
      lagLive: () => (lagging = []),
      /** Lets the held-back live events through once message `lastData` is among them. */
      async catchUp(lastData: number) {
        const has = () =>
          lagging?.some((e) => e.kind === 'message' && e.message.data === lastData) ?? false;
        const deadline = Date.now() + 5000;
        while (!has()) {
          if (Date.now() > deadline) throw new Error(`message ${lastData} never arrived`);
          await new Promise((r) => setTimeout(r, 10));
        }
        const events = lagging ?? [];
        lagging = undefined;
        for (const e of events) handler(e);
      },
    };
  }

  const publish = (hub: RealtimeHub, n: number) => hub.publish('troop-12', { type: 'n', data: n });

  /** Redis delivers through pub/sub, after the publish resolves: wait for the last one to land. */
  async function delivered(sockets: FakeSocket[], lastData: number) {
    const deadline = Date.now() + 5000;
    while (!sockets.every((s) => s.messages.some((m) => m.data === lastData))) {
      if (Date.now() > deadline) throw new Error(`message ${lastData} never arrived`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  it('replays only what came after the given id, then live messages, each once and in order', async () => {
    const { hub, holdHistory, release } = open();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await publish(hub, i));
    // Someone else listens, so the channel is live before the resuming socket arrives.
    const other = new FakeSocket();
    await hub.join(other, 'troop-12', { userId: 'user-bob' });

    holdHistory();
    const ann = new FakeSocket();
    const joining = hub.join(ann, 'troop-12', { userId: 'user-ann' }, parseMessageId(sent[1]!.id));
    // Published while the history is being read: the read holds them, or not, and live has them.
    for (let i = 5; i < 8; i++) sent.push(await publish(hub, i));
    release();
    await expect(joining).resolves.toEqual({ resumed: true });
    sent.push(await publish(hub, 8));
    await delivered([ann, other], 8);

    expect(ann.messages.map((m) => m.data)).toEqual([2, 3, 4, 5, 6, 7, 8]);
    expect(ann.messages.map((m) => m.id)).toEqual(sent.slice(2).map((m) => m.id));
    expect(other.messages.map((m) => m.data)).toEqual([5, 6, 7, 8]);
  });

  it('sends a message once when its live delivery comes after the history read that held it', async () => {
    const { hub, lagLive, catchUp } = open();
    const other = new FakeSocket();
    await hub.join(other, 'troop-12', { userId: 'user-bob' });
    const first = await publish(hub, 1);
    await delivered([other], 1);

    lagLive();
    await publish(hub, 2);
    const ann = new FakeSocket();
    await hub.join(ann, 'troop-12', { userId: 'user-ann' }, parseMessageId(first.id));
    expect(ann.messages.map((m) => m.data)).toEqual([2]);
    await publish(hub, 3);
    await catchUp(3);
    await delivered([ann, other], 3);
    expect(ann.messages.map((m) => m.data)).toEqual([2, 3]);
    expect(other.messages.map((m) => m.data)).toEqual([1, 2, 3]);
  });

  it('replays nothing after the newest message, and nothing without an id', async () => {
    const { hub } = open();
    const last = await publish(hub, 1);
    const ann = new FakeSocket();
    await expect(
      hub.join(ann, 'troop-12', { userId: 'user-ann' }, parseMessageId(last.id)),
    ).resolves.toEqual({ resumed: true });
    const bob = new FakeSocket();
    await expect(hub.join(bob, 'troop-12', { userId: 'user-bob' })).resolves.toEqual({});
    await publish(hub, 2);
    await delivered([ann, bob], 2);
    expect(ann.messages.map((m) => m.data)).toEqual([2]);
    expect(bob.messages.map((m) => m.data)).toEqual([2]);
  });

  it('says when history no longer reaches back to the given id, and replays what it has', async () => {
    const { hub } = open();
    const first = await publish(hub, 1);
    const ann = new FakeSocket();
    const gone = parseMessageId(first.id)!;
    const result = await hub.join(
      ann,
      'troop-12',
      { userId: 'user-ann' },
      {
        ms: gone.ms - 1,
        seq: 0,
      },
    );
    expect(result).toEqual({ resumed: false });
    expect(ann.messages.map((m) => m.data)).toEqual([1]);
  });
});

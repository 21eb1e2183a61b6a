import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import { ApiError } from '../errors.ts';
import type { RealtimeBus } from './bus.ts';
import { createRealtimeHub, type HubSocket, type RealtimeHub } from './hub.ts';
import { createMemoryBus } from './memory-bus.ts';

class FakeSocket implements HubSocket {
  static next = 0;
  readonly id = `conn-${++FakeSocket.next}`;
  readonly frames: {
    type: string;
    payload: { channel?: string; data?: { users: { userId: string }[] } };
  }[] = [];
  deliver(frame: Buffer) {
    this.frames.push(JSON.parse(frame.toString()));
  }
  heartbeat() {
    return true;
  }
  shutdown() {}
  presenceFrames() {
    return this.frames.filter((f) => f.type === 'presence');
  }
}

describe('realtime hub', () => {
  const hubs: RealtimeHub[] = [];
  afterEach(async () => {
    for (const h of hubs.splice(0)) await h.close();
  });
  const open = (bus?: RealtimeBus) => {
    const clock = manualClock(Date.now());
    const hub = createRealtimeHub({ clock, ...(bus ? { bus } : {}) });
    hubs.push(hub);
    return { hub, clock };
  };

  it('announces a burst of joins with a few presence lists, not one per join', async () => {
    const { hub } = open();
    const sockets = Array.from({ length: 50 }, () => new FakeSocket());
    for (const [i, s] of sockets.entries()) await hub.join(s, 'troop-12', { userId: `user-${i}` });
    await expect
      .poll(() => sockets[0]!.presenceFrames().at(-1)?.payload.data?.users.length)
      .toBe(50);
    expect(sockets[0]!.presenceFrames().length).toBeLessThan(5);
    expect(sockets[49]!.presenceFrames().at(-1)?.payload.data?.users).toHaveLength(50);
  });

  it('leaves no presence behind for a socket that closed while joining', async () => {
    const clock = manualClock(Date.now());
    const inner = createMemoryBus({ clock });
    let release: () => void = () => {};
    const slow: RealtimeBus = {
      ...inner,
      listen: (c) => new Promise<void>((r) => (release = r)).then(() => inner.listen(c)),
    };
    const { hub } = open(slow);
    const s = new FakeSocket();
    const joining = hub.join(s, 'troop-12', { userId: 'user-ann' });
    await hub.removeSocket(s);
    release();
    await joining;
    expect(await hub.presence('troop-12')).toEqual([]);
  });

  it('ends on the latest presence list when an earlier read of it comes back last', async () => {
    const clock = manualClock(Date.now());
    const inner = createMemoryBus({ clock });
    // The first read of the list (both members there) answers only after the second (one left).
    let reads = 0;
    let releaseFirst: () => void = () => {};
    const slow: RealtimeBus = {
      ...inner,
      presence: async (c, now) => {
        const users = await inner.presence(c, now);
        if (++reads === 1) await new Promise<void>((r) => (releaseFirst = r));
        return users;
      },
    };
    const { hub } = open(slow);
    const ann = new FakeSocket();
    const bob = new FakeSocket();
    await hub.join(ann, 'troop-12', { userId: 'user-ann' });
    await hub.join(bob, 'troop-12', { userId: 'user-bob' });
    await expect.poll(() => reads).toBe(1);
    await hub.removeSocket(bob);
    await expect.poll(() => ann.presenceFrames().length).toBe(1);
    releaseFirst();
    // Whatever the late read would send, it sends within these turns of the event loop.
    for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
    expect(ann.presenceFrames().map((f) => f.payload.data?.users.map((u) => u.userId))).toEqual([
      ['user-ann'],
    ]);
  });

  it('refuses a server-side publish with a bad channel or type', async () => {
    const { hub } = open();
    await expect(hub.publish('bad channel', { type: 'x' })).rejects.toBeInstanceOf(ApiError);
    await expect(hub.publish('calendar_events', { type: '' })).rejects.toMatchObject({
      status: 400,
    });
    const m = await hub.publish('calendar_events', { type: 'created', data: { id: 'event_1' } });
    expect(m).toMatchObject({
      channel: 'calendar_events',
      type: 'created',
      data: { id: 'event_1' },
    });
    expect(m).not.toHaveProperty('userId');
  });
});

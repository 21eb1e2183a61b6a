/**
 * The embedded bus keeps its history in the store: a bus opened again over the same store (a
 * restarted server) holds what the previous one published, its ids go on increasing, and the
 * store keeps no more than the bus's own bounds.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { manualClock } from '../clock.ts';
import type { Store } from '../store/store.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { HISTORY_MAX_AGE_MS, type RealtimeBus } from './bus.ts';
import { createMemoryBus, TRIM_AFTER_DROPS } from './memory-bus.ts';
import { storeJournal } from './stored-history.ts';

const all = { start: 'open', end: 'open', limit: 5000 } as const;

describe.each(testStoreKinds)('realtime history kept in the store (%s)', (kind) => {
  const stores: Store[] = [];
  const buses: RealtimeBus[] = [];
  afterEach(async () => {
    for (const b of buses.splice(0)) await b.close();
    for (const s of stores.splice(0)) await s.close();
  });

  async function setup() {
    const store = await openTestStore(kind);
    stores.push(store);
    const clock = manualClock(Date.now());
    const open = (opts: { maxMessages?: number } = {}) => {
      const bus = createMemoryBus({ clock, journal: storeJournal(store), ...opts });
      buses.push(bus);
      return bus;
    };
    const rows = async () =>
      Number(
        (await store.query<{ n: number }>('SELECT COUNT(*) AS n FROM realtime_messages')).rows[0]
          ?.n,
      );
    return { store, clock, open, rows };
  }

  const msg = (clock: { now(): number }, data: unknown) => ({
    type: 'n',
    data,
    timestamp: clock.now(),
    userId: 'user-ann',
    metadata: { n: 1 },
  });

  it("keeps a troop's channel under its key, with the troop's id, apart from another troop's", async () => {
    const { store, clock, open } = await setup();
    const first = open();
    await first.publish('chat', msg(clock, 'first'));
    await first.publish('t45/chat', msg(clock, 't45'));
    await first.close();
    const { rows } = await store.query<{ channel: string; troop_id: string }>(
      'SELECT channel, troop_id FROM realtime_messages ORDER BY troop_id',
    );
    expect(rows).toEqual([
      { channel: 't45/chat', troop_id: 't45' },
      { channel: 'chat', troop_id: 'troop-1' },
    ]);
    const second = open();
    expect((await second.history('t45/chat', all, clock.now())).map((m) => m.data)).toEqual([
      't45',
    ]);
  });

  it('survives the bus closing and opening again over the same store', async () => {
    const { clock, open } = await setup();
    const first = open();
    const sent = [];
    for (let i = 0; i < 5; i++) sent.push(await first.publish('troop-12', msg(clock, i)));
    await Promise.all([first.publish('other', msg(clock, 'x')), first.close()]);

    const second = open();
    expect(await second.history('troop-12', all, clock.now())).toEqual(sent);
    expect((await second.history('other', all, clock.now())).map((m) => m.data)).toEqual(['x']);
    // The clock has not moved: the next id still comes after every stored one.
    const next = await second.publish('troop-12', msg(clock, 5));
    expect(next.id > (sent.at(-1)?.id ?? '')).toBe(true);
    expect((await second.history('troop-12', all, clock.now())).map((m) => m.data)).toEqual([
      0, 1, 2, 3, 4, 5,
    ]);
  });

  it('keeps in the store only what the bus keeps: the newest of a channel, none too old', async () => {
    const { clock, open, rows } = await setup();
    const first = open({ maxMessages: 3 });
    for (let i = 0; i < 6; i++) await first.publish('troop-12', msg(clock, i));
    await first.close();
    expect(await rows()).toBe(3);

    const second = open({ maxMessages: 3 });
    expect((await second.history('troop-12', all, clock.now())).map((m) => m.data)).toEqual([
      3, 4, 5,
    ]);
    await second.close();

    clock.advance(HISTORY_MAX_AGE_MS + 1000);
    const third = open();
    expect(await third.history('troop-12', all, clock.now())).toEqual([]);
    expect(await rows()).toBe(0);
  });

  it('trims the store in batches, and a bus that stopped before a trim still replays only its newest', async () => {
    const { clock, open, rows } = await setup();
    // Stopped without closing (a killed process): what it let go was never deleted.
    const first = open({ maxMessages: 3 });
    for (let i = 0; i < 6; i++) await first.publish('troop-12', msg(clock, i));
    expect(await rows()).toBe(6);

    const second = open({ maxMessages: 3 });
    expect((await second.history('troop-12', all, clock.now())).map((m) => m.data)).toEqual([
      3, 4, 5,
    ]);
    // Past TRIM_AFTER_DROPS messages let go, the store loses them at the next write: of the
    // 106 published it holds the 3 the bus keeps and the few published since the trim.
    for (let i = 6; i < 6 + TRIM_AFTER_DROPS; i++) await second.publish('troop-12', msg(clock, i));
    expect(await rows()).toBeLessThan(10);
  });
});

/**
 * The change feed end to end: a member's socket on `calendar_events` hears every committed Data
 * API write to the table, by whoever made it, and nothing for refused writes or other tables.
 */
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createMemoryBus } from '../realtime/memory-bus.ts';
import { FrameClient, listeningApp, type Frame, type ListeningApp } from '../../test/realtime.ts';
import { manualClock } from '../clock.ts';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { ownEventsOnly } from '../../test/read-rules.ts';
import { DEFAULT_ROLES_CONFIG } from '@scout/protocol/permissions';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { TABLES } from '../tables.ts';
import { chunkIds, createChangeFeed } from './change-feed.ts';
import type { TableChange } from './data-context.ts';
import { addMember, callRest, SERVICE_KEY, serviceKeys, type TestMember } from '../../test/rest.ts';

const CHANNEL = 'calendar_events';
const EVENT = { eventName: 'Troop meeting', eventDate: '2031-03-02', eventTime: '19:00' };

describe.each(testStoreKinds)('calendar change feed (%s)', (kind) => {
  let t: ListeningApp;
  let ann: TestMember;
  let bob: TestMember;
  let admin: TestMember;
  const clients: FrameClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await t?.close();
  });

  async function start(opts: Parameters<typeof listeningApp>[0] = {}) {
    t = await listeningApp({ store: kind, deps: { serviceKeys }, ...opts });
    ann = await addMember(t, 'member-ann');
    bob = await addMember(t, 'member-bob');
    admin = await addMember(t, 'admin-1', 'admin');
  }

  async function listen(token: string | undefined) {
    const c = await FrameClient.connect(t.wsUrl);
    clients.push(c);
    if (token) {
      c.send('auth', { token });
      await c.next('authenticated');
    }
    c.send('subscribe', { channel: CHANNEL });
    return c;
  }

  /** Bob, on the calendar: the member who did not make the change. */
  async function bobListens() {
    const c = await listen(bob.token);
    await c.next('subscribed');
    return c;
  }

  const create = (token: string, body: unknown, query = '', prefer = 'return=representation') =>
    callRest(t, 'POST', `${CHANNEL}${query}`, { token, body, prefer });

  const next = async (c: FrameClient) =>
    (await c.next('message')).payload as Frame['payload'] & { data: { ids: string[] } };

  it('announces a member creating, changing and deleting an event, as that member', async () => {
    await start();
    const bobSees = await bobListens();

    const created = await create(ann.token, { id: 'event_1', ...EVENT });
    expect(created.statusCode).toBe(201);
    expect(await next(bobSees)).toEqual({
      channel: CHANNEL,
      id: expect.stringMatching(/^\d+-\d+$/),
      type: 'created',
      data: { ids: ['event_1'] },
      timestamp: expect.any(Number),
      userId: ann.id,
    });

    const changed = await callRest(t, 'PATCH', `${CHANNEL}?id=eq.event_1`, {
      token: ann.token,
      body: { eventName: 'Court of Honor' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await next(bobSees)).toMatchObject({
      type: 'updated',
      data: { ids: ['event_1'] },
      userId: ann.id,
    });

    const deleted = await callRest(t, 'DELETE', `${CHANNEL}?id=eq.event_1`, { token: ann.token });
    expect(deleted.statusCode).toBe(200);
    expect(await next(bobSees)).toMatchObject({
      type: 'deleted',
      data: { ids: ['event_1'] },
      userId: ann.id,
    });
  });

  it('announces every row of a bulk insert, ids the server made included, whatever was selected', async () => {
    await start();
    const bobSees = await bobListens();
    const res = await create(
      ann.token,
      [{ id: 'event_a', ...EVENT }, EVENT, { ...EVENT, eventDate: '2031-04-01' }],
      '?select=event_name',
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      { event_name: 'Troop meeting' },
      { event_name: 'Troop meeting' },
      { event_name: 'Troop meeting' },
    ]);
    const m = await next(bobSees);
    expect(m.type).toBe('created');
    const stored = await t.deps.store.query<{ id: string }>(
      'SELECT id FROM calendar_events ORDER BY event_date, id',
    );
    expect([...m.data.ids].sort()).toEqual(stored.rows.map((r) => r.id).sort());
    expect(m.data.ids).toHaveLength(3);
  });

  it('splits a large bulk insert over several messages that together name every row', async () => {
    await start();
    const bobSees = await bobListens();
    const rows = Array.from({ length: 1000 }, (_, i) => ({
      id: `event_${String(i).padStart(40, '0')}`,
      ...EVENT,
    }));
    const res = await create(ann.token, rows, '', 'return=minimal');
    expect(res.statusCode).toBe(201);
    const seen: string[] = [];
    while (seen.length < rows.length) {
      const m = await next(bobSees);
      expect(m.type).toBe('created');
      expect(JSON.stringify(m).length).toBeLessThan(64 * 1024);
      seen.push(...m.data.ids);
    }
    expect(seen).toEqual(rows.map((r) => r.id));
  });

  it("tells an upsert's new rows from the rows it merged into", async () => {
    await start();
    const bobSees = await bobListens();
    await create(ann.token, { id: 'event_old', ...EVENT });
    expect((await next(bobSees)).type).toBe('created');
    const res = await create(
      ann.token,
      [
        { id: 'event_old', ...EVENT, eventName: 'Renamed' },
        { id: 'event_new', ...EVENT },
      ],
      '?on_conflict=id',
      'resolution=merge-duplicates',
    );
    expect(res.statusCode).toBe(201);
    const first = await next(bobSees);
    const second = await next(bobSees);
    expect([first, second].map((m) => [m.type, m.data.ids])).toEqual([
      ['created', ['event_new']],
      ['updated', ['event_old']],
    ]);
  });

  it('announces an admin or a service key deleting a member event, as that caller', async () => {
    await start();
    await create(ann.token, [
      { id: 'event_1', ...EVENT },
      { id: 'event_2', ...EVENT },
    ]);
    const bobSees = await bobListens();
    expect(
      (await callRest(t, 'DELETE', `${CHANNEL}?id=eq.event_1`, { token: admin.token })).statusCode,
    ).toBe(200);
    expect(await next(bobSees)).toMatchObject({
      type: 'deleted',
      data: { ids: ['event_1'] },
      userId: admin.id,
    });
    expect(
      (await callRest(t, 'DELETE', `${CHANNEL}?id=eq.event_2`, { token: SERVICE_KEY })).statusCode,
    ).toBe(200);
    expect(await next(bobSees)).toMatchObject({
      type: 'deleted',
      data: { ids: ['event_2'] },
      userId: 'service_key1',
    });
  });

  it('announces the events that go with an account an admin deletes', async () => {
    await start();
    await create(ann.token, [
      { id: 'event_ann_1', ...EVENT },
      { id: 'event_ann_2', ...EVENT },
    ]);
    await create(bob.token, { id: 'event_bob', ...EVENT });
    const bobSees = await bobListens();
    const res = await callRest(t, 'DELETE', `users?id=eq.${ann.id}`, {
      token: admin.token,
      prefer: 'return=representation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toHaveLength(1);
    const m = await next(bobSees);
    expect(m).toMatchObject({ type: 'deleted', userId: admin.id });
    expect([...m.data.ids].sort()).toEqual(['event_ann_1', 'event_ann_2']);
    const left = await t.deps.store.query<{ id: string }>('SELECT id FROM calendar_events');
    expect(left.rows.map((r) => r.id)).toEqual(['event_bob']);
  });

  it('announces nothing for refused writes, writes that match nothing, or other tables', async () => {
    await start();
    await create(ann.token, { id: 'event_1', ...EVENT });
    const bobSees = await bobListens();
    expect(
      (await callRest(t, 'DELETE', `${CHANNEL}?id=eq.event_1`, { token: bob.token })).statusCode,
    ).toBe(403);
    expect(
      (
        await callRest(t, 'PATCH', `${CHANNEL}?id=eq.event_1`, {
          token: bob.token,
          body: { eventName: 'Mine now' },
        })
      ).statusCode,
    ).toBe(403);
    expect((await create(ann.token, { ...EVENT, eventDate: 'someday' })).statusCode).toBe(400);
    expect((await create(ann.token, { id: 'event_1', ...EVENT })).statusCode).toBe(409);
    expect(
      (await callRest(t, 'DELETE', `${CHANNEL}?id=eq.event_none`, { token: ann.token })).statusCode,
    ).toBe(200);
    expect(
      (
        await callRest(t, 'PATCH', `${CHANNEL}?id=eq.event_none`, {
          token: ann.token,
          body: { eventName: 'x' },
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await callRest(t, 'POST', 'campout_notes', {
          token: ann.token,
          body: { text: 'Bring socks' },
        })
      ).statusCode,
    ).toBe(201);

    // The first message after all that is the next real change.
    await create(ann.token, { id: 'event_2', ...EVENT });
    expect(await next(bobSees)).toMatchObject({ type: 'created', data: { ids: ['event_2'] } });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/${t.deps.config.projectId}/messages?channel=${CHANNEL}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    // History holds the first create, from before Bob came, then the next real change: nothing between.
    expect(history.json().messages.map((m: { data: { ids: string[] } }) => m.data.ids)).toEqual([
      ['event_1'],
      ['event_2'],
    ]);
  });

  it('refuses clients publishing on the feed, over the socket and over REST, admins included', async () => {
    await start();
    const bobSees = await bobListens();
    bobSees.send('publish', { channel: CHANNEL, type: 'deleted', data: { ids: ['event_1'] } });
    expect((await bobSees.next('error')).payload).toMatchObject({
      channel: CHANNEL,
      code: 'FORBIDDEN',
      error: 'Only the server publishes on this channel',
    });
    for (const token of [bob.token, admin.token, SERVICE_KEY]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/realtime/${t.deps.config.projectId}/publish`,
        headers: { authorization: `Bearer ${token}` },
        payload: { channel: CHANNEL, type: 'deleted', data: { ids: ['event_1'] } },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
    // Other channels stay open to members.
    bobSees.send('publish', { channel: 'troop-12', type: 'chat', data: 'hi' });
    await bobSees.next('published');
  });

  it('keeps the feed from anonymous sockets even when every channel is open to them', async () => {
    await start({ config: { realtimeAnonymousChannels: ['*'] } });
    const stranger = await listen(undefined);
    expect((await stranger.next('error')).payload).toMatchObject({
      channel: CHANNEL,
      code: 'UNAUTHORIZED',
    });
    const history = await t.app.inject({
      method: 'GET',
      url: `/api/realtime/${t.deps.config.projectId}/messages?channel=${CHANNEL}`,
    });
    expect(history.statusCode).toBe(401);
    stranger.send('subscribe', { channel: 'lobby' });
    await stranger.next('subscribed');
  });

  it('still answers the write when the announcement cannot be published, and logs why', async () => {
    const clock = manualClock(Date.now());
    const bus = createMemoryBus({ clock });
    bus.publish = async () => {
      throw new Error('Redis unreachable');
    };
    const lines: { msg?: string; err?: string }[] = [];
    const logger = pino(
      { level: 'warn' },
      new Writable({
        write(chunk: Buffer, _enc, done) {
          lines.push(JSON.parse(String(chunk)) as { msg?: string; err?: string });
          done();
        },
      }),
    );
    await start({ deps: { serviceKeys, bus, logger } });
    const res = await create(ann.token, { id: 'event_1', ...EVENT });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toHaveLength(1);
    await expect
      .poll(() => lines.find((l) => l.msg === 'change feed publish failed'))
      .toMatchObject({ err: 'Redis unreachable' });
    await bus.close();
  });
});

describe.each(testStoreKinds)('change feed of a troop (%s)', (kind) => {
  it('announces a troop’s changes on that troop’s channels only, its own-rows channels too', async () => {
    const store = await openTestStore(kind);
    try {
      const now = new Date().toISOString();
      await store.query(
        "INSERT INTO users (id, email, role, created_at, updated_at) VALUES ('u1', 'u1@troop12.org', 'user', ?, ?)",
        [now, now],
      );
      await store.query(
        'INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at, troop_id) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        ['e1', 'u1', 'Campout', '2031-03-02', '19:00', now, now, 'troop-b'],
      );
      const heard: Array<{ channel: string; ids: string[] }> = [];
      const feed = createChangeFeed(
        {
          publish: async (channel, message) => heard.push({ channel, ids: message.data.ids }),
        },
        false,
        { store, roles: ownEventsOnly, tables: { declared: (name) => TABLES.served.get(name) } },
      );
      const caller = { kind: 'service', keyId: 'k1' } as const;
      const change: TableChange = { table: 'calendar_events', kind: 'updated', ids: ['e1'] };
      feed.announce(caller, [change], 'troop-b');
      feed.announce(caller, [change], FIRST_TROOP_ID);
      await expect.poll(() => heard.length).toBe(4);
      expect(heard.map((h) => h.channel).sort()).toEqual([
        'calendar_events',
        'calendar_events:u1',
        'troop-b/calendar_events',
        'troop-b/calendar_events:u1',
      ]);
    } finally {
      await store.close();
    }
  });
});

describe.each(testStoreKinds)('change feed of a council (%s)', (kind) => {
  it("announces a council's calendar changes to each of its troops too, and a troop's to itself alone", async () => {
    const store = await openTestStore(kind);
    try {
      const now = new Date().toISOString();
      for (const [id, unit, council] of [
        ['council-l', 'council', null],
        ['troop-a', 'troop', 'council-l'],
        ['troop-b', 'troop', 'council-l'],
        ['troop-c', 'troop', null],
      ] as const)
        await store.query(
          'INSERT INTO troops (id, kind, project_id, council_id, created_at) VALUES (?, ?, ?, ?, ?)',
          [id, unit, `${id}-project`, council, now],
        );
      const heard: string[] = [];
      const feed = createChangeFeed({ publish: async (channel) => heard.push(channel) }, false, {
        store,
        roles: DEFAULT_ROLES_CONFIG,
        tables: { declared: (n) => TABLES.served.get(n) },
      });
      const caller = { kind: 'service', keyId: 'k1' } as const;
      const change: TableChange = { table: 'calendar_events', kind: 'created', ids: ['e1'] };
      // A troop's change, then its council's: the troop's is heard on its own channel alone.
      feed.announce(caller, [change], 'troop-a');
      feed.announce(caller, [change], 'council-l');
      await expect.poll(() => heard.length).toBe(4);
      expect(heard.sort()).toEqual([
        'council-l/calendar_events',
        'troop-a/calendar_events',
        'troop-a/calendar_events',
        'troop-b/calendar_events',
      ]);
    } finally {
      await store.close();
    }
  });
});

describe('chunkIds', () => {
  it('keeps every id once, in order, each chunk within the budget unless one id alone is larger', () => {
    const ids = Array.from({ length: 50 }, (_, i) => `id-${i}-${'x'.repeat(i % 7)}`);
    const chunks = chunkIds(ids, 60);
    expect(chunks.flat()).toEqual(ids);
    for (const c of chunks) expect(c.length === 1 || JSON.stringify(c).length <= 61).toBe(true);
    expect(chunkIds([])).toEqual([]);
    expect(chunkIds(['a'.repeat(100)], 10)).toEqual([['a'.repeat(100)]]);
  });
});

/**
 * The change feed follows the calendar_events read rule: under a rule that lets members read only
 * their own events, a member hears of their own events on their own channel and never of anyone
 * else's, on the table's channel or through its history; admins still hear everything.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ownRowsChannel } from '@scout/protocol/change-feed';
import { DEFAULT_ROLES_CONFIG, parseRolesConfig } from '@scout/protocol/permissions';
import { forgetAccount } from '../auth/session-check.ts';
import { FrameClient, listeningApp, type Frame, type ListeningApp } from '../../test/realtime.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const TABLE = 'calendar_events';
const EVENT = { eventName: 'Troop meeting', eventDate: '2031-03-02', eventTime: '19:00' };

/** Members read only their own events; leaders, by a permission of the troop's, every event. */
const ownerOnly = parseRolesConfig({
  roles: {
    ...DEFAULT_ROLES_CONFIG.roles,
    leader: { permissions: ['calendar.read_all'], inherit: ['user'] },
  },
  defaultRole: 'user',
  tables: { calendar_events: { read: ['owner', 'calendar.read_all'] } },
});

type Message = Frame['payload'] & { type: string; data: { ids: string[] } };

describe.each(testStoreKinds)('the change feed under an owner-only read rule (%s)', (kind) => {
  let t: ListeningApp;
  let ann: TestMember;
  let bob: TestMember;
  const clients: FrameClient[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) c.ws.terminate();
    await t?.close();
  });

  async function start() {
    t = await listeningApp({ store: kind, config: { roles: ownerOnly } });
    ann = await addMember(t, 'member-ann');
    bob = await addMember(t, 'member-bob');
  }

  /** A signed-in socket; `channel` answers `subscribed` or `error`, whichever comes. */
  async function socketOf(member: TestMember) {
    const c = await FrameClient.connect(t.wsUrl);
    clients.push(c);
    c.send('auth', { token: member.token });
    await c.next('authenticated');
    return c;
  }

  async function subscribe(c: FrameClient, channel: string): Promise<Frame> {
    c.send('subscribe', { channel });
    await expect.poll(() => c.frames.some((f) => f.payload.channel === channel)).toBe(true);
    return c.frames.find((f) => f.payload.channel === channel && f.type !== 'presence')!;
  }

  const messages = (c: FrameClient) =>
    c.frames.filter((f) => f.type === 'message').map((f) => f.payload as Message);

  const create = (member: TestMember, id: string) =>
    callRest(t, 'POST', TABLE, { token: member.token, body: { id, ...EVENT } });

  it('a member hears of their own events only, on their own channel', async () => {
    await start();
    const admin = await addMember(t, 'admin-1', 'admin');
    const annHears = await socketOf(ann);
    expect((await subscribe(annHears, ownRowsChannel(TABLE, ann.id))).type).toBe('subscribed');
    const bobHears = await socketOf(bob);
    expect((await subscribe(bobHears, ownRowsChannel(TABLE, bob.id))).type).toBe('subscribed');
    // The table's channel and Ann's are not Bob's to listen on.
    expect(await subscribe(bobHears, TABLE)).toMatchObject({
      type: 'error',
      payload: { channel: TABLE, code: 'FORBIDDEN' },
    });
    expect(await subscribe(bobHears, ownRowsChannel(TABLE, ann.id))).toMatchObject({
      type: 'error',
      payload: { code: 'FORBIDDEN' },
    });
    const adminHears = await socketOf(admin);
    expect((await subscribe(adminHears, TABLE)).type).toBe('subscribed');

    expect((await create(ann, 'event_ann')).statusCode).toBe(201);
    await expect.poll(() => messages(annHears).length).toBe(1);
    expect(messages(annHears)[0]).toMatchObject({
      channel: ownRowsChannel(TABLE, ann.id),
      type: 'created',
      data: { ids: ['event_ann'] },
      userId: ann.id,
    });

    // Bob's own event reaches him, after Ann's was announced: hers never did.
    expect((await create(bob, 'event_bob')).statusCode).toBe(201);
    await expect.poll(() => messages(bobHears).length).toBe(1);
    expect(messages(bobHears)[0]).toMatchObject({ type: 'created', data: { ids: ['event_bob'] } });

    const deleted = await callRest(t, 'DELETE', `${TABLE}?id=eq.event_ann`, { token: ann.token });
    expect(deleted.statusCode).toBe(200);
    await expect.poll(() => messages(annHears).length).toBe(2);
    expect(messages(annHears)[1]).toMatchObject({ type: 'deleted', data: { ids: ['event_ann'] } });

    // The admin, who reads every event, heard all three on the table's channel.
    await expect.poll(() => messages(adminHears).length).toBe(3);
    expect(messages(adminHears).flatMap((m) => m.data.ids)).toEqual([
      'event_ann',
      'event_bob',
      'event_ann',
    ]);
    expect(JSON.stringify(bobHears.frames)).not.toContain('event_ann');
    expect(JSON.stringify(annHears.frames)).not.toContain('event_bob');
  });

  it('the history of the table’s channel and of another member’s is refused', async () => {
    await start();
    expect((await create(ann, 'event_ann')).statusCode).toBe(201);
    const history = (member: TestMember, channel: string) =>
      t.app.inject({
        url: `/api/realtime/${t.deps.config.projectId}/messages?channel=${encodeURIComponent(channel)}`,
        headers: { authorization: `Bearer ${member.token}` },
      });
    expect((await history(bob, TABLE)).statusCode).toBe(403);
    expect((await history(bob, ownRowsChannel(TABLE, ann.id))).statusCode).toBe(403);
    await expect
      .poll(async () => (await history(ann, ownRowsChannel(TABLE, ann.id))).json())
      .toMatchObject({ messages: [{ type: 'created', data: { ids: ['event_ann'] } }] });
    const leader = await addMember(t, 'leader-lee', 'leader');
    expect((await history(leader, TABLE)).json()).toMatchObject({
      messages: [{ data: { ids: ['event_ann'] } }],
    });
  });

  it('a member hears on their own channel that an admin deleted their event', async () => {
    await start();
    const admin = await addMember(t, 'admin-1', 'admin');
    const annHears = await socketOf(ann);
    expect((await subscribe(annHears, ownRowsChannel(TABLE, ann.id))).type).toBe('subscribed');
    expect((await create(ann, 'event_ann')).statusCode).toBe(201);
    await expect.poll(() => messages(annHears).length).toBe(1);

    const gone = await callRest(t, 'DELETE', `${TABLE}?id=eq.event_ann`, { token: admin.token });
    expect(gone.statusCode).toBe(200);
    await expect.poll(() => messages(annHears).length).toBe(2);
    expect(messages(annHears)[1]).toMatchObject({
      channel: ownRowsChannel(TABLE, ann.id),
      type: 'deleted',
      data: { ids: ['event_ann'] },
      userId: admin.id,
    });
  });

  it('a leader who loses the right to read every event is taken off the table’s channel', async () => {
    await start();
    const leader = await addMember(t, 'leader-lee', 'leader');
    const leeHears = await socketOf(leader);
    expect((await subscribe(leeHears, TABLE)).type).toBe('subscribed');
    expect((await create(ann, 'event_1')).statusCode).toBe(201);
    await expect.poll(() => messages(leeHears).length).toBe(1);

    await t.deps.store.query('UPDATE users SET role = ? WHERE id = ?', ['user', leader.id]);
    forgetAccount(t.deps.store, leader.id);
    await expect
      .poll(() => leeHears.frames.find((f) => f.type === 'error'), { timeout: 10_000 })
      .toMatchObject({ payload: { channel: TABLE, code: 'FORBIDDEN' } });
    // The admin hearing the next event is the moment Lee would have heard it too.
    const adminHears = await socketOf(await addMember(t, 'admin-1', 'admin'));
    expect((await subscribe(adminHears, TABLE)).type).toBe('subscribed');
    expect((await create(ann, 'event_2')).statusCode).toBe(201);
    await expect.poll(() => messages(adminHears).length).toBe(1);
    expect(JSON.stringify(leeHears.frames)).not.toContain('event_2');
  });
});

/**
 * A social channel's realtime channel (`social:<channel>`) is heard by its readers only
 * (realtime-admission.ts): a socket of a member who does not read it is refused on subscribe
 * and taken off once they stop reading it; its history and presence are refused the same over
 * REST; no client publishes there; a reader hears `updated` when a post is written.
 */
import { socialRealtimeChannel } from '@scout/protocol/social';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FrameClient, type Frame } from '../../test/realtime.ts';
import { socialPost, socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const OWLS = socialRealtimeChannel('patrol:owls');
const LEADERS = socialRealtimeChannel('leaders');

describe.each(testStoreKinds)('social realtime channels (%s)', (kind) => {
  let s: SocialTroop;
  let wsUrl = '';
  const clients: FrameClient[] = [];
  beforeAll(async () => {
    s = await socialTroop(kind);
    await s.t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = s.t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    wsUrl = `ws://127.0.0.1:${address.port}/api/realtime/ws?project_id=${s.t.deps.config.projectId}`;
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
  });
  afterAll(() => s.close());

  async function socketOf(actor: SocialActor): Promise<FrameClient> {
    const c = await FrameClient.connect(wsUrl);
    clients.push(c);
    c.send('auth', { token: s.auth[actor]!.replace(/^Bearer /, '') });
    await c.next('authenticated');
    return c;
  }

  async function subscribe(c: FrameClient, channel: string): Promise<Frame> {
    c.send('subscribe', { channel });
    await expect
      .poll(() => c.frames.some((f) => f.payload.channel === channel && f.type !== 'presence'))
      .toBe(true);
    return c.frames.find((f) => f.payload.channel === channel && f.type !== 'presence')!;
  }

  const history = (actor: SocialActor, channel: string) =>
    s.t.app.inject({
      method: 'GET',
      url: `/api/realtime/${s.t.deps.config.projectId}/messages?channel=${channel}&start=-&end=%2B`,
      headers: { authorization: s.auth[actor]! },
    });

  it("a member who does not read a channel cannot subscribe to it; a reader hears a post's update", async () => {
    const hawks = await socketOf('parentHawks');
    expect(await subscribe(hawks, OWLS)).toMatchObject({
      type: 'error',
      payload: { channel: OWLS, code: 'FORBIDDEN' },
    });
    const youth = await socketOf('youthHawks');
    expect((await subscribe(youth, LEADERS)).type).toBe('error');

    const owl = await socketOf('youthOwls');
    expect((await subscribe(owl, OWLS)).type).toBe('subscribed');
    const postId = await socialPost(s, 'leader', { channel: 'patrol:owls' });
    const heard = await owl.next('message', { skip: ['presence', 'subscribed'] });
    expect(heard.payload).toMatchObject({ channel: OWLS, type: 'updated', data: { postId } });
    // A comment, a reaction and the post's delete are each announced too.
    await s.call('parentOwls', 'POST', `/posts/${postId}/comments`, { body: 'Nice' });
    await s.call('parentOwls', 'PUT', `/posts/${postId}/reactions/like`);
    await s.call('leader', 'DELETE', `/posts/${postId}`);
    for (let i = 0; i < 3; i++)
      expect((await owl.next('message')).payload).toMatchObject({ data: { postId } });
  });

  it('history and presence over REST answer readers only', async () => {
    await socialPost(s, 'leader', { channel: 'leaders' });
    const leader = await history('leader', LEADERS);
    expect(leader.statusCode, leader.body).toBe(200);
    expect(leader.json().messages.length).toBeGreaterThan(0);
    for (const actor of ['youthOwls', 'parentOwls', 'noScouts'] as const)
      expect((await history(actor, LEADERS)).statusCode, actor).toBe(403);
    expect((await history('parentHawks', OWLS)).statusCode).toBe(403);
    expect((await history('parentOwls', OWLS)).statusCode).toBe(200);
    const presence = await s.t.app.inject({
      method: 'GET',
      url: `/api/realtime/${s.t.deps.config.projectId}/presence?channel=${OWLS}`,
      headers: { authorization: s.auth.parentHawks! },
    });
    expect(presence.statusCode).toBe(403);
    const anonymous = await s.t.app.inject({
      method: 'GET',
      url: `/api/realtime/${s.t.deps.config.projectId}/messages?channel=${OWLS}&start=-&end=%2B`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('no client publishes on a social channel, not even a leader', async () => {
    const res = await s.t.app.inject({
      method: 'POST',
      url: `/api/realtime/${s.t.deps.config.projectId}/publish`,
      headers: { authorization: s.auth.leader! },
      payload: { channel: OWLS, type: 'updated', data: { postId: 'fake' } },
    });
    expect(res.statusCode).toBe(403);
    const c = await socketOf('leader');
    c.send('publish', { channel: OWLS, type: 'updated', data: {} });
    expect((await c.next('error')).payload).toMatchObject({ channel: OWLS, code: 'FORBIDDEN' });
  });

  it('a youth whose parent leaves is taken off their channel at the next check', async () => {
    const owl = await socketOf('youthOwls');
    expect((await subscribe(owl, OWLS)).type).toBe('subscribed');
    await s.t.deps.store.query("UPDATE memberships SET status = 'suspended' WHERE user_id = ?", [
      s.userId.parentOwls,
    ]);
    try {
      await expect
        .poll(
          () =>
            owl.frames.some(
              (f) =>
                f.type === 'error' && f.payload.channel === OWLS && f.payload.code === 'FORBIDDEN',
            ),
          { timeout: 15_000 },
        )
        .toBe(true);
    } finally {
      await s.t.deps.store.query("UPDATE memberships SET status = 'active' WHERE user_id = ?", [
        s.userId.parentOwls,
      ]);
    }
  });
});

/**
 * Reactions through the routes: one of each kind per member, counts for everyone who sees the
 * post, the caller's own listed, taken back; refused where the caller may not react.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPost, socialTroop, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social reactions (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it('counts each member once per reaction and lists the caller’s own', async () => {
    const postId = await socialPost(s, 'leader', { channel: 'patrol:owls' });
    const path = (r: string) => `/posts/${postId}/reactions/${r}`;
    expect((await s.call('parentOwls', 'PUT', path('like'))).json()).toEqual({
      reactions: { like: 1 },
      myReactions: ['like'],
    });
    await s.call('parentOwls', 'PUT', path('like'));
    await s.call('parentOwls', 'PUT', path('thanks'));
    const youth = await s.call('youthOwls', 'PUT', path('like'));
    expect(youth.json()).toEqual({ reactions: { like: 2, thanks: 1 }, myReactions: ['like'] });
    const thread = (await s.call('leader', 'GET', `/posts/${postId}`)).json();
    expect(thread.post).toMatchObject({ reactions: { like: 2, thanks: 1 }, myReactions: [] });
    const back = await s.call('parentOwls', 'DELETE', path('like'));
    expect(back.json()).toEqual({ reactions: { like: 1, thanks: 1 }, myReactions: ['thanks'] });
  });

  it('refuses who may not react: a non-reader (404), a service key (403), an unknown kind (400)', async () => {
    const postId = await socialPost(s, 'leader', { channel: 'patrol:owls' });
    expect((await s.call('parentHawks', 'PUT', `/posts/${postId}/reactions/like`)).statusCode).toBe(
      404,
    );
    expect((await s.call('service', 'PUT', `/posts/${postId}/reactions/like`)).statusCode).toBe(
      403,
    );
    expect((await s.call('leader', 'PUT', `/posts/${postId}/reactions/angry`)).statusCode).toBe(
      400,
    );
    const pending = await socialPost(s, 'youthOwls', { channel: 'patrol:owls' });
    expect((await s.call('parentOwls', 'PUT', `/posts/${pending}/reactions/like`)).statusCode).toBe(
      409,
    );
  });
});

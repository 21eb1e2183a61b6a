/**
 * Writing, reading and deleting posts through the routes, with the youth-protection rules each
 * answer follows (docs/decisions/090-social-feed.md): who reads which channel, whose post waits
 * for a leader, mentions of readers only, and an author's delete. The full matrix of callers
 * and routes is the authorization matrix's.
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPost, socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social posts (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  const statusOf = async (actor: SocialActor, postId: string) =>
    (await s.call(actor, 'GET', `/posts/${postId}`)).statusCode;

  it('a leader posts to the troop: every member reads it, newest first', async () => {
    const res = await s.call('leader', 'POST', '/posts', { channel: 'troop', body: '  Camp!  ' });
    expect(res.statusCode, res.body).toBe(200);
    const { post } = res.json();
    expect(post).toMatchObject({
      channel: 'troop',
      channelName: 'Whole troop',
      body: 'Camp!',
      status: 'visible',
      author: { userId: s.userId.leader, youth: false },
      mine: true,
      commentCount: 0,
      photos: [],
    });
    for (const actor of ['admin', 'parentOwls', 'youthOwls', 'youthHawks', 'noScouts'] as const)
      expect(await statusOf(actor, post.id), actor).toBe(200);
    expect(await statusOf('outsider', post.id)).not.toBe(200);
    expect(await statusOf('anonymous', post.id)).toBe(401);
    const page = (await s.call('noScouts', 'GET', '/posts')).json();
    expect(page.posts[0]).toMatchObject({ id: post.id, mine: false });
  });
});

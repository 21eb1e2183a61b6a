/**
 * Writing, reading and deleting posts through the routes, with the youth-protection rules each
 * answer follows (docs/decisions/090-social-feed.md): who reads which channel, whose post waits
 * for a leader, photos of a scout who asked for none, mentions of readers only, and an
 * author's delete taking the photos' files. The full matrix of callers and routes is the
 * authorization matrix's.
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  allowPosting,
  setNoPhotos,
  socialPost,
  socialTroop,
  uploadSocialPhoto,
  type SocialActor,
  type SocialTroop,
} from '../../test/social.ts';
import { filesOnDisk } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social posts (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  const statusOf = async (actor: SocialActor, postId: string) =>
    (await s.call(actor, 'GET', `/posts/${postId}`)).statusCode;
  const readers = async (postId: string) => {
    const out: SocialActor[] = [];
    for (const actor of [
      'admin',
      'leader',
      'parentOwls',
      'youthOwls',
      'parentHawks',
      'youthHawks',
      'noScouts',
      'outsider',
      'service',
    ] as const)
      if ((await statusOf(actor, postId)) === 200) out.push(actor);
    return out;
  };
  const messageOf = (res: { json(): unknown }) => (res.json() as { message: string }).message;

  it('a leader posts to the troop: every member reads it; nobody of another troop does', async () => {
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
      moderation: null,
    });
    expect(await readers(post.id)).toEqual([
      'admin',
      'leader',
      'parentOwls',
      'youthOwls',
      'parentHawks',
      'youthHawks',
      'noScouts',
      'service',
    ]);
    expect(await statusOf('anonymous', post.id)).toBe(401);
    const page = (await s.call('noScouts', 'GET', '/posts')).json();
    expect(page.posts[0]).toMatchObject({ id: post.id, mine: false });
  });

  it('the leaders channel and a patrol channel are read by their readers only', async () => {
    const leaders = await socialPost(s, 'leader', { channel: 'leaders' });
    expect(await readers(leaders)).toEqual(['admin', 'leader', 'service']);
    const owls = await socialPost(s, 'leader', { channel: 'patrol:owls' });
    expect(await readers(owls)).toEqual(['admin', 'leader', 'parentOwls', 'youthOwls', 'service']);
    expect((await s.call('parentHawks', 'GET', '/posts?channel=patrol:owls')).statusCode).toBe(404);
    expect((await s.call('youthOwls', 'GET', '/posts?channel=leaders')).statusCode).toBe(404);
    const hawksFeed = (await s.call('youthHawks', 'GET', '/posts'))
      .json()
      .posts.map((p: { id: string }) => p.id);
    expect(hawksFeed).not.toContain(leaders);
    expect(hawksFeed).not.toContain(owls);
  });

  it('a channel the caller does not read, or the troop lacks, takes no post (404); a bad one is 400', async () => {
    for (const [actor, channel] of [
      ['youthOwls', 'leaders'],
      ['parentHawks', 'patrol:owls'],
      ['noScouts', 'patrol:hawks'],
      ['leader', 'patrol:eagles'],
    ] as const) {
      const res = await s.call(actor, 'POST', '/posts', { channel, body: 'Hi' });
      expect(res.statusCode, `${actor} ${channel}`).toBe(404);
    }
    const bad = await s.call('leader', 'POST', '/posts', { channel: 'Patrol Owls!', body: 'Hi' });
    expect(bad.statusCode).toBe(400);
  });

  it('an empty post is 400 in the protocol words; a service key writes nothing (403)', async () => {
    const empty = await s.call('leader', 'POST', '/posts', { channel: 'troop', body: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(messageOf(empty)).toBe(SOCIAL_MESSAGES.postEmpty);
    const long = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'x'.repeat(4001),
    });
    expect(long.statusCode).toBe(400);
    expect(
      (await s.call('service', 'POST', '/posts', { channel: 'troop', body: 'Hi' })).statusCode,
    ).toBe(403);
  });

  it('a youth posts only once allowed; their post waits for a leader, seen by them, their parent and the leaders', async () => {
    await allowPosting(s.t, s.scouts.hawks, false);
    const refused = await s.call('youthHawks', 'POST', '/posts', { channel: 'troop', body: 'Hi' });
    expect(refused.statusCode).toBe(403);
    expect(messageOf(refused)).toBe(SOCIAL_MESSAGES.notAllowedYet);
    const home = (await s.call('youthHawks', 'GET', '/home')).json();
    expect(home.me).toEqual({ youth: true, mayPost: false, moderator: false });
    expect(home.channels.every((c: { canPost: boolean }) => !c.canPost)).toBe(true);
    await allowPosting(s.t, s.scouts.hawks, true);

    const res = await s.call('youthOwls', 'POST', '/posts', {
      channel: 'patrol:owls',
      body: 'Knots',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { post } = res.json();
    expect(post).toMatchObject({ status: 'pending', author: { youth: true } });
    expect(await readers(post.id)).toEqual([
      'admin',
      'leader',
      'parentOwls',
      'youthOwls',
      'service',
    ]);
    const troopPost = await socialPost(s, 'youthOwls', { channel: 'troop' });
    expect(await readers(troopPost)).toEqual([
      'admin',
      'leader',
      'parentOwls',
      'youthOwls',
      'service',
    ]);
    expect((await s.call('leader', 'GET', '/home')).json().waiting).toBeGreaterThanOrEqual(2);
    expect((await s.call('parentOwls', 'GET', '/home')).json().waiting).toBeUndefined();
  });

  it("with the troop's setting off, a youth's post is visible at once", async () => {
    const off = await s.call('leader', 'PUT', '/settings', { youthPostsNeedApproval: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const id = await socialPost(s, 'youthHawks', { channel: 'troop' });
      expect(await readers(id)).toContain('noScouts');
    } finally {
      await s.call('leader', 'PUT', '/settings', { youthPostsNeedApproval: true });
    }
  });

  it('a youth whose parent leaves the troop reads and writes nothing', async () => {
    await s.t.deps.store.query("UPDATE memberships SET status = 'suspended' WHERE user_id = ?", [
      s.userId.parentHawks,
    ]);
    try {
      const home = (await s.call('youthHawks', 'GET', '/home')).json();
      expect(home.channels).toEqual([]);
      expect(
        (await s.call('youthHawks', 'GET', '/posts'))
          .json()
          .posts.filter((p: { mine: boolean }) => !p.mine),
      ).toEqual([]);
      expect(
        (await s.call('youthHawks', 'POST', '/posts', { channel: 'troop', body: 'Hi' })).statusCode,
      ).toBe(404);
    } finally {
      await s.t.deps.store.query("UPDATE memberships SET status = 'active' WHERE user_id = ?", [
        s.userId.parentHawks,
      ]);
    }
  });

  it('mentions name readers of the channel only', async () => {
    const bad = await s.call('leader', 'POST', '/posts', {
      channel: 'patrol:owls',
      body: 'Hi',
      mentions: [s.userId.youthHawks],
    });
    expect(bad.statusCode).toBe(400);
    expect(messageOf(bad)).toBe(SOCIAL_MESSAGES.mentionNotReader);
    const stranger = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'Hi',
      mentions: [s.userId.outsider],
    });
    expect(stranger.statusCode).toBe(400);
    const ok = await s.call('leader', 'POST', '/posts', {
      channel: 'patrol:owls',
      body: 'Hi',
      mentions: [s.userId.parentOwls, s.userId.parentOwls],
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().post.mentions).toEqual([
      { userId: s.userId.parentOwls, name: expect.any(String), youth: false },
    ]);
    const members = (await s.call('leader', 'GET', '/members?channel=patrol:owls')).json().members;
    expect(members.map((m: { userId: string }) => m.userId).sort()).toEqual(
      [s.userId.admin, s.userId.leader2, s.userId.parentOwls, s.userId.youthOwls].sort(),
    );
    expect((await s.call('parentHawks', 'GET', '/members?channel=patrol:owls')).statusCode).toBe(
      404,
    );
  });

  it("photos are the poster's own uploads, in order; one tagged with a no-photos scout holds the post", async () => {
    const [a, b] = [await uploadSocialPhoto(s, 'leader'), await uploadSocialPhoto(s, 'leader')];
    const res = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: '',
      photos: [{ id: b }, { id: a, tags: [s.scouts.owls] }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { post } = res.json();
    expect(post.status).toBe('visible');
    expect(post.photos.map((p: { id: string }) => p.id)).toEqual([b, a]);
    expect(post.photos[1].tags).toEqual([{ scoutId: s.scouts.owls, name: 'Olive S.' }]);
    expect(post.photos[0].url).toContain('sig');

    const again = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'x',
      photos: [{ id: a }],
    });
    expect(again.statusCode).toBe(400);
    expect(messageOf(again)).toBe(SOCIAL_MESSAGES.photoUnknown);
    const others = await uploadSocialPhoto(s, 'leader2');
    expect(
      (
        await s.call('leader', 'POST', '/posts', {
          channel: 'troop',
          body: 'x',
          photos: [{ id: others }],
        })
      ).statusCode,
    ).toBe(400);
    const badTag = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'x',
      photos: [{ id: others, tags: ['no-such-scout'] }],
    });
    expect(badTag.statusCode).toBe(400);

    await setNoPhotos(s.t, s.scouts.hawks);
    const c = await uploadSocialPhoto(s, 'leader');
    const held = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'Campfire',
      photos: [{ id: c, tags: [s.scouts.hawks] }],
    });
    expect(held.json().post.status).toBe('held');
    expect(await readers(held.json().post.id)).toEqual(['admin', 'leader', 'service']);
  });

  it('an author deletes their post and its photo files; another sees 403, a non-reader 404', async () => {
    const photo = await uploadSocialPhoto(s, 'parentOwls');
    const id = await socialPost(s, 'parentOwls', {
      channel: 'patrol:owls',
      photos: [{ id: photo }],
    });
    const before = filesOnDisk(s.t).length;
    expect((await s.call('leader', 'DELETE', `/posts/${id}`)).statusCode).toBe(403);
    expect((await s.call('service', 'DELETE', `/posts/${id}`)).statusCode).toBe(403);
    const hidden = await s.call('parentHawks', 'DELETE', `/posts/${id}`);
    expect(hidden.statusCode).toBe(404);
    expect(messageOf(hidden)).toBe(SOCIAL_MESSAGES.postNotFound);
    const res = await s.call('parentOwls', 'DELETE', `/posts/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ postId: id });
    expect(filesOnDisk(s.t).length).toBe(before - 2);
    expect(await statusOf('parentOwls', id)).toBe(404);
    const { rows } = await s.t.deps.store.query('SELECT id FROM social_photos WHERE id = ?', [
      photo,
    ]);
    expect(rows).toEqual([]);
  });

  it("another troop's path shows its own feed: this troop's post is 404 there", async () => {
    const id = await socialPost(s, 'leader');
    const res = await s.call('outsider', 'GET', `/posts/${id}`, undefined, 'troop-other-project');
    expect(res.statusCode).toBe(404);
  });

  it('home lists the channels each caller reads, by name, and whether they may post there', async () => {
    const names = async (actor: SocialActor) =>
      (await s.call(actor, 'GET', '/home'))
        .json()
        .channels.map(
          (c: { id: string; name: string; canPost: boolean }) => `${c.id} ${c.name} ${c.canPost}`,
        );
    expect(await names('leader')).toEqual([
      'troop Whole troop true',
      'leaders Leaders true',
      'patrol:hawks Hawks patrol true',
      'patrol:owls Owls patrol true',
    ]);
    expect(await names('youthOwls')).toEqual([
      'troop Whole troop true',
      'patrol:owls Owls patrol true',
    ]);
    expect(await names('noScouts')).toEqual(['troop Whole troop true']);
    const service = (await s.call('service', 'GET', '/home')).json();
    expect(service.channels).toHaveLength(4);
    expect(service.me).toEqual({ youth: false, mayPost: false, moderator: true });
    expect((await s.call('anonymous', 'GET', '/home')).statusCode).toBe(401);
  });

  it('a youth reads their patrol only while two adults read it with them', async () => {
    const postId = await socialPost(s, 'parentHawks', { channel: 'patrol:hawks' });
    const leaders = [s.userId.admin, s.userId.leader, s.userId.leader2];
    const setRole = (role: 'user' | 'leader') =>
      s.t.deps.store.query(`UPDATE memberships SET role = ? WHERE user_id IN (?, ?, ?)`, [
        role,
        ...leaders,
      ]);
    // Left alone with the parent: the youth loses the channel, its posts and its members.
    await setRole('user');
    try {
      const home = (await s.call('youthHawks', 'GET', '/home')).json();
      expect(home.channels.map((c: { id: string }) => c.id)).toEqual(['troop']);
      expect(await statusOf('youthHawks', postId)).toBe(404);
      expect((await s.call('youthHawks', 'GET', '/posts?channel=patrol:hawks')).statusCode).toBe(
        404,
      );
      const refused = await s.call('youthHawks', 'POST', '/posts', {
        channel: 'patrol:hawks',
        body: 'Hi',
      });
      expect(refused.statusCode).toBe(404);
      expect(await statusOf('parentHawks', postId)).toBe(200);
    } finally {
      await s.t.deps.store.query(`UPDATE memberships SET role = 'admin' WHERE user_id = ?`, [
        s.userId.admin,
      ]);
      await s.t.deps.store.query(`UPDATE memberships SET role = 'leader' WHERE user_id IN (?, ?)`, [
        s.userId.leader,
        s.userId.leader2,
      ]);
    }
    expect(await statusOf('youthHawks', postId)).toBe(200);
  });
});

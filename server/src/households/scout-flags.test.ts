/**
 * A scout's "no photos of me" and "may post" (scouts.no_photos, scouts.may_post): the
 * household's adults set them when adding or changing the scout; the scout's own account and
 * leaders read them; nobody else changes them; and the social feed obeys them as soon as they
 * are made (src/social/: a scout not allowed writes nothing, a photo tagged with a scout who
 * asked for none waits for a leader).
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploadPhoto } from '../../test/social-photos.ts';
import { socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { png } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)("a scout's photo and posting choices (%s)", (kind) => {
  let s: SocialTroop;
  /** The Owls' scout, whose parent is parentOwls and whose own account is youthOwls. */
  let olive: string;

  const family = (a: SocialActor, method: 'POST' | 'PATCH', path: string, body: object) =>
    s.h.call(method, `/mine/scouts${path}`, s.auth[a], body);
  const choose = (a: SocialActor, body: object, scout = olive) =>
    family(a, 'PATCH', `/${scout}`, body);
  const stored = async (id: string) => {
    const { rows } = await s.t.deps.store.query<{ no_photos: unknown; may_post: unknown }>(
      'SELECT no_photos, may_post FROM scouts WHERE id = ?',
      [id],
    );
    return rows[0];
  };
  const leaderView = async (id: string) =>
    (await s.h.call('GET', '/scouts', s.auth.leader))
      .json()
      .scouts.find((scout: { id: string }) => scout.id === id);

  beforeAll(async () => {
    s = await socialTroop(kind);
    olive = s.scouts.owls;
  });
  afterAll(async () => s?.close());

  it('a new scout may not post and may be photographed until the family says otherwise', async () => {
    const added = await family('noScouts', 'POST', '', { firstName: 'Kit', lastName: 'Brook' });
    expect(added.json().scout).toMatchObject({ noPhotos: false, mayPost: false });
    const chosen = await family('noScouts', 'POST', '', {
      firstName: 'Lee',
      lastName: 'Brook',
      noPhotos: true,
      mayPost: true,
    });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().scout).toMatchObject({ noPhotos: true, mayPost: true });
    expect(await leaderView(chosen.json().scout.id)).toMatchObject({
      noPhotos: true,
      mayPost: true,
    });
  });

  it('an adult of the household changes either alone; the other and the details stay', async () => {
    await choose('parentOwls', { mayPost: false });
    const photos = await choose('parentOwls', { noPhotos: true });
    expect(photos.statusCode).toBe(200);
    expect(photos.json().scout).toMatchObject({
      firstName: 'Olive',
      noPhotos: true,
      mayPost: false,
    });
    const mine = (await s.h.call('GET', '/mine', s.auth.parentOwls)).json().household;
    expect(mine.scouts[0]).toMatchObject({ noPhotos: true, mayPost: false });
    expect(await leaderView(olive)).toMatchObject({ noPhotos: true, mayPost: false });
    const back = await choose('parentOwls', { noPhotos: false, mayPost: true });
    expect(back.json().scout).toMatchObject({ patrol: 'Owls', noPhotos: false, mayPost: true });
  });

  it('the scout reads both and changes neither; another family and a leader change neither', async () => {
    await choose('parentOwls', { noPhotos: true });
    const before = await stored(olive);
    const own = (await s.h.call('GET', '/mine', s.auth.youthOwls)).json().household;
    expect(own.scouts[0]).toMatchObject({ id: olive, noPhotos: true, mayPost: true });
    const bySelf = await choose('youthOwls', { mayPost: false, noPhotos: false });
    expect([bySelf.statusCode, bySelf.json().code]).toEqual([403, 'HOUSEHOLD_ADULTS_ONLY']);
    for (const actor of ['parentHawks', 'leader', 'noScouts'] as const)
      expect((await choose(actor, { noPhotos: false })).statusCode, actor).toBe(404);
    expect(await stored(olive)).toEqual(before);
    await choose('parentOwls', { noPhotos: false });
  });

  it('refuses a choice that is not true or false, with words, changing nothing', async () => {
    const before = await stored(olive);
    for (const body of [{ mayPost: 'yes' }, { noPhotos: 1 }, { mayPost: null }]) {
      const res = await choose('parentOwls', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toMatch(/mayPost|noPhotos/);
    }
    expect(await stored(olive)).toEqual(before);
  });

  it('the feed obeys at once: a scout not allowed reads and reports, and writes nothing', async () => {
    const post = await s.call('leader', 'POST', '/posts', { channel: 'troop', body: 'Camp' });
    const postId = post.json().post.id as string;
    await choose('parentOwls', { mayPost: false });
    const refusals = [
      await s.call('youthOwls', 'POST', '/posts', { channel: 'troop', body: 'Hi' }),
      await s.call('youthOwls', 'POST', `/posts/${postId}/comments`, { body: 'Hi' }),
      await s.call('youthOwls', 'PUT', `/posts/${postId}/reactions/like`),
      await uploadPhoto(s, 'youthOwls', await png(8, 8)),
      await s.call('youthOwls', 'GET', '/scouts'),
    ];
    expect(refusals.map((r) => [r.statusCode, r.json().message])).toEqual(
      refusals.map(() => [403, SOCIAL_MESSAGES.notAllowedYet]),
    );
    // A scout who may not post still reads, and may always tell a leader.
    expect((await s.call('youthOwls', 'GET', `/posts/${postId}`)).statusCode).toBe(200);
    const reported = await s.call('youthOwls', 'POST', `/posts/${postId}/report`, {
      reason: 'Unkind',
    });
    expect(reported.statusCode).toBe(200);
    await choose('parentOwls', { mayPost: true });
    const allowed = await s.call('youthOwls', 'POST', '/posts', { channel: 'troop', body: 'Hi' });
    expect([allowed.statusCode, allowed.json().post.status]).toEqual([200, 'pending']);
  });

  it('"no photos of me": a post tagging the scout waits for a leader, whoever posts it', async () => {
    await choose('parentOwls', { noPhotos: true });
    const taggable = (await s.call('leader', 'GET', '/scouts')).json().scouts;
    expect(taggable.find((t: { scoutId: string }) => t.scoutId === olive)?.noPhotos).toBe(true);
    const photo = (await uploadPhoto(s, 'leader', await png(8, 8))).json().id;
    const posted = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'Campfire',
      photos: [{ id: photo, tags: [olive] }],
    });
    expect(posted.json().post.status).toBe('held');
    const id = posted.json().post.id as string;
    for (const [actor, status] of [
      ['leader2', 200],
      ['parentOwls', 404],
      ['noScouts', 404],
    ] as const)
      expect((await s.call(actor, 'GET', `/posts/${id}`)).statusCode, actor).toBe(status);
    // Lifted, the choice lets the next tagged photo through.
    await choose('parentOwls', { noPhotos: false });
    const next = (await uploadPhoto(s, 'leader', await png(8, 8))).json().id;
    const open = await s.call('leader', 'POST', '/posts', {
      channel: 'troop',
      body: 'Campfire, again',
      photos: [{ id: next, tags: [olive] }],
    });
    expect(open.json().post.status).toBe('visible');
  });
});

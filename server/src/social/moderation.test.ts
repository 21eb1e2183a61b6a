/**
 * A moderator's actions on posts (moderation.ts), on both stores: who may act, every transition
 * and every refusal, the reason the author then reads, removal's deleted files and reactions,
 * and the audit log's entry for each action.
 */
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  noticeQueued,
  postAsSeenBy,
  storedPhoto,
  storedPost,
  storedReaction,
} from '../../test/social-moderation.ts';
import { OTHER_TROOP, socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social moderation of posts (%s)', (kind) => {
  let s: SocialTroop;
  const moderate = (actor: SocialActor, postId: string, body: unknown) =>
    s.call(actor, 'POST', `/posts/${postId}/moderation`, body);
  const ok = async (actor: SocialActor, postId: string, body: unknown) => {
    const res = await moderate(actor, postId, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().post;
  };
  const audit = async () =>
    (
      await s.t.app.inject({
        method: 'GET',
        url: `/api/members/${s.t.deps.config.projectId}/audit`,
        headers: { authorization: s.auth.admin! },
      })
    ).json().entries as Array<{
      action: string;
      actorId: string | null;
      targetId: string;
      details: Record<string, unknown>;
    }>;

  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it('moderators act (a service key too); members 403, strangers 401, other troops 404', async () => {
    const id = await storedPost(s, 'noScouts');
    for (const actor of ['parentOwls', 'youthOwls', 'noScouts'] as const) {
      // Refused before the body is read: a member learns nothing of the fields.
      const res = await moderate(actor, id, { action: 'nonsense' });
      expect(res.statusCode, actor).toBe(403);
    }
    expect((await moderate('anonymous', id, { action: 'lock' })).statusCode).toBe(401);
    expect((await moderate('outsider', id, { action: 'lock' })).statusCode).toBe(404);
    expect((await ok('service', id, { action: 'lock' })).locked).toBe(true);
    expect((await ok('admin', id, { action: 'unlock' })).locked).toBe(false);
    const elsewhere = await storedPost(s, 'noScouts', { troopId: OTHER_TROOP.id });
    expect((await moderate('leader', elsewhere, { action: 'lock' })).statusCode).toBe(404);
    expect((await moderate('leader', 'no-such-post', { action: 'lock' })).statusCode).toBe(404);
    expect((await moderate('leader', id, { action: 'delete' })).statusCode).toBe(400);
    expect((await moderate('leader', id, {})).statusCode).toBe(400);
  });

  it('hiding and removing need a reason, of at most reasonMaxChars', async () => {
    const id = await storedPost(s, 'noScouts');
    for (const action of ['hide', 'remove']) {
      for (const reason of [undefined, '', '   ']) {
        const res = await moderate('leader', id, { action, reason });
        expect(res.statusCode, `${action} ${reason}`).toBe(400);
        expect(res.json().message).toBe(SOCIAL_MESSAGES.reasonRequired);
      }
      const long = 'x'.repeat(SOCIAL_LIMITS.reasonMaxChars + 1);
      expect((await moderate('leader', id, { action, reason: long })).statusCode).toBe(400);
    }
    expect((await postAsSeenBy(s, 'noScouts', id))?.status).toBe('visible');
  });

  it('approves a pending post and a held one, queueing their notices, as unhiding does', async () => {
    const pending = await storedPost(s, 'youthOwls', { status: 'pending' });
    const held = await storedPost(s, 'leader', { status: 'held' });
    expect(await noticeQueued(s, { postId: pending })).toBe(false);
    expect((await ok('leader', pending, { action: 'approve' })).status).toBe('visible');
    expect((await ok('leader2', held, { action: 'approve' })).status).toBe('visible');
    expect(await noticeQueued(s, { postId: pending })).toBe(true);
    expect(await noticeQueued(s, { postId: held })).toBe(true);
    const again = await moderate('leader', pending, { action: 'approve' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/waits for a leader/);
    const hidden = await storedPost(s, 'noScouts', { status: 'hidden' });
    expect((await moderate('leader', hidden, { action: 'approve' })).statusCode).toBe(409);
    // Others now read the approved post.
    expect((await postAsSeenBy(s, 'parentHawks', pending))?.status).toBe('visible');
    // Hidden while it waited, then shown: others read it for the first time, so it is told.
    const waited = await storedPost(s, 'youthOwls', { status: 'pending' });
    await ok('leader', waited, { action: 'hide', reason: 'Later' });
    expect(await noticeQueued(s, { postId: waited })).toBe(false);
    await ok('leader', waited, { action: 'unhide' });
    expect(await noticeQueued(s, { postId: waited })).toBe(true);
  });

  it('hides with a reason the author and their parents read, and unhides', async () => {
    const id = await storedPost(s, 'youthOwls', { channel: 'patrol:owls' });
    const hidden = await ok('leader', id, { action: 'hide', reason: ' Names a place  ' });
    expect(hidden.status).toBe('hidden');
    expect(hidden.body).toBe('A post by youthOwls');
    for (const actor of ['youthOwls', 'parentOwls', 'leader2'] as const) {
      const seen = await postAsSeenBy(s, actor, id);
      expect(seen?.moderation, actor).toMatchObject({ action: 'hide', reason: 'Names a place' });
      expect(seen?.moderation?.by, actor).toBe('social-leader');
    }
    // Another reader of the channel no longer sees it at all.
    expect(await postAsSeenBy(s, 'leader2', id)).not.toBeNull();
    expect(await postAsSeenBy(s, 'noScouts', id)).toBeNull();
    const twice = await moderate('leader', id, { action: 'hide', reason: 'again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This post is already hidden');

    const shown = await ok('leader', id, { action: 'unhide' });
    expect(shown.status).toBe('visible');
    expect(shown.moderation).toBeNull();
    expect((await postAsSeenBy(s, 'youthOwls', id))?.moderation).toBeNull();
    expect((await moderate('leader', id, { action: 'unhide' })).statusCode).toBe(409);
  });

  it('locks and unlocks a thread, each once', async () => {
    const id = await storedPost(s, 'parentOwls');
    expect((await ok('leader', id, { action: 'lock' })).locked).toBe(true);
    const twice = await moderate('leader', id, { action: 'lock' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe('This thread is already locked');
    expect((await ok('leader', id, { action: 'unlock' })).locked).toBe(false);
    expect((await moderate('leader', id, { action: 'unlock' })).statusCode).toBe(409);
  });

  it('removes: the text, mentions, reactions and both files of each photo are gone', async () => {
    const id = await storedPost(s, 'parentHawks', {
      channel: 'patrol:hawks',
      body: 'Our camp at 12 Elm Road',
      mentions: [s.userId.youthHawks],
    });
    const photos = [
      await storedPhoto(s, id, 'parentHawks'),
      await storedPhoto(s, id, 'parentHawks'),
    ];
    const keys = photos.flatMap((p) => p.keys);
    for (const key of keys) expect(await s.t.deps.files.stat(key), key).not.toBeNull();
    await storedReaction(s, id, 'youthHawks');
    await storedReaction(s, id, 'leader', 'love');

    const removed = await ok('leader', id, { action: 'remove', reason: 'An address' });
    expect(removed).toMatchObject({
      status: 'removed',
      body: '',
      mentions: [],
      photos: [],
      reactions: {},
      moderation: { action: 'remove', reason: 'An address' },
    });
    for (const key of keys) expect(await s.t.deps.files.stat(key), key).toBeNull();
    const rows = async (table: string) =>
      (
        await s.t.deps.store.query<{ n: number | string }>(
          `SELECT count(*) AS n FROM ${table} WHERE post_id = ?`,
          [id],
        )
      ).rows[0]?.n;
    expect(Number(await rows('social_photos'))).toBe(0);
    expect(Number(await rows('social_reactions'))).toBe(0);
    const author = await postAsSeenBy(s, 'parentHawks', id);
    expect(author).toMatchObject({ status: 'removed', body: '', photos: [] });
    expect(author?.moderation?.reason).toBe('An address');

    const again = await moderate('leader', id, { action: 'remove', reason: 'again' });
    expect(again.statusCode).toBe(409);
    for (const action of ['approve', 'hide', 'unhide'])
      expect((await moderate('leader', id, { action, reason: 'x' })).statusCode).toBe(409);
  });

  it('writes each action to the audit log with its reason, channel and author', async () => {
    const id = await storedPost(s, 'youthOwls', { channel: 'patrol:owls', status: 'pending' });
    const steps: Array<[SocialActor, Record<string, string>]> = [
      ['leader', { action: 'approve' }],
      ['leader', { action: 'lock', reason: 'Enough said' }],
      ['leader', { action: 'hide', reason: 'Rude' }],
      ['service', { action: 'unhide' }],
      ['leader2', { action: 'remove', reason: 'Still rude' }],
    ];
    for (const [actor, body] of steps) {
      await ok(actor, id, body);
      s.t.clock.advance(1000);
    }
    const entries = (await audit()).filter((e) => e.targetId === id);
    expect(entries.map((e) => [e.action, e.actorId, e.details]).reverse()).toEqual(
      [
        ['social.post.approve', s.userId.leader, null],
        ['social.post.lock', s.userId.leader, 'Enough said'],
        ['social.post.hide', s.userId.leader, 'Rude'],
        ['social.post.unhide', null, null],
        ['social.post.remove', s.userId.leader2, 'Still rude'],
      ].map(([action, actor, reason]) => [
        action,
        actor,
        { reason, channel: 'patrol:owls', authorId: s.userId.youthOwls },
      ]),
    );
  });

  it('two leaders acting at once: one of them acts, the other is told it is done', async () => {
    const id = await storedPost(s, 'youthOwls', { status: 'pending' });
    const answers = await Promise.all(
      (['leader', 'leader2', 'admin'] as const).map((actor) =>
        moderate(actor, id, { action: 'hide', reason: `By ${actor}` }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const entries = (await audit()).filter((e) => e.targetId === id);
    expect(entries).toHaveLength(1);
  });

  it('announces each change on the post channel', async () => {
    const realtime = s.t.deps.realtime!;
    const publish = vi.spyOn(realtime, 'publish');
    try {
      const id = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
      await ok('leader', id, { action: 'lock' });
      expect(publish.mock.calls.map((c) => [c[0], c[1]])).toEqual([
        ['social:patrol:owls', { type: 'updated', data: { postId: id } }],
      ]);
    } finally {
      publish.mockRestore();
    }
  });
});

/**
 * A moderator's actions on comments (moderation.ts), on both stores: approve, hide, unhide and
 * remove with their refusals, no lock for a comment, the reason its author and their parents
 * read in the thread, the audit log's entries, and a locked thread.
 */
import { SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  noticeQueued,
  storedComment,
  storedPost,
  threadAsSeenBy,
} from '../../test/social-moderation.ts';
import { socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social moderation of comments (%s)', (kind) => {
  let s: SocialTroop;
  const moderate = (actor: SocialActor, commentId: string, body: unknown) =>
    s.call(actor, 'POST', `/comments/${commentId}/moderation`, body);
  const ok = async (actor: SocialActor, commentId: string, body: unknown) => {
    const res = await moderate(actor, commentId, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().comment;
  };
  const commentSeenBy = async (actor: SocialActor, postId: string, commentId: string) =>
    (await threadAsSeenBy(s, actor, postId))?.comments.find((c) => c.id === commentId) ?? null;

  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it('moderators only; no lock for a comment; unknown comments 404', async () => {
    const post = await storedPost(s, 'leader');
    const id = await storedComment(s, post, 'noScouts');
    for (const actor of ['parentOwls', 'youthOwls', 'noScouts'] as const)
      expect((await moderate(actor, id, { action: 'hide', reason: 'x' })).statusCode).toBe(403);
    expect((await moderate('anonymous', id, { action: 'approve' })).statusCode).toBe(401);
    expect((await moderate('leader', 'no-such', { action: 'approve' })).statusCode).toBe(404);
    for (const action of ['lock', 'unlock']) {
      const res = await moderate('leader', id, { action });
      expect(res.statusCode, action).toBe(400);
      expect(res.json().message).toMatch(/lock its post/);
    }
    const bare = await moderate('leader', id, { action: 'hide' });
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe(SOCIAL_MESSAGES.reasonRequired);
  });

  it('approves a pending comment once, queueing its notices', async () => {
    const post = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
    const id = await storedComment(s, post, 'youthOwls', { status: 'pending' });
    expect(await commentSeenBy('parentHawks', post, id)).toBeNull();
    expect(await noticeQueued(s, { postId: post, commentId: id })).toBe(false);
    expect((await ok('service', id, { action: 'approve' })).status).toBe('visible');
    expect(await noticeQueued(s, { postId: post, commentId: id })).toBe(true);
    expect((await moderate('leader', id, { action: 'approve' })).statusCode).toBe(409);
    expect((await commentSeenBy('leader2', post, id))?.status).toBe('visible');
  });

  it('hides with a reason its author and their parent read; unhides; removes its text', async () => {
    const post = await storedPost(s, 'leader');
    const id = await storedComment(s, post, 'youthHawks', {
      body: 'My phone number is ...',
      mentions: [s.userId.parentHawks],
    });
    const hidden = await ok('leader', id, { action: 'hide', reason: 'A phone number' });
    expect(hidden).toMatchObject({ status: 'hidden', body: 'My phone number is ...' });
    for (const actor of ['youthHawks', 'parentHawks', 'leader2'] as const)
      expect((await commentSeenBy(actor, post, id))?.moderation, actor).toMatchObject({
        action: 'hide',
        reason: 'A phone number',
      });
    expect(await commentSeenBy('noScouts', post, id)).toBeNull();
    expect((await moderate('leader', id, { action: 'hide', reason: 'x' })).statusCode).toBe(409);

    expect((await ok('leader', id, { action: 'unhide' })).moderation).toBeNull();
    expect((await commentSeenBy('noScouts', post, id))?.status).toBe('visible');
    expect((await moderate('leader', id, { action: 'unhide' })).statusCode).toBe(409);

    const removed = await ok('leader2', id, { action: 'remove', reason: 'Still there' });
    expect(removed).toMatchObject({ status: 'removed', body: '', mentions: [] });
    const author = await commentSeenBy('youthHawks', post, id);
    expect(author).toMatchObject({
      body: '',
      moderation: { action: 'remove', reason: 'Still there' },
    });
    for (const action of ['approve', 'hide', 'unhide', 'remove']) {
      const res = await moderate('leader', id, { action, reason: 'x' });
      expect(res.statusCode, action).toBe(409);
      expect(res.json().message).toMatch(/removed/);
    }
  });

  it('writes each action to the audit log with its reason, channel, author and post', async () => {
    const post = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
    const id = await storedComment(s, post, 'youthOwls', { status: 'pending' });
    for (const [actor, body] of [
      ['leader', { action: 'approve' }],
      ['leader', { action: 'hide', reason: 'Rude' }],
      ['service', { action: 'remove', reason: 'Rude' }],
    ] as const) {
      await ok(actor, id, body);
      s.t.clock.advance(1000);
    }
    const res = await s.t.app.inject({
      method: 'GET',
      url: `/api/members/${s.t.deps.config.projectId}/audit`,
      headers: { authorization: s.auth.admin! },
    });
    const entries = (res.json().entries as Array<Record<string, unknown>>)
      .filter((e) => e.targetId === id)
      .map((e) => [e.action, e.actorId, e.details])
      .reverse();
    const details = (reason: string | null) => ({
      reason,
      channel: 'patrol:owls',
      authorId: s.userId.youthOwls,
      postId: post,
    });
    expect(entries).toEqual([
      ['social.comment.approve', s.userId.leader, details(null)],
      ['social.comment.hide', s.userId.leader, details('Rude')],
      ['social.comment.remove', null, details('Rude')],
    ]);
  });

  it('a locked thread takes comments from moderators only', async () => {
    const post = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
    const lock = await s.call('leader', 'POST', `/posts/${post}/moderation`, { action: 'lock' });
    expect(lock.statusCode, lock.body).toBe(200);
    const member = await s.call('parentOwls', 'POST', `/posts/${post}/comments`, { body: 'Hi' });
    expect(member.statusCode).toBe(409);
    expect(member.json().message).toBe(SOCIAL_MESSAGES.locked);
    const leader = await s.call('leader', 'POST', `/posts/${post}/comments`, { body: 'Closed' });
    expect(leader.statusCode, leader.body).toBe(200);
    await s.call('leader', 'POST', `/posts/${post}/moderation`, { action: 'unlock' });
    const again = await s.call('parentOwls', 'POST', `/posts/${post}/comments`, { body: 'Hi' });
    expect(again.statusCode, again.body).toBe(200);
  });
});

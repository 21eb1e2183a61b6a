/**
 * Comments through the routes: a thread oldest first with the comments the caller sees, a
 * youth's comment waiting for a leader (seen meanwhile by them, their parent and the leaders),
 * a locked thread taking comments from moderators only, mentions of the channel's readers, and
 * an author's delete.
 */
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPost, socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social comments (%s)', (kind) => {
  let s: SocialTroop;
  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  const comment = async (actor: SocialActor, postId: string, body: Record<string, unknown>) =>
    s.call(actor, 'POST', `/posts/${postId}/comments`, body);
  const threadOf = async (actor: SocialActor, postId: string) => {
    const res = await s.call(actor, 'GET', `/posts/${postId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as {
      post: { commentCount: number };
      comments: Array<{ id: string; body: string; status: string }>;
    };
  };

  it('a thread lists comments oldest first; a youth comment waits for a leader', async () => {
    const postId = await socialPost(s, 'leader', { channel: 'patrol:owls' });
    const first = await comment('parentOwls', postId, { body: ' First ' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().comment).toMatchObject({ body: 'First', status: 'visible', mine: true });
    s.t.clock.advance(1000);
    const youth = await comment('youthOwls', postId, { body: 'Me too' });
    expect(youth.json().comment).toMatchObject({ status: 'pending', author: { youth: true } });
    s.t.clock.advance(1000);
    await comment('leader2', postId, { body: 'Last' });

    expect((await threadOf('leader', postId)).comments.map((c) => c.body)).toEqual([
      'First',
      'Me too',
      'Last',
    ]);
    expect((await threadOf('parentOwls', postId)).comments.map((c) => c.body)).toEqual([
      'First',
      'Me too',
      'Last',
    ]);
    expect((await threadOf('youthOwls', postId)).comments).toHaveLength(3);
    const admin = await threadOf('admin', postId);
    expect(admin.post.commentCount).toBe(3);
    // Another reader of the channel sees the visible ones only: none here but the leaders.
    await s.call('leader', 'PUT', '/settings', { youthPostsNeedApproval: true });
    const troopPost = await socialPost(s, 'leader');
    await comment('youthHawks', troopPost, { body: 'Waiting' });
    await comment('parentHawks', troopPost, { body: 'Seen' });
    const other = await threadOf('noScouts', troopPost);
    expect(other.comments.map((c) => c.body)).toEqual(['Seen']);
    expect(other.post.commentCount).toBe(1);
    expect((await threadOf('parentHawks', troopPost)).comments).toHaveLength(2);
  });

  it('a post the caller does not see takes no comment (404); an empty one is 400', async () => {
    const postId = await socialPost(s, 'leader', { channel: 'leaders' });
    expect((await comment('parentOwls', postId, { body: 'Hi' })).statusCode).toBe(404);
    const troopPost = await socialPost(s, 'leader');
    const empty = await comment('noScouts', troopPost, { body: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(SOCIAL_MESSAGES.commentEmpty);
    const mention = await comment('noScouts', troopPost, { body: 'Hi', mentions: ['outsider'] });
    expect(mention.statusCode).toBe(400);
    expect(mention.json().message).toBe(SOCIAL_MESSAGES.mentionNotReader);
    expect((await comment('service', troopPost, { body: 'Hi' })).statusCode).toBe(403);
  });

  it('a post waiting for a leader takes no comment yet (409)', async () => {
    const pending = await socialPost(s, 'youthOwls', { channel: 'patrol:owls' });
    const res = await comment('parentOwls', pending, { body: 'Nice' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SOCIAL_MESSAGES.notVisible);
  });

  it('a locked thread takes comments from moderators only', async () => {
    const postId = await socialPost(s, 'leader');
    await s.t.deps.store.query('UPDATE social_posts SET locked = ? WHERE id = ?', [
      s.t.deps.store.dialect === 'postgres' ? true : 1,
      postId,
    ]);
    const refused = await comment('parentOwls', postId, { body: 'Hi' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(SOCIAL_MESSAGES.locked);
    expect((await comment('leader2', postId, { body: 'Closing' })).statusCode).toBe(200);
  });

  it('an author deletes their comment; someone else may not', async () => {
    const postId = await socialPost(s, 'leader');
    const id = (await comment('parentHawks', postId, { body: 'Oops' })).json().comment.id;
    expect((await s.call('leader', 'DELETE', `/comments/${id}`)).statusCode).toBe(403);
    expect((await s.call('outsider', 'DELETE', `/comments/${id}`)).statusCode).not.toBe(200);
    const res = await s.call('parentHawks', 'DELETE', `/comments/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ commentId: id });
    expect((await threadOf('leader', postId)).comments).toEqual([]);
    expect((await s.call('parentHawks', 'DELETE', `/comments/${id}`)).statusCode).toBe(404);
  });

  it('a post takes at most commentsPerPost comments (409 in words)', async () => {
    const postId = await socialPost(s, 'leader');
    const n = SOCIAL_LIMITS.commentsPerPost;
    const at = new Date(s.t.clock.now()).toISOString();
    const rows = Array.from({ length: n }, (_, i) => [
      `c-${postId}-${i}`,
      'troop-1',
      postId,
      s.userId.leader,
      'x',
      'visible',
      at,
    ]);
    await s.t.deps.store.query(
      `INSERT INTO social_comments (id, troop_id, post_id, author_id, body, status, created_at)
       VALUES ${rows.map(() => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      rows.flat(),
    );
    const res = await comment('leader2', postId, { body: 'One more' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(SOCIAL_MESSAGES.tooManyComments);
  });
});

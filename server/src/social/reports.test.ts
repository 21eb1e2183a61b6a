/**
 * Members' reports and the moderators' queue (reports.ts, queue.ts), on both stores: whoever
 * sees an item reports it (a scout not yet allowed to post too), nobody reports what they do
 * not see, the hourly limit, the queue's contents, resolving, and hiding resolving with it.
 */
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storedComment, storedPost } from '../../test/social-moderation.ts';
import {
  allowPosting,
  socialTroop,
  type SocialActor,
  type SocialTroop,
} from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

interface Queue {
  posts: { id: string }[];
  comments: { id: string }[];
  reports: {
    id: string;
    postId: string;
    commentId: string | null;
    reason: string;
    reporter: string;
  }[];
}

describe.each(testStoreKinds)('social reports and queue (%s)', (kind) => {
  let s: SocialTroop;
  const report = (actor: SocialActor, path: string, reason: unknown) =>
    s.call(actor, 'POST', `${path}/report`, { reason });
  const queue = async (actor: SocialActor = 'leader'): Promise<Queue> => {
    const res = await s.call(actor, 'GET', '/queue');
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const reportsOf = async (postId: string) =>
    (await queue()).reports.filter((r) => r.postId === postId);

  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it('a scout not yet allowed to post still reports what they see', async () => {
    await allowPosting(s.t, s.scouts.owls, false);
    try {
      const post = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
      const comment = await storedComment(s, post, 'parentOwls');
      const res = await report('youthOwls', `/posts/${post}`, '  Mean to me ');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ reported: true });
      s.t.clock.advance(1000);
      expect((await report('youthOwls', `/comments/${comment}`, 'Also')).statusCode).toBe(200);
      expect(await reportsOf(post)).toEqual([
        expect.objectContaining({ commentId: null, reason: 'Mean to me', reporter: 'youth-owls' }),
        expect.objectContaining({ commentId: comment, reason: 'Also' }),
      ]);
    } finally {
      await allowPosting(s.t, s.scouts.owls, true);
    }
  });

  it('nobody reports what they do not see (404); a service key never reports; words 400', async () => {
    const leaders = await storedPost(s, 'leader', { channel: 'leaders' });
    const owls = await storedPost(s, 'parentOwls', { channel: 'patrol:owls' });
    const hidden = await storedPost(s, 'parentOwls', { status: 'hidden' });
    const onHidden = await storedComment(s, hidden, 'parentHawks');
    const troop = await storedPost(s, 'leader');
    const pendingComment = await storedComment(s, troop, 'youthOwls', { status: 'pending' });
    for (const [actor, path] of [
      ['youthOwls', `/posts/${leaders}`],
      ['parentHawks', `/posts/${owls}`],
      ['youthHawks', `/posts/${owls}`],
      ['noScouts', `/posts/${hidden}`],
      ['noScouts', '/posts/no-such-post'],
      ['outsider', `/posts/${owls}`],
      // A comment is seen only with its post, and only once visible.
      ['parentHawks', `/comments/${onHidden}`],
      ['noScouts', `/comments/${pendingComment}`],
      ['noScouts', '/comments/no-such-comment'],
    ] as const)
      expect((await report(actor, path, 'Why')).statusCode, `${actor} ${path}`).toBe(404);
    expect((await report('anonymous', `/posts/${owls}`, 'Why')).statusCode).toBe(401);
    expect((await report('service', `/posts/${owls}`, 'Why')).statusCode).toBe(403);
    for (const reason of ['', '   ', 'x'.repeat(SOCIAL_LIMITS.reasonMaxChars + 1), 3, undefined])
      expect((await report('parentOwls', `/posts/${owls}`, reason)).statusCode).toBe(400);
    // The author of a hidden post and a parent of a pending comment's author see them.
    expect((await report('parentOwls', `/posts/${hidden}`, 'Why')).statusCode).toBe(200);
    expect((await report('parentOwls', `/comments/${pendingComment}`, 'Why')).statusCode).toBe(200);
  });

  it(`takes at most ${SOCIAL_LIMITS.reportsPerHour} reports a member an hour`, async () => {
    const post = await storedPost(s, 'leader');
    for (let i = 0; i < SOCIAL_LIMITS.reportsPerHour; i++)
      expect((await report('noScouts', `/posts/${post}`, `Report ${i}`)).statusCode).toBe(200);
    // The oldest of them was filed 20 minutes ago: it leaves the hour in 40.
    const age = async (minutes: number) =>
      s.t.deps.store.query(
        `UPDATE social_reports SET created_at = ?
          WHERE id = (SELECT min(id) FROM social_reports WHERE reporter_id = ? AND post_id = ?)`,
        [new Date(s.t.clock.now() - minutes * 60_000).toISOString(), s.userId.noScouts, post],
      );
    await age(20);
    const refused = await report('noScouts', `/posts/${post}`, 'One more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe(SOCIAL_MESSAGES.tooManyReports);
    expect(refused.headers['retry-after']).toBe(String(40 * 60));
    // Another member is not held back by it.
    expect((await report('parentOwls', `/posts/${post}`, 'Mine')).statusCode).toBe(200);
    await age(61);
    expect((await report('noScouts', `/posts/${post}`, 'An hour on')).statusCode).toBe(200);
    expect((await report('noScouts', `/posts/${post}`, 'Again')).statusCode).toBe(429);
  });

  it('counts reports sent at once one after the other', async () => {
    const post = await storedPost(s, 'leader');
    const answers = await Promise.all(
      Array.from({ length: SOCIAL_LIMITS.reportsPerHour + 5 }, (_, i) =>
        report('admin', `/posts/${post}`, `At once ${i}`),
      ),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(SOCIAL_LIMITS.reportsPerHour);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
  });

  it('the queue: pending and held posts, pending comments, open reports; moderators only', async () => {
    const pending = await storedPost(s, 'youthHawks', {
      channel: 'patrol:hawks',
      status: 'pending',
    });
    const held = await storedPost(s, 'leader', { status: 'held' });
    const visible = await storedPost(s, 'leader');
    const waiting = await storedComment(s, visible, 'youthOwls', { status: 'pending' });
    const shown = await storedComment(s, visible, 'youthOwls');
    for (const actor of ['leader', 'service'] as const) {
      const q = await queue(actor);
      const posts = q.posts.map((p) => p.id);
      expect(posts, actor).toEqual(expect.arrayContaining([pending, held]));
      expect(posts, actor).not.toContain(visible);
      expect(
        q.comments.map((c) => c.id),
        actor,
      ).toContain(waiting);
      expect(
        q.comments.map((c) => c.id),
        actor,
      ).not.toContain(shown);
      // The longest waiting first.
      expect(posts.indexOf(pending)).toBeLessThan(posts.indexOf(held));
    }
    for (const actor of ['parentOwls', 'youthOwls', 'noScouts'] as const)
      expect((await s.call(actor, 'GET', '/queue')).statusCode, actor).toBe(403);
    expect((await s.call('anonymous', 'GET', '/queue')).statusCode).toBe(401);
  });

  it('a moderator resolves a report once; hiding or removing an item resolves its reports', async () => {
    const post = await storedPost(s, 'parentHawks', { channel: 'patrol:hawks' });
    const comment = await storedComment(s, post, 'youthHawks');
    for (const [actor, path, reason] of [
      ['youthHawks', `/posts/${post}`, 'First'],
      ['parentHawks', `/comments/${comment}`, 'Second'],
      ['leader2', `/posts/${post}`, 'Third'],
    ] as const) {
      expect((await report(actor, path, reason)).statusCode).toBe(200);
      s.t.clock.advance(1000);
    }
    const [first, second, third] = await reportsOf(post);

    expect((await s.call('parentHawks', 'POST', `/reports/${first!.id}/resolve`)).statusCode).toBe(
      403,
    );
    const done = await s.call('leader', 'POST', `/reports/${first!.id}/resolve`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({ resolved: true });
    const again = await s.call('leader2', 'POST', `/reports/${first!.id}/resolve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This report is already resolved');
    expect((await s.call('leader', 'POST', '/reports/no-such/resolve')).statusCode).toBe(404);
    expect((await reportsOf(post)).map((r) => r.id)).toEqual([second!.id, third!.id]);

    // Hiding the comment answers its report only; removing the post answers the post's.
    const hide = { action: 'hide', reason: 'Unkind' };
    expect(
      (await s.call('leader', 'POST', `/comments/${comment}/moderation`, hide)).statusCode,
    ).toBe(200);
    expect((await reportsOf(post)).map((r) => r.id)).toEqual([third!.id]);
    const remove = { action: 'remove', reason: 'Unkind' };
    expect((await s.call('leader', 'POST', `/posts/${post}/moderation`, remove)).statusCode).toBe(
      200,
    );
    expect(await reportsOf(post)).toEqual([]);

    const entries = (
      await s.t.app.inject({
        method: 'GET',
        url: `/api/members/${s.t.deps.config.projectId}/audit`,
        headers: { authorization: s.auth.admin! },
      })
    ).json().entries as { action: string; targetId: string; actorId: string }[];
    expect(entries.find((e) => e.targetId === first!.id)).toMatchObject({
      action: 'social.report.resolve',
      actorId: s.userId.leader,
    });
  });
});

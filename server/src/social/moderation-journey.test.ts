/**
 * Moderation through the feed's own routes, on both stores: a scout's post waits in the queue
 * until a leader approves it (or goes out at once when the troop says so), a photo of a scout
 * whose family asked for none is held, and removing it deletes both of its files from the file
 * store while its author reads why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { threadAsSeenBy } from '../../test/social-moderation.ts';
import { uploadPhoto } from '../../test/social-photos.ts';
import { setNoPhotos, socialTroop, type SocialTroop } from '../../test/social.ts';
import { filesOnDisk, png } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social moderation through the feed (%s)', (kind) => {
  let s: SocialTroop;
  const post = async (actor: 'youthOwls' | 'parentOwls', body: Record<string, unknown>) => {
    const res = await s.call(actor, 'POST', '/posts', { channel: 'troop', ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().post as { id: string; status: string };
  };
  const queued = async () => {
    const res = await s.call('leader', 'GET', '/queue');
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().posts as { id: string }[]).map((p) => p.id);
  };

  beforeAll(async () => {
    s = await socialTroop(kind);
  });
  afterAll(() => s.close());

  it("a scout's post waits in the queue until a leader approves it", async () => {
    const { id, status } = await post('youthOwls', { body: 'We won the hike!' });
    expect(status).toBe('pending');
    expect(await queued()).toContain(id);
    expect(await threadAsSeenBy(s, 'noScouts', id)).toBeNull();
    const res = await s.call('leader', 'POST', `/posts/${id}/moderation`, { action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await threadAsSeenBy(s, 'noScouts', id))?.post.status).toBe('visible');
    expect(await queued()).not.toContain(id);
  });

  it('a troop that lets scouts post at once: their post is visible straight away', async () => {
    const off = await s.call('leader', 'PUT', '/settings', { youthPostsNeedApproval: false });
    expect(off.statusCode, off.body).toBe(200);
    try {
      const { id, status } = await post('youthOwls', { body: 'Straight out' });
      expect(status).toBe('visible');
      expect(await queued()).not.toContain(id);
    } finally {
      await s.call('leader', 'PUT', '/settings', { youthPostsNeedApproval: true });
    }
  });

  it('a held photo post is removed with both its files; its author reads why', async () => {
    await setNoPhotos(s.t, s.scouts.hawks);
    const upload = await uploadPhoto(s, 'parentOwls', await png(64, 48));
    expect(upload.statusCode, upload.body).toBe(200);
    const photoId = upload.json().id as string;
    const { rows } = await s.t.deps.store.query<{ path: string; thumb_path: string }>(
      'SELECT path, thumb_path FROM social_photos WHERE id = ?',
      [photoId],
    );
    const names = [rows[0]!.path, rows[0]!.thumb_path].map((p) => p.split('/').pop()!);
    const stored = () => filesOnDisk(s.t).filter((f) => names.some((n) => f.endsWith(n)));
    expect(stored()).toHaveLength(2);

    const { id, status } = await post('parentOwls', {
      body: 'Campfire',
      photos: [{ id: photoId, tags: [s.scouts.hawks] }],
    });
    expect(status).toBe('held');
    expect(await queued()).toContain(id);

    const removed = await s.call('leader', 'POST', `/posts/${id}/moderation`, {
      action: 'remove',
      reason: 'Harry’s family asked for no photos',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(stored()).toEqual([]);
    expect(await queued()).not.toContain(id);
    const author = await threadAsSeenBy(s, 'parentOwls', id);
    expect(author?.post).toMatchObject({
      status: 'removed',
      body: '',
      photos: [],
      moderation: { action: 'remove', reason: 'Harry’s family asked for no photos' },
    });
    expect(await threadAsSeenBy(s, 'noScouts', id)).toBeNull();
  });
});

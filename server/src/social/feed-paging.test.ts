/**
 * The feed's pages: newest first, keyset cursors that a post written meanwhile never shifts,
 * the default and largest page, one channel or every channel the caller reads, and a cursor
 * this server did not write answered 400.
 */
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialPost, socialTroop, type SocialActor, type SocialTroop } from '../../test/social.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social feed pages (%s)', (kind) => {
  let s: SocialTroop;
  /** Newest first: the troop's posts, with one in the leaders channel among them. */
  let written: string[] = [];
  let leadersOnly = '';
  beforeAll(async () => {
    s = await socialTroop(kind);
    for (let i = 0; i < SOCIAL_LIMITS.pageSize + 4; i++) {
      await socialPost(s, i % 2 ? 'leader' : 'parentOwls', { body: `Post ${i}` });
      // Some posts share an instant: their ids order them, and no page repeats or skips one.
      if (i % 3 !== 0) s.t.clock.advance(1000);
    }
    leadersOnly = await socialPost(s, 'leader', { channel: 'leaders' });
    s.t.clock.advance(1000);
    const { rows } = await s.t.deps.store.query<{ id: string }>(
      "SELECT id FROM social_posts WHERE channel = 'troop' ORDER BY created_at DESC, id DESC",
    );
    written = rows.map((r) => r.id);
  });
  afterAll(() => s.close());

  const page = async (actor: SocialActor, query: string) => {
    const res = await s.call(actor, 'GET', `/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { posts: Array<{ id: string }>; next: string | null };
  };

  async function walk(actor: SocialActor, query: string): Promise<string[]> {
    const ids: string[] = [];
    let next: string | null = null;
    do {
      const sep = query ? '&' : '?';
      const got = await page(actor, next === null ? query : `${query}${sep}cursor=${next}`);
      ids.push(...got.posts.map((p) => p.id));
      next = got.next;
    } while (next !== null);
    return ids;
  }

  it('pages newest first, the default size, each post once', async () => {
    const first = await page('noScouts', '');
    expect(first.posts).toHaveLength(SOCIAL_LIMITS.pageSize);
    expect(first.posts.map((p) => p.id)).toEqual(written.slice(0, SOCIAL_LIMITS.pageSize));
    expect(await walk('noScouts', '')).toEqual(written);
    expect(await walk('noScouts', '?limit=3')).toEqual(written);
  });

  it('a channel alone, or every channel the caller reads', async () => {
    expect(await walk('leader', '?channel=troop')).toEqual(written);
    const all = await walk('leader', '?limit=7');
    expect(all).toEqual([leadersOnly, ...written]);
    expect(await walk('leader', '?channel=leaders')).toEqual([leadersOnly]);
  });

  it('a post written after the first page does not shift the next one', async () => {
    const first = await page('noScouts', '?limit=5');
    const fresh = await socialPost(s, 'leader', { body: 'Late news' });
    try {
      const second = await page('noScouts', `?limit=5&cursor=${first.next}`);
      expect(second.posts.map((p) => p.id)).toEqual(written.slice(5, 10));
    } finally {
      await s.call('leader', 'DELETE', `/posts/${fresh}`);
    }
  });

  it('a bad cursor or limit is 400 in words', async () => {
    for (const cursor of ['nonsense', Buffer.from('[1,2]').toString('base64url'), '%00']) {
      const res = await s.call('noScouts', 'GET', `/posts?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().message).toBe(SOCIAL_MESSAGES.badCursor);
    }
    expect(
      (await s.call('noScouts', 'GET', `/posts?limit=${SOCIAL_LIMITS.pageMax + 1}`)).statusCode,
    ).toBe(400);
    expect((await s.call('noScouts', 'GET', '/posts?limit=0')).statusCode).toBe(400);
    expect((await s.call('noScouts', 'GET', '/posts?channel=nope')).statusCode).toBe(400);
  });
});

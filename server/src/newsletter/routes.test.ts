/**
 * The newsletter's routes as a writer and a reader use them, on both stores: a draft sent now
 * reaches the archive through its job, an edit after sending shows and is marked, the archive
 * is searched and paged, announcements show as a banner until read, schedules are checked, and
 * bad input is a 400, never a 500.
 */
import {
  NEWSLETTER_BODY_MAX_CHARS,
  NEWSLETTER_SCHEDULE_MAX_DAYS,
  NEWSLETTER_TITLE_MAX_CHARS,
} from '@scout/protocol/newsletter';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { householdApp, type HouseholdApp } from '../../test/households.ts';
import { callNewsletter, draftOf, sentPost, writeDraft } from '../../test/newsletter.ts';
import { runJobs } from '../../test/notices.ts';
import { historyMark } from '../../test/realtime.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('newsletter routes (%s)', (kind) => {
  let h: HouseholdApp;
  let leader: string;
  let member: string;
  const call = (
    auth: string | undefined,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) => callNewsletter(h.t, auth, method, path, payload);
  const titles = async (auth: string, query = '') => {
    const res = await call(auth, 'GET', `/posts${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().posts as { title: string }[]).map((p) => p.title);
  };

  beforeAll(async () => {
    h = await householdApp(kind);
    leader = await h.as('leader', 'leader');
    member = await h.as('member');
  });
  afterAll(async () => h?.t.close());

  it('a draft sent now is queued in the same step and, once its job ran, is in the archive', async () => {
    const id = await writeDraft(h.t, leader, { title: 'Camp is on' });
    expect(await titles(member)).not.toContain('Camp is on');
    const drafts = await call(leader, 'GET', '/posts?status=draft');
    expect(drafts.json().posts.map((p: { id: string }) => p.id)).toContain(id);

    const sent = await call(leader, 'POST', `/posts/${id}/send`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    const post = sent.json().post;
    expect(post.status).toBe('scheduled');
    const sendAt = new Date(h.t.clock.now()).toISOString();
    expect(post.sendAt).toBe(sendAt);
    const jobs = await h.t.deps.store.query<{ payload: string; run_at: string; troop_id: string }>(
      'SELECT payload, run_at, troop_id FROM jobs WHERE dedupe_key = ?',
      [`newsletter-send:${id}:${sendAt}`],
    );
    expect(jobs.rows).toHaveLength(1);
    expect(JSON.parse(jobs.rows[0]!.payload)).toEqual({ postId: id, sendAt });
    expect(jobs.rows[0]!.run_at).toBe(sendAt);

    await runJobs(h.t);
    const archived = (await call(member, 'GET', '/posts')).json().posts[0];
    expect(archived).toMatchObject({ id, title: 'Camp is on', status: 'sent', sentAt: sendAt });
    expect((await call(leader, 'GET', `/posts/${id}`)).json().post.reach).toEqual({
      audience: 2,
      mailed: 2,
      opened: 0,
    });
    const again = await call(leader, 'POST', `/posts/${id}/send`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('NEWSLETTER_ALREADY_SENT');
    expect((await call(leader, 'POST', `/posts/${id}/unschedule`)).statusCode).toBe(409);
  });

  it('an edit after sending shows the new words and is marked edited; kind and audience stay', async () => {
    const id = await sentPost(h.t, leader, { title: 'Hike', body: 'Meet at the church.' });
    const opened = await call(member, 'GET', `/posts/${id}`);
    expect(opened.json().post.editedAt).toBeNull();
    expect(opened.json().post.body).toBe('');
    // Saving it as it is marks nothing.
    const unchanged = await call(leader, 'PATCH', `/posts/${id}`, { title: 'Hike' });
    expect(unchanged.json().post.editedAt).toBeNull();
    h.t.clock.advance(60_000);
    const edit = await call(leader, 'PATCH', `/posts/${id}`, { body: 'Meet at the **school**.' });
    expect(edit.statusCode, edit.body).toBe(200);
    const read = (await call(member, 'GET', `/posts/${id}`)).json().post;
    expect(read.editedAt).toBe(new Date(h.t.clock.now()).toISOString());
    expect(JSON.stringify(read.parts)).toContain('<strong>school</strong>');
    expect(read.excerpt).toBe('Meet at the school.');
    for (const change of [{ kind: 'announcement' }, { audience: 'adults' }]) {
      const refused = await call(leader, 'PATCH', `/posts/${id}`, change);
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
    }
    expect((await call(member, 'GET', `/posts/${id}`)).json().post.kind).toBe('newsletter');
  });

  it('announces an edit and a removal of a sent post on the newsletter channel, naming only the post', async () => {
    const id = await sentPost(h.t, leader, { title: 'Told live' });
    const draft = await writeDraft(h.t, leader, { title: 'Never out' });
    const mark = await historyMark(h.t, 'newsletter');
    await call(leader, 'PATCH', `/posts/${draft}`, { body: 'Still a draft.' });
    await call(leader, 'PATCH', `/posts/${id}`, { body: 'New words.' });
    await call(leader, 'DELETE', `/posts/${draft}`);
    await call(leader, 'DELETE', `/posts/${id}`);
    // Published once the change is stored, without holding the answer back.
    await vi.waitFor(
      async () => {
        const told = await h.t.deps.realtime.history('newsletter', {
          start: mark,
          end: 'open',
          limit: 10,
        });
        expect(told.map((m) => [m.type, m.data])).toEqual([
          ['updated', { postId: id }],
          ['updated', { postId: id }],
        ]);
      },
      { timeout: 10_000 },
    );
  });

  it('lets no member, leader or admin publish on the newsletter channel: what it tells is the server’s', async () => {
    for (const auth of [member, leader]) {
      const res = await h.t.app.inject({
        method: 'POST',
        url: `/api/realtime/${h.t.deps.config.projectId}/publish`,
        headers: { authorization: auth },
        payload: { channel: 'newsletter', type: 'updated', data: { postId: 'forged' } },
      });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
    }
  });

  it('search finds the posts holding every word, in the title or the body, any case', async () => {
    await sentPost(h.t, leader, { title: 'Canoe trip', body: 'Paddles and LIFE jackets.' });
    await sentPost(h.t, leader, { title: 'Life skills', body: 'Knots on Tuesday.' });
    await sentPost(h.t, leader, { title: 'Odd 100% night', body: 'snake_case games' });
    expect(await titles(member, '?q=life')).toEqual(['Life skills', 'Canoe trip']);
    expect(await titles(member, '?q=CANOE%20life')).toEqual(['Canoe trip']);
    expect(await titles(member, '?q=life%20tuesday')).toEqual(['Life skills']);
    expect(await titles(member, '?q=100%25')).toEqual(['Odd 100% night']);
    // % and _ are the letters typed, not patterns.
    expect(await titles(member, '?q=%25%25')).toEqual([]);
    expect(await titles(member, '?q=e_c')).toEqual(['Odd 100% night']);
    expect(await titles(member, '?q=a_e')).toEqual([]);
  });

  it('pages newest first, each post once, until no cursor is left', async () => {
    for (let i = 0; i < 7; i++) await sentPost(h.t, leader, { title: `Weekly ${i}` });
    const seen: string[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await call(
        member,
        'GET',
        `/posts?q=weekly&limit=3${cursor ? `&cursor=${cursor}` : ''}`,
      );
      expect(res.statusCode, res.body).toBe(200);
      const page = res.json();
      expect(page.posts.length).toBeLessThanOrEqual(3);
      seen.push(...page.posts.map((p: { title: string }) => p.title));
      cursor = page.next;
    }
    expect(seen).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `Weekly ${i}`));
  });

  it('an unread announcement is counted and shown as a banner until it is read', async () => {
    const before = (await call(member, 'GET', '/posts')).json().unread as number;
    const id = await sentPost(h.t, leader, {
      kind: 'announcement',
      title: 'Meeting moved',
      body: 'Thursday this week.',
    });
    const page = (await call(member, 'GET', '/posts')).json();
    expect(page.unread).toBe(before + 1);
    expect(page.posts[0]).toMatchObject({ id, read: false });
    const banner = await call(member, 'GET', '/banner');
    expect(banner.json().announcements.map((a: { id: string }) => a.id)).toEqual([id]);
    // The writer wrote it: theirs is read.
    expect((await call(leader, 'GET', '/banner')).json().announcements).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const read = await call(member, 'POST', `/posts/${id}/read`);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toEqual({ read: true });
    }
    expect((await call(member, 'GET', '/banner')).json().announcements).toEqual([]);
    const after = (await call(member, 'GET', '/posts')).json();
    expect(after.unread).toBe(before);
    expect(after.posts[0]).toMatchObject({ id, read: true });
    const reach = (await call(leader, 'GET', '/posts')).json().posts[0].reach;
    expect(reach).toEqual({ mailed: 0, opened: 1, audience: 0 });
    expect((await call(member, 'GET', '/posts')).json().posts[0].reach).toBeUndefined();
  });

  it('schedules within the allowed window and takes a scheduled post back', async () => {
    const id = await writeDraft(h.t, leader);
    const now = h.t.clock.now();
    const at = (ms: number) => ({ at: new Date(now + ms).toISOString() });
    for (const body of [at(-5 * 60_000), at((NEWSLETTER_SCHEDULE_MAX_DAYS + 1) * 86_400_000)]) {
      const res = await call(leader, 'POST', `/posts/${id}/send`, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const later = at(86_400_000);
    const scheduled = await call(leader, 'POST', `/posts/${id}/send`, later);
    expect(scheduled.json().post).toMatchObject({ status: 'scheduled', sendAt: later.at });
    const list = (await call(leader, 'GET', '/posts?status=scheduled')).json().posts;
    expect(list.map((p: { id: string }) => p.id)).toContain(id);
    expect((await call(member, 'GET', '/posts?status=scheduled')).statusCode).toBe(403);
    expect((await call(member, 'GET', `/posts/${id}`)).statusCode).toBe(404);
    const back = await call(leader, 'POST', `/posts/${id}/unschedule`);
    expect(back.json().post).toMatchObject({ status: 'draft', sendAt: null });
  });

  it('names the troop’s patrols for a writer, each once', async () => {
    const parent = await h.as('parent-p');
    await h.call('POST', '/mine/scouts', parent, { firstName: 'A', lastName: 'B', patrol: 'Owls' });
    await h.call('POST', '/mine/scouts', parent, {
      firstName: 'C',
      lastName: 'B',
      patrol: ' owls',
    });
    await h.call('POST', '/mine/scouts', parent, {
      firstName: 'D',
      lastName: 'B',
      patrol: 'Hawks',
    });
    const res = await call(leader, 'GET', '/patrols');
    expect(res.json()).toEqual({ patrols: ['Hawks', 'Owls'] });
    expect((await call(member, 'GET', '/patrols')).statusCode).toBe(403);
  });

  it('answers bad input with a 400, never a 500', async () => {
    const id = await writeDraft(h.t, leader);
    const bad: [string, 'GET' | 'POST' | 'PATCH', string, unknown?][] = [
      [
        'huge title',
        'POST',
        '/posts',
        draftOf({ title: 'x'.repeat(NEWSLETTER_TITLE_MAX_CHARS + 1) }),
      ],
      ['bad audience', 'POST', '/posts', { ...draftOf(), audience: 'everyone' }],
      ['long body', 'POST', '/posts', draftOf({ body: 'x'.repeat(NEWSLETTER_BODY_MAX_CHARS + 1) })],
      ['empty title', 'POST', '/posts', draftOf({ title: '   ' })],
      ['no patrols', 'POST', '/posts', draftOf({ audience: 'patrols', patrols: [] })],
      [
        'long announcement',
        'POST',
        '/posts',
        draftOf({ kind: 'announcement', body: 'y'.repeat(3000) }),
      ],
      ['unknown field', 'POST', '/posts', { ...draftOf(), author: 'me' }],
      ['not an object', 'POST', '/posts', ['a']],
      [
        'patch long body',
        'PATCH',
        `/posts/${id}`,
        { body: 'x'.repeat(NEWSLETTER_BODY_MAX_CHARS + 1) },
      ],
      ['bad time', 'POST', `/posts/${id}/send`, { at: 'next tuesday' }],
      ['bad cursor', 'GET', '/posts?cursor=not-ours'],
      ['bad limit', 'GET', '/posts?limit=0'],
      ['long search', 'GET', `/posts?q=${'a'.repeat(201)}`],
      ['bad status', 'GET', '/posts?status=sent'],
    ];
    for (const [what, method, path, payload] of bad) {
      const res = await call(leader, method, path, payload);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(400);
      expect(res.headers['content-type'], what).toMatch(/json/);
    }
    expect((await call(leader, 'GET', '/posts/no-such-post')).statusCode).toBe(404);
  });
});

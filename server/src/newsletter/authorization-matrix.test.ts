/**
 * Who reads and writes which post, as data: every caller x every route, each cell asserted, on
 * both stores. The troop belongs to a council; its callers are an admin, a leader, the parent
 * and the scout (with their own account) of a household in patrol Owls and of one in Hawks, a
 * parent with no scouts, a member of another troop, a council leader, nobody and a service key.
 * Its posts: to the troop, adults only (an announcement), leaders only and patrol Owls, sent; a
 * draft; and the council's post to every troop. A post the caller may not read is 404, never
 * 403; another troop's post is 404 through every route, whoever asks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { joinTroop } from '../../test/calendar.ts';
import {
  familyWithScout,
  householdApp,
  invitedInto,
  type HouseholdApp,
} from '../../test/households.ts';
import { callNewsletter, sentPost, writeDraft } from '../../test/newsletter.ts';
import { SERVICE_KEY } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { addUnit } from '../../test/troops.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const ACTORS = [
  'admin',
  'leader',
  'parentOwls',
  'parentHawks',
  'noScouts',
  'youthOwls',
  'youthHawks',
  'outsider',
  'council',
  'anonymous',
  'service',
] as const;
type Actor = (typeof ACTORS)[number];
const WRITERS: Actor[] = ['admin', 'leader', 'service'];
const POSTS = ['troop', 'adults', 'leaders', 'owls', 'council'] as const;
type Post = (typeof POSTS)[number];

/** The sent posts each member of the troop reads; the rest reach nothing of the troop. */
const READS: Partial<Record<Actor, Post[]>> = {
  admin: [...POSTS],
  leader: [...POSTS],
  service: [...POSTS],
  parentOwls: ['troop', 'adults', 'owls', 'council'],
  parentHawks: ['troop', 'adults', 'council'],
  noScouts: ['troop', 'adults', 'council'],
  youthOwls: ['troop', 'owls', 'council'],
  youthHawks: ['troop', 'council'],
};
/** Answers for those who reach nothing of the troop: not a member (404), signed out (401). */
const OUTSIDE: Partial<Record<Actor, number>> = { outsider: 404, council: 404, anonymous: 401 };
const writersOnly = (a: Actor) => OUTSIDE[a] ?? (WRITERS.includes(a) ? 200 : 403);

const COUNCIL = { id: 'council-l', projectId: 'lakeside-council', name: 'Lakeside Council' };
const OTHER = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45' };

describe.each(testStoreKinds)('newsletter authorization matrix (%s)', (kind) => {
  let h: HouseholdApp;
  let auth: Record<Actor, string | undefined>;
  const ids = {} as Record<Post | 'draft' | 'otherTroop', string>;
  const call = (
    actor: Actor,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    payload?: unknown,
  ) => callNewsletter(h.t, auth[actor], method, path, payload);
  const postOf = (id: string) => POSTS.find((p) => ids[p] === id);
  const expectCells = async (
    expected: (actor: Actor) => number,
    request: (actor: Actor) => ReturnType<typeof call>,
  ) => {
    for (const actor of ACTORS) {
      const res = await request(actor);
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(expected(actor));
    }
  };
  /** A member of exactly one unit, with this role there. */
  const memberOf = async (id: string, unit: string, role: string) => {
    const token = await h.as(id, role);
    await h.t.deps.store.query('DELETE FROM memberships WHERE user_id = ?', [id]);
    await joinTroop(h.t, id, unit, role);
    return token;
  };

  beforeAll(async () => {
    h = await householdApp(kind);
    const { t } = h;
    await addUnit(t, { ...COUNCIL, kind: 'council' });
    await t.deps.store.query('UPDATE troops SET council_id = ? WHERE id = ?', [
      COUNCIL.id,
      FIRST_TROOP_ID,
    ]);
    t.deps.troops.forget();
    await addUnit(t, OTHER);
    auth = {
      admin: await h.as('admin', 'admin'),
      leader: await h.as('leader', 'leader'),
      parentOwls: await h.as('parent-owls'),
      parentHawks: await h.as('parent-hawks'),
      noScouts: await h.as('no-scouts'),
      youthOwls: await h.as('youth-owls'),
      youthHawks: await h.as('youth-hawks'),
      outsider: await memberOf('outsider', OTHER.id, 'leader'),
      council: await memberOf('council-lead', COUNCIL.id, 'leader'),
      anonymous: undefined,
      service: `Bearer ${SERVICE_KEY}`,
    };
    for (const [parent, youth, patrol] of [
      ['parentOwls', 'youthOwls', 'Owls'],
      ['parentHawks', 'youthHawks', 'Hawks'],
    ] as const) {
      const scoutId = await familyWithScout(h, auth[parent]!, {
        firstName: patrol,
        lastName: 'Scout',
        patrol,
      });
      await invitedInto(h, auth[parent]!, auth[youth]!, { kind: 'scout', scoutId });
    }
    const leader = auth.leader!;
    ids.troop = await sentPost(t, leader, { title: 'For the troop' });
    ids.adults = await sentPost(t, leader, {
      kind: 'announcement',
      title: 'For adults',
      audience: 'adults',
    });
    ids.leaders = await sentPost(t, leader, { title: 'For leaders', audience: 'leaders' });
    ids.owls = await sentPost(t, leader, {
      title: 'For Owls',
      audience: 'patrols',
      patrols: ['owls '],
    });
    ids.council = await sentPost(
      t,
      auth.council!,
      { title: 'From the council' },
      COUNCIL.projectId,
    );
    ids.draft = await writeDraft(t, leader, { title: 'Not yet' });
    ids.otherTroop = await sentPost(t, auth.outsider!, { title: 'Troop 45 news' }, OTHER.projectId);
  });
  afterAll(async () => h?.t.close());

  it('the archive lists exactly the posts each caller reads; another troop lists nothing', async () => {
    for (const actor of ACTORS) {
      const res = await call(actor, 'GET', '/posts');
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(OUTSIDE[actor] ?? 200);
      if (res.statusCode !== 200) {
        expect(res.body, actor).not.toMatch(/For |council/);
        continue;
      }
      const listed = (res.json().posts as { id: string }[]).map((p) => postOf(p.id));
      expect(listed.sort(), actor).toEqual([...READS[actor]!].sort());
    }
    // Troop 45, of no council, reads its own post only.
    const other = await callNewsletter(
      h.t,
      auth.outsider,
      'GET',
      '/posts',
      undefined,
      OTHER.projectId,
    );
    expect(other.json().posts.map((p: { id: string }) => p.id)).toEqual([ids.otherTroop]);
    // The council reads its own post on its own path.
    const council = await callNewsletter(
      h.t,
      auth.council,
      'GET',
      '/posts',
      undefined,
      COUNCIL.projectId,
    );
    expect(council.json().posts.map((p: { id: string }) => p.id)).toEqual([ids.council]);
    expect(council.json().posts[0].from).toEqual({
      projectId: COUNCIL.projectId,
      name: COUNCIL.name,
      council: true,
    });
  });

  it('a youth never reads a post for adults or leaders; a parent reads all their scout reads', async () => {
    const listed = async (a: Actor) =>
      ((await call(a, 'GET', '/posts')).json().posts as { id: string }[]).map((p) => p.id);
    for (const [youth, parent] of [
      ['youthOwls', 'parentOwls'],
      ['youthHawks', 'parentHawks'],
    ] as const) {
      const theirs = await listed(youth);
      expect(theirs, youth).not.toContain(ids.adults);
      expect(theirs, youth).not.toContain(ids.leaders);
      for (const id of [ids.adults, ids.leaders])
        expect((await call(youth, 'GET', `/posts/${id}`)).statusCode, youth).toBe(404);
      expect(await listed(parent), parent).toEqual(expect.arrayContaining(theirs));
    }
  });

  it('opening a post and marking it read: 200 for its readers, 404 for everyone else', async () => {
    for (const post of POSTS) {
      const expected = (a: Actor) => OUTSIDE[a] ?? (READS[a]!.includes(post) ? 200 : 404);
      await expectCells(expected, (a) => call(a, 'GET', `/posts/${ids[post]}`));
      await expectCells(expected, (a) => call(a, 'POST', `/posts/${ids[post]}/read`));
    }
    const open = await call('parentOwls', 'GET', `/posts/${ids.owls}`);
    expect(open.json().post).toMatchObject({ title: 'For Owls', body: '' });
    expect(open.json().post.reach).toBeUndefined();
    expect((await call('leader', 'GET', `/posts/${ids.owls}`)).json().post.body).not.toBe('');
    // A draft is its troop's writers' alone.
    await expectCells(
      (a) => OUTSIDE[a] ?? (WRITERS.includes(a) ? 200 : 404),
      (a) => call(a, 'GET', `/posts/${ids.draft}`),
    );
  });

  it('the banner shows the announcement to the adults who read it and have not; never to a youth', async () => {
    // Marked read by the test above: a fresh announcement for the banner.
    const id = await sentPost(h.t, auth.leader!, {
      kind: 'announcement',
      title: 'Adults: forms due',
      audience: 'adults',
    });
    const shown: Partial<Record<Actor, boolean>> = {
      admin: true,
      parentOwls: true,
      parentHawks: true,
      noScouts: true,
    };
    for (const actor of ACTORS) {
      const res = await call(actor, 'GET', '/banner');
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(OUTSIDE[actor] ?? 200);
      if (res.statusCode !== 200) continue;
      const banner = (res.json().announcements as { id: string }[]).map((a) => a.id);
      expect(banner, actor).toEqual(shown[actor] ? [id] : []);
    }
  });

  it('writing, editing, removing, sending and taking back posts, and the patrols: writers only', async () => {
    const draft = { kind: 'newsletter', title: 'By someone', body: 'Hello.', audience: 'troop' };
    await expectCells(writersOnly, (a) => call(a, 'POST', '/posts', { ...draft, title: a }));
    const { rows } = await h.t.deps.store.query<{ title: string }>(
      `SELECT title FROM newsletter_posts WHERE title IN (${ACTORS.map(() => '?').join(', ')})`,
      [...ACTORS],
    );
    expect(rows.map((r) => r.title).sort()).toEqual([...WRITERS].sort());

    const fresh = async () => writeDraft(h.t, auth.leader!, { title: 'Matrix draft' });
    const each = async () =>
      Object.fromEntries(await Promise.all(ACTORS.map(async (a) => [a, await fresh()])));
    const edited = await each();
    await expectCells(writersOnly, (a) =>
      call(a, 'PATCH', `/posts/${edited[a]}`, { title: `Edited by ${a}` }),
    );
    const removed = await each();
    await expectCells(writersOnly, (a) => call(a, 'DELETE', `/posts/${removed[a]}`));
    const sent = await each();
    await expectCells(writersOnly, (a) => call(a, 'POST', `/posts/${sent[a]}/send`, {}));
    const scheduled = await each();
    for (const a of ACTORS) await call('leader', 'POST', `/posts/${scheduled[a]}/send`, {});
    await expectCells(writersOnly, (a) => call(a, 'POST', `/posts/${scheduled[a]}/unschedule`));
    await expectCells(writersOnly, (a) => call(a, 'GET', '/patrols'));

    const statusOf = async (id: string) =>
      (
        await h.t.deps.store.query<{ status: string; title: string }>(
          'SELECT status, title FROM newsletter_posts WHERE id = ?',
          [id],
        )
      ).rows[0];
    // A refused change changed nothing.
    for (const a of ACTORS) {
      const writer = WRITERS.includes(a);
      expect((await statusOf(edited[a]))?.title, a).toBe(
        writer ? `Edited by ${a}` : 'Matrix draft',
      );
      expect(await statusOf(removed[a]), a).toEqual(writer ? undefined : expect.anything());
      expect((await statusOf(sent[a]))?.status, a).toBe(writer ? 'scheduled' : 'draft');
      expect((await statusOf(scheduled[a]))?.status, a).toBe(writer ? 'draft' : 'scheduled');
    }
  });

  it("another troop's post and the council's are 404 through every route of the troop's writers", async () => {
    const routes = (id: string) =>
      [
        ['GET', `/posts/${id}`],
        ['POST', `/posts/${id}/read`],
        ['PATCH', `/posts/${id}`, { title: 'Taken over' }],
        ['POST', `/posts/${id}/send`, {}],
        ['POST', `/posts/${id}/unschedule`],
        ['DELETE', `/posts/${id}`],
      ] as const;
    for (const actor of ACTORS) {
      for (const [method, path, payload] of routes(ids.otherTroop)) {
        const res = await call(actor, method, path, payload);
        expect(res.statusCode, `${actor} ${method} ${path}`).toBe(
          OUTSIDE[actor] ??
            (method === 'GET' || path.endsWith('/read') || WRITERS.includes(actor) ? 404 : 403),
        );
      }
    }
    // The council's post is read in the troop, and changed on the council's path only.
    for (const writer of WRITERS)
      for (const [method, path, payload] of routes(ids.council).slice(2)) {
        const res = await call(writer, method, path, payload);
        expect(res.statusCode, `${writer} ${method} ${path}`).toBe(404);
      }
    const { rows } = await h.t.deps.store.query<{ title: string }>(
      'SELECT title FROM newsletter_posts WHERE id IN (?, ?) ORDER BY title',
      [ids.otherTroop, ids.council],
    );
    expect(rows.map((r) => r.title)).toEqual(['From the council', 'Troop 45 news']);
  });
});

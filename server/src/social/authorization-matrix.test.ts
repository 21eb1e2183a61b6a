/**
 * Who reaches what of the social feed, as data: every actor of the social test troop (an admin,
 * two leaders, the parent and the scout of patrol Owls and of Hawks, a parent with no scouts, a
 * leader of another troop, nobody and a service key) x every channel x every route, the realtime
 * channels and the Data API, each cell asserted on both stores. What each actor reads is written
 * out in test/social-matrix.ts, never asked of the rules under test. An item or a channel the
 * caller may not see is 404, never 403. Failing cells are named together, not one at a time.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCIAL_MESSAGES, socialRealtimeChannel } from '@scout/protocol/social';
import {
  ACTORS,
  CHANNELS,
  COMMENTS,
  MODERATORS,
  OUTSIDE,
  POSTS,
  READS,
  callAs,
  expectCells,
  homeChannels,
  leaveTroop,
  youthReach,
  listenForSockets,
  otherTroopPost,
  moderatorOnly,
  reader,
  seedItems,
  seenKeys,
  seer,
  subscribeAnswer,
  writer,
  writes,
  type Actor,
  type Channel,
} from '../../test/social-matrix.ts';
import { socialTroop, type SocialTroop } from '../../test/social.ts';
import { uploadPhoto } from '../../test/social-photos.ts';
import { png } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const members = ACTORS.filter((a) => !(a in OUTSIDE));
const VISIBLE = ['troop', 'leaders', 'owls', 'hawks'] as const;
const TABLES = ['settings', 'posts', 'comments', 'photos', 'photo_tags', 'reactions', 'reports'];

describe.each(testStoreKinds)('social feed authorization matrix (%s)', (kind) => {
  let s: SocialTroop;
  let ids: Record<string, string>;
  let wsUrl: string;
  const keyOf = (id: string) => Object.keys(ids).find((k) => ids[k] === id) ?? id;
  const keysOf = (items: { id: string }[]) => items.map((i) => keyOf(i.id)).sort();
  const inject = (a: Actor, method: 'GET' | 'POST', url: string, payload?: object) =>
    callAs(s, a, method, url, payload);

  beforeAll(async () => {
    s = await socialTroop(kind);
    ids = await seedItems(s);
    wsUrl = await listenForSockets(s);
  });
  afterAll(async () => s?.close());

  it('home and settings: every member; the channels each reads; what waits, for moderators', async () => {
    await expectCells(
      'GET /home',
      () => 200,
      (a) => s.call(a, 'GET', '/home'),
      (a, res) => {
        const home = res.json();
        expect(home.channels.map((c: { id: string }) => c.id).sort(), a).toEqual(
          [...READS[a]].sort(),
        );
        expect([home.me.moderator, home.me.youth], a).toEqual([
          MODERATORS.includes(a),
          a.startsWith('youth'),
        ]);
        expect(home.waiting === undefined, a).toBe(!MODERATORS.includes(a));
      },
    );
    await expectCells(
      'GET /settings',
      () => 200,
      (a) => s.call(a, 'GET', '/settings'),
    );
    await expectCells('PUT /settings', moderatorOnly, (a) =>
      s.call(a, 'PUT', '/settings', { youthPostsNeedApproval: true }),
    );
  });

  it('the feed lists exactly the posts each caller sees, by channel and in all', async () => {
    for (const channel of CHANNELS)
      await expectCells(
        `GET /posts?channel=${channel}`,
        reader(channel),
        (a) => s.call(a, 'GET', `/posts?channel=${encodeURIComponent(channel)}`),
        (a, res) => expect(keysOf(res.json().posts), a).toEqual(seenKeys(a, POSTS, channel)),
      );
    await expectCells(
      'GET /posts',
      () => 200,
      (a) => s.call(a, 'GET', '/posts'),
      (a, res) => expect(keysOf(res.json().posts), a).toEqual(seenKeys(a, POSTS)),
    );
  });

  it('a thread opens for whoever sees its post, with the comments they see', async () => {
    for (const [key, post] of Object.entries(POSTS)) {
      const under = Object.fromEntries(Object.entries(COMMENTS).filter(([, c]) => c.post === key));
      await expectCells(
        `GET /posts/${key}`,
        seer(post),
        (a) => s.call(a, 'GET', `/posts/${ids[key]}`),
        (a, res) => {
          expect(keysOf(res.json().comments), `${a} ${key}`).toEqual(seenKeys(a, under));
          // Whoever sees a hidden post (its author, the moderators) reads why.
          if (post.status === 'hidden') expect(res.json().post.moderation?.reason).toBeTruthy();
        },
      );
    }
  });

  it("members to mention: a channel's readers but the caller, for its readers only", async () => {
    for (const channel of CHANNELS)
      await expectCells(
        `GET /members?channel=${channel}`,
        reader(channel),
        (a) => s.call(a, 'GET', `/members?channel=${encodeURIComponent(channel)}`),
        (a, res) => {
          const listed = (res.json().members as { userId: string }[]).map((m) => m.userId);
          const others = members.filter((m) => m !== 'service' && m !== a);
          const readers = others.filter((m) => READS[m].includes(channel));
          expect(listed.sort(), `${a} ${channel}`).toEqual(readers.map((m) => s.userId[m]).sort());
        },
      );
  });

  it('reports: whoever sees the post or comment, a youth included; never the service key', async () => {
    for (const [key, item] of Object.entries({ ...POSTS, ...COMMENTS }))
      await expectCells(`report ${key}`, writer(item), (a) =>
        s.call(a, 'POST', `/${item.post ? 'comments' : 'posts'}/${ids[key]}/report`, {
          reason: `Matrix report by ${a}`,
        }),
      );
  });

  it('moderation, the queue and resolving reports: social.moderate only', async () => {
    await expectCells(
      'GET /queue',
      moderatorOnly,
      (a) => s.call(a, 'GET', '/queue'),
      (a, res) =>
        expect(keysOf(res.json().posts), a).toEqual([
          'owlsPending',
          'troopHeld',
          'troopYouthPending',
        ]),
    );
    // Each change is undone at once, so the next moderator finds the item as it was.
    const undone = async (res: LightMyRequestResponse, path: string, action: string) => {
      if (res.statusCode === 200) await s.call('leader', 'POST', path, { action });
      return res;
    };
    for (const key of VISIBLE) {
      const path = `/posts/${ids[key]}/moderation`;
      await expectCells(`lock ${key}`, moderatorOnly, async (a) =>
        undone(await s.call(a, 'POST', path, { action: 'lock' }), path, 'unlock'),
      );
    }
    const path = `/comments/${ids.troopComment}/moderation`;
    await expectCells('hide troopComment', moderatorOnly, async (a) =>
      undone(await s.call(a, 'POST', path, { action: 'hide', reason: `By ${a}` }), path, 'unhide'),
    );
    const { rows } = await s.t.deps.store.query<{ id: string }>(
      'SELECT id FROM social_reports WHERE resolved_at IS NULL ORDER BY created_at, id',
    );
    await expectCells('resolve a report', moderatorOnly, (a) =>
      s.call(a, 'POST', `/reports/${rows[ACTORS.indexOf(a)]?.id}/resolve`, {}),
    );
  });

  it('posting: in each channel the caller reads; a youth’s post waits for a leader', async () => {
    for (const channel of CHANNELS)
      await expectCells(
        `POST /posts in ${channel}`,
        (a) => (writes(a, channel) ? 200 : a === 'service' ? 403 : 404),
        (a) => s.call(a, 'POST', '/posts', { channel, body: `Matrix new by ${a}` }),
        (a, res) =>
          expect(res.json().post.status, a).toBe(a.startsWith('youth') ? 'pending' : 'visible'),
      );
    // A refused post left nothing behind.
    const { rows } = await s.t.deps.store.query<{ channel: string; body: string }>(
      "SELECT channel, body FROM social_posts WHERE body LIKE 'Matrix new by %'",
    );
    const made = rows.map((r) => `${r.channel} ${r.body.slice('Matrix new by '.length)}`);
    const allowed = CHANNELS.flatMap((c) =>
      members.filter((a) => writes(a, c)).map((a) => `${c} ${a}`),
    );
    expect(made.sort()).toEqual(allowed.sort());
  });

  it('commenting and reacting: on a visible post the caller sees; never the service key', async () => {
    for (const key of VISIBLE) {
      const post = `/posts/${ids[key]}`;
      await expectCells(`comment on ${key}`, writer(POSTS[key]!), (a) =>
        s.call(a, 'POST', `${post}/comments`, { body: `Matrix comment by ${a}` }),
      );
      for (const method of ['PUT', 'DELETE'] as const)
        await expectCells(`${method} reaction on ${key}`, writer(POSTS[key]!), (a) =>
          s.call(a, method, `${post}/reactions/like`),
        );
    }
    // A waiting post takes no comment from those who see it; those who do not learn nothing.
    const early = (a: Actor) =>
      s.call(a, 'POST', `/posts/${ids.owlsPending}/comments`, { body: 'Too early' });
    expect((await early('parentOwls')).json().message).toBe(SOCIAL_MESSAGES.notVisible);
    expect((await early('parentHawks')).statusCode).toBe(404);
  });

  it('deleting a post or a comment: its author only', async () => {
    const posts: Partial<Record<Actor, string>> = {};
    const comments: Partial<Record<Actor, string>> = {};
    for (const a of members.filter((m) => m !== 'service')) {
      posts[a] = (
        await s.call(a, 'POST', '/posts', { channel: 'troop', body: 'Gone' })
      ).json().post.id;
      const c = await s.call(a, 'POST', `/posts/${ids.troop}/comments`, { body: 'Gone' });
      comments[a] = c.json().comment.id;
    }
    // Every member sees a leader's post and comment in the troop's channel: not theirs to delete.
    const other = (a: Actor) => (a === 'leader' ? 'leader2' : 'leader');
    await expectCells(
      "DELETE another's post",
      () => 403,
      (a) => s.call(a, 'DELETE', `/posts/${posts[other(a)]}`),
    );
    await expectCells(
      "DELETE another's comment",
      () => 403,
      (a) => s.call(a, 'DELETE', `/comments/${comments[other(a)]}`),
    );
    // The service key has none of its own: the troop's first post stands for it.
    const own = (a: Actor) => (a === 'service' ? 403 : 200);
    await expectCells('DELETE own post', own, (a) =>
      s.call(a, 'DELETE', `/posts/${posts[a] ?? ids.troop}`),
    );
    await expectCells('DELETE own comment', own, (a) =>
      s.call(a, 'DELETE', `/comments/${comments[a] ?? ids.troopComment}`),
    );
  });

  it('photos and taggable scouts: members who may post somewhere', async () => {
    const poster = (a: Actor) => (a === 'service' ? 403 : 200);
    const image = await png(8, 8);
    await expectCells('POST /photos', poster, (a) => uploadPhoto(s, a, image));
    await expectCells('GET /scouts', poster, (a) => s.call(a, 'GET', '/scouts'));
  });

  it("another troop's post is 404 through every route, whoever asks", async () => {
    const post = `/posts/${await otherTroopPost(s)}`;
    const routes = [
      ['GET', post, undefined, () => 404],
      ['POST', `${post}/comments`, { body: 'Hi' }, () => 404],
      ['PUT', `${post}/reactions/like`, undefined, () => 404],
      ['POST', `${post}/report`, { reason: 'Spam' }, () => 404],
      ['DELETE', post, undefined, () => 404],
      // Moderation asks for the permission first (the guards' order), then finds nothing.
      [
        'POST',
        `${post}/moderation`,
        { action: 'hide', reason: 'No' },
        (a: Actor) => (MODERATORS.includes(a) ? 404 : 403),
      ],
    ] as const;
    for (const [method, path, payload, expected] of routes)
      await expectCells(`${method} ${path}`, expected, (a) => s.call(a, method, path, payload));
    const { rows } = await s.t.deps.store.query<{ status: string }>(
      'SELECT status FROM social_posts WHERE body = ?',
      ['Troop 45 news'],
    );
    expect(rows).toEqual([{ status: 'visible' }]);
  });

  it('realtime: only the readers of a channel subscribe to it', async () => {
    const wrong: string[] = [];
    for (const channel of CHANNELS)
      for (const actor of ACTORS) {
        const answer = await subscribeAnswer(wsUrl, s, actor, channel);
        if ((answer === 'subscribed') !== READS[actor].includes(channel))
          wrong.push(`subscribe ${channel} as ${actor}: ${answer}`);
      }
    expect(wrong).toEqual([]);
  });

  it('realtime: only the readers of a channel read its history', async () => {
    for (const channel of CHANNELS) {
      const name = encodeURIComponent(socialRealtimeChannel(channel));
      const url = `/api/realtime/${s.t.deps.config.projectId}/messages?channel=${name}`;
      await expectCells(
        `history of ${channel}`,
        (a) => (READS[a].includes(channel) ? 200 : 403),
        (a) => inject(a, 'GET', url),
      );
    }
  });

  it('the Data API serves none of the social tables, to anyone', async () => {
    for (const table of TABLES) {
      const url = `/api/db/${s.t.deps.config.projectId}/rest/v1/social_${table}`;
      await expectCells(
        `GET social_${table}`,
        () => 404,
        (a) => inject(a, 'GET', url),
      );
      await expectCells(
        `POST social_${table}`,
        () => 404,
        (a) => inject(a, 'POST', url, { id: 'x' }),
      );
    }
  });

  // Last: it takes members out of the troop.
  it('a youth reads no channel with fewer than two adults, and none at all without a parent member', async () => {
    /** The sockets' answers, asserted last and apart from the routes'. */
    const live: string[] = [];
    const reach = async (youth: Actor, channel: Channel) => {
      const { rest, live: answer } = await youthReach(s, wsUrl, youth, channel);
      live.push(`${youth} ${channel}: ${answer}`);
      return rest;
    };
    // Without its leaders, patrol Owls has one adult reader: the Owls' parent.
    for (const a of ['admin', 'leader', 'leader2'] as const) await leaveTroop(s, a);
    expect(await homeChannels(s, 'youthOwls')).toEqual(['troop']);
    expect(await reach('youthOwls', 'patrol:owls')).toEqual([404, 404, 404]);
    expect((await s.call('youthOwls', 'GET', `/posts/${ids.owls}`)).statusCode).toBe(404);
    expect((await s.call('youthOwls', 'GET', '/posts?channel=troop')).statusCode).toBe(200);
    // The rule keeps the youth out, not the adults.
    expect(await homeChannels(s, 'parentOwls')).toEqual(['troop', 'patrol:owls']);

    // The Hawks' only parent leaves: their scout reads nothing, the troop's channel included.
    await leaveTroop(s, 'parentHawks');
    expect(await homeChannels(s, 'youthHawks')).toEqual([]);
    // Their own words stay theirs to read (channel-rules.ts seesItem); nobody else's reach them.
    const left = (await s.call('youthHawks', 'GET', '/posts')).json().posts;
    expect(left.filter((p: { mine: boolean }) => !p.mine)).toEqual([]);
    expect(await reach('youthHawks', 'troop')).toEqual([404, 404, 404]);
    expect(await reach('youthHawks', 'patrol:hawks')).toEqual([404, 404, 404]);
    for (const key of ['troop', 'hawks'])
      expect((await s.call('youthHawks', 'GET', `/posts/${ids[key]}`)).statusCode, key).toBe(404);
    const photo = await uploadPhoto(s, 'youthHawks', await png(8, 8));
    expect([photo.statusCode, photo.json().message]).toEqual([
      403,
      SOCIAL_MESSAGES.channelClosedToYouth,
    ]);
    expect(live).toEqual([
      'youthOwls patrol:owls: FORBIDDEN',
      'youthHawks troop: FORBIDDEN',
      'youthHawks patrol:hawks: FORBIDDEN',
    ]);
  });
});

/**
 * The social feed's authorization matrix (src/social/authorization-matrix.test.ts): what each
 * actor of the social test troop (social.ts) reads by the rules of src/social/channel-rules.ts,
 * written out by hand so the matrix never asks the code under test what to expect; the troop's
 * posts and comments in every channel and state, put straight in the store; sockets.
 */
import crypto from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { SocialStatus } from '@scout/protocol/social';
import { socialRealtimeChannel } from '@scout/protocol/social';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import { storedBoolean } from '../src/store/sql-values.ts';
import { FrameClient, type Frame } from './realtime.ts';
import { OTHER_TROOP, SOCIAL_ACTORS, type SocialActor, type SocialTroop } from './social.ts';

export const ACTORS = SOCIAL_ACTORS;
export type Actor = SocialActor;

export const CHANNELS = ['troop', 'leaders', 'patrol:owls', 'patrol:hawks'] as const;
export type Channel = (typeof CHANNELS)[number];

export const MODERATORS: readonly Actor[] = ['admin', 'leader', 'leader2', 'service'];
const EVERY: Channel[] = [...CHANNELS];

/** The channels each actor reads (docs/decisions/090-social-feed.md). */
export const READS: Record<Actor, Channel[]> = {
  admin: EVERY,
  leader: EVERY,
  leader2: EVERY,
  service: EVERY,
  parentOwls: ['troop', 'patrol:owls'],
  youthOwls: ['troop', 'patrol:owls'],
  parentHawks: ['troop', 'patrol:hawks'],
  youthHawks: ['troop', 'patrol:hawks'],
  noScouts: ['troop'],
  outsider: [],
  anonymous: [],
};

/** Each youth's parent: the only adult of their household. */
export const PARENT_OF: Partial<Record<Actor, Actor>> = {
  youthOwls: 'parentOwls',
  youthHawks: 'parentHawks',
};

/** Who writes: every member but the service key, which has no account. */
export const writes = (actor: Actor, channel: Channel) =>
  actor !== 'service' && READS[actor].includes(channel);

/** The answer to a caller who is no member of the troop: signed out 401, another troop's 404. */
export const OUTSIDE: Partial<Record<Actor, number>> = { anonymous: 401, outsider: 404 };

export interface MatrixItem {
  channel: Channel;
  author: Actor;
  status: SocialStatus;
  /** A comment: the key of its post. */
  post?: string;
}

/** The troop's posts, by key: one visible in each channel, and the states only some see. */
export const POSTS: Record<string, MatrixItem> = {
  troop: { channel: 'troop', author: 'leader', status: 'visible' },
  leaders: { channel: 'leaders', author: 'leader', status: 'visible' },
  owls: { channel: 'patrol:owls', author: 'leader', status: 'visible' },
  hawks: { channel: 'patrol:hawks', author: 'leader', status: 'visible' },
  owlsPending: { channel: 'patrol:owls', author: 'youthOwls', status: 'pending' },
  troopYouthPending: { channel: 'troop', author: 'youthHawks', status: 'pending' },
  troopHidden: { channel: 'troop', author: 'noScouts', status: 'hidden' },
  troopHeld: { channel: 'troop', author: 'parentHawks', status: 'held' },
};

/** Their comments: one visible under each channel's post, and one waiting. */
export const COMMENTS: Record<string, MatrixItem> = {
  ...Object.fromEntries(
    (['troop', 'leaders', 'owls', 'hawks'] as const).map((p) => [
      `${p}Comment`,
      { channel: POSTS[p]!.channel, author: 'leader2', status: 'visible', post: p },
    ]),
  ),
  troopCommentPending: { channel: 'troop', author: 'youthOwls', status: 'pending', post: 'troop' },
};

/**
 * Whether `actor` sees an item: their own whatever its state; their scout's; a visible one in a
 * channel they read; any one in a channel they read as a moderator.
 */
export function sees(actor: Actor, item: MatrixItem): boolean {
  if (actor === 'anonymous' || actor === 'outsider') return false;
  if (item.author === actor || PARENT_OF[item.author] === actor) return true;
  if (!READS[actor].includes(item.channel)) return false;
  return item.status === 'visible' || MODERATORS.includes(actor);
}

/** The keys of `items` that `actor` sees, sorted. */
export const seenKeys = (actor: Actor, items: Record<string, MatrixItem>, channel?: Channel) =>
  Object.entries(items)
    .filter(([, i]) => (channel === undefined || i.channel === channel) && sees(actor, i))
    .map(([k]) => k)
    .sort();

/** 200 to a channel's readers, 404 to the rest. */
export const reader = (channel: Channel) => (a: Actor) => (READS[a].includes(channel) ? 200 : 404);
/** 200 to whoever sees the item, 404 to the rest. */
export const seer = (item: MatrixItem) => (a: Actor) => (sees(a, item) ? 200 : 404);
/** Writing on an item: 404 to whoever does not see it, 403 to the service key (no author). */
export const writer = (item: MatrixItem) => (a: Actor) =>
  !sees(a, item) ? 404 : a === 'service' ? 403 : 200;
export const moderatorOnly = (a: Actor) => (MODERATORS.includes(a) ? 200 : 403);

/**
 * Asks every actor, each answer checked against `expected` (OUTSIDE first); every cell that
 * differs is named in one failure, so a broken rule shows all it breaks. `check` reads a 200.
 */
export async function expectCells(
  label: string,
  expected: (a: Actor) => number,
  request: (a: Actor) => Promise<LightMyRequestResponse>,
  check?: (a: Actor, res: LightMyRequestResponse) => void,
): Promise<void> {
  const wrong: string[] = [];
  for (const actor of ACTORS) {
    const res = await request(actor);
    const want = OUTSIDE[actor] ?? expected(actor);
    if (res.statusCode !== want)
      wrong.push(
        `${label} as ${actor}: ${res.statusCode} (expected ${want}) ${res.body.slice(0, 160)}`,
      );
    else if (res.statusCode === 200) check?.(actor, res);
  }
  expect(wrong).toEqual([]);
}

/** Puts POSTS and COMMENTS in the store, oldest first; answers the id of each key. */
export async function seedItems(s: SocialTroop): Promise<Record<string, string>> {
  const { store } = s.t.deps;
  const ids: Record<string, string> = {};
  let at = Date.parse('2026-11-01T10:00:00.000Z');
  const common = (key: string, item: MatrixItem) => {
    ids[key] = crypto.randomUUID();
    at += 60_000;
    const moderated = item.status === 'hidden' || item.status === 'removed';
    return [
      ids[key],
      FIRST_TROOP_ID,
      s.userId[item.author],
      storedBoolean(store, item.author.startsWith('youth')),
      `Matrix ${key}`,
      item.status,
      moderated ? 'Off topic' : null,
      moderated ? s.userId.leader : null,
      moderated ? new Date(at).toISOString() : null,
      new Date(at).toISOString(),
    ];
  };
  for (const [key, item] of Object.entries(POSTS)) {
    const values = common(key, item);
    await store.query(
      `INSERT INTO social_posts (id, troop_id, author_id, author_youth, body, status, reason,
         moderated_by, moderated_at, created_at, channel, locked, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...values, item.channel, storedBoolean(store, false), values.at(-1)],
    );
  }
  for (const [key, item] of Object.entries(COMMENTS)) {
    await store.query(
      `INSERT INTO social_comments (id, troop_id, author_id, author_youth, body, status, reason,
         moderated_by, moderated_at, created_at, post_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [...common(key, item), ids[item.post!]],
    );
  }
  return ids;
}

/** A visible post of the other troop, by its leader (the outsider); answers its id. */
export async function otherTroopPost(s: SocialTroop): Promise<string> {
  const id = crypto.randomUUID();
  const now = new Date(s.t.clock.now()).toISOString();
  await s.t.deps.store.query(
    `INSERT INTO social_posts (id, troop_id, channel, author_id, body, status, created_at, updated_at)
     VALUES (?, ?, 'troop', ?, 'Troop 45 news', 'visible', ?, ?)`,
    [id, OTHER_TROOP.id, s.userId.outsider, now, now],
  );
  return id;
}

/** A call to any path of the app as an actor (the Data API, realtime's REST). */
export const callAs = (
  s: SocialTroop,
  a: Actor,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
) =>
  s.t.app.inject({
    method,
    url,
    headers: s.auth[a] ? { authorization: s.auth[a] } : {},
    ...(payload ? { payload } : {}),
  });

/** The actor is no longer a member of the troop. */
export const leaveTroop = (s: SocialTroop, a: Actor) =>
  s.t.deps.store.query('DELETE FROM memberships WHERE user_id = ?', [s.userId[a]]);

/** The channels the feed's home lists for an actor. */
export const homeChannels = async (s: SocialTroop, a: Actor): Promise<string[]> =>
  (await s.call(a, 'GET', '/home')).json().channels.map((c: { id: string }) => c.id);

/**
 * What a youth reaches of a channel: the statuses of listing it, posting in it and listing whom
 * to mention there, and what their socket is answered on subscribing (subscribeAnswer).
 */
export async function youthReach(s: SocialTroop, wsUrl: string, youth: Actor, channel: Channel) {
  const q = encodeURIComponent(channel);
  const post = await s.call(youth, 'POST', '/posts', { channel, body: 'Hi' });
  return {
    rest: [
      (await s.call(youth, 'GET', `/posts?channel=${q}`)).statusCode,
      post.statusCode,
      (await s.call(youth, 'GET', `/members?channel=${q}`)).statusCode,
    ],
    live: await subscribeAnswer(wsUrl, s, youth, channel),
  };
}

/** The app listening on loopback, for sockets; answers the address sockets of the troop open. */
export async function listenForSockets(s: SocialTroop): Promise<string> {
  await s.t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = s.t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `ws://127.0.0.1:${address.port}/api/realtime/ws?project_id=${s.t.deps.config.projectId}`;
}

/** The token a socket's `auth` frame carries for an actor (the bearer's own). */
export const socketToken = (s: SocialTroop, actor: Actor) => s.auth[actor]?.replace(/^Bearer /, '');

/**
 * What a socket of `actor` is answered when it subscribes to a social channel's realtime
 * channel: `subscribed`, or the error's code. A signed-out socket subscribes unauthenticated.
 */
export async function subscribeAnswer(
  url: string,
  s: SocialTroop,
  actor: Actor,
  channel: Channel,
): Promise<string> {
  const client = await FrameClient.connect(url);
  try {
    const token = socketToken(s, actor);
    if (token) {
      client.send('auth', { token });
      const answer = await client.next('authenticated', { skip: ['presence'] }).catch(() => null);
      if (!answer) return errorCode(client.frames) ?? 'closed';
    }
    const name = socialRealtimeChannel(channel);
    client.send('subscribe', { channel: name });
    // An error frame, or the socket closing, ends the wait for `subscribed` at once.
    const frame = await client.next('subscribed').catch(() => null);
    return frame?.payload.channel === name ? 'subscribed' : (errorCode(client.frames) ?? 'closed');
  } finally {
    client.ws.terminate();
  }
}

const errorCode = (frames: Frame[]) =>
  frames.findLast((f) => f.type === 'error')?.payload.code ?? null;

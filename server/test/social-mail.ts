/**
 * What the tests of the feed's mail share (src/social/notify.test.ts, digest.test.ts): posts
 * and comments written straight into the store and told as the routes tell them
 * (queueSocialNotices in the write's transaction), members' social mail choices, and who got
 * which mail.
 */
import crypto from 'node:crypto';
import type { SocialChannelId, SocialMailChoice, SocialStatus } from '@scout/protocol/social';
import { settingsOf, writeSettings } from '../src/notices/settings.ts';
import { queueSocialNotices } from '../src/social/notify.ts';
import { isoInstant, storedBoolean } from '../src/store/sql-values.ts';
import type { Queryable } from '../src/store/store.ts';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import type { KeptMail } from './mail.ts';
import type { SocialActor, SocialTroop } from './social.ts';

export const TROOP_NAME = 'Troop 12 Lakeside';

export async function nameTroop(s: SocialTroop): Promise<void> {
  await s.t.deps.store.query('UPDATE troops SET name = ? WHERE id = ?', [
    TROOP_NAME,
    FIRST_TROOP_ID,
  ]);
  s.t.deps.troops.forget();
}

/** Sets each actor's social mail choice, keeping their other settings. */
export async function choose(
  s: SocialTroop,
  choices: Partial<Record<SocialActor, SocialMailChoice>>,
): Promise<void> {
  const { store, clock } = s.t.deps;
  for (const [actor, social] of Object.entries(choices)) {
    const userId = s.userId[actor as SocialActor];
    const before = (await settingsOf(store, [userId])).get(userId)!;
    await writeSettings(store, userId, { ...before, social }, isoInstant(clock.now()));
  }
}

export interface WrittenItem {
  author: SocialActor;
  channel?: SocialChannelId;
  body?: string;
  mentions?: SocialActor[];
  photos?: number;
  status?: SocialStatus;
}

async function troopOf(s: SocialTroop) {
  const troop = await s.t.deps.troops.byId(FIRST_TROOP_ID);
  if (!troop) throw new Error('no first troop');
  return troop;
}

const mentionsOf = (s: SocialTroop, item: Pick<WrittenItem, 'mentions'>) =>
  JSON.stringify((item.mentions ?? []).map((a) => s.userId[a]));

async function addPhotos(tx: Queryable, s: SocialTroop, postId: string, item: WrittenItem) {
  const at = isoInstant(s.t.deps.clock.now());
  for (let i = 0; i < (item.photos ?? 0); i++)
    await tx.query(
      `INSERT INTO social_photos (id, troop_id, post_id, uploader_id, position, path, thumb_path,
         width, height, thumb_width, thumb_height, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 800, 600, 480, 360, ?)`,
      [
        crypto.randomUUID(),
        FIRST_TROOP_ID,
        postId,
        s.userId[item.author],
        i,
        `p/${postId}-${i}`,
        `t/${postId}-${i}`,
        at,
      ],
    );
}

/** A post written now; told (queueSocialNotices) when visible. Answers its id. */
export async function writePost(s: SocialTroop, item: WrittenItem): Promise<string> {
  const { store, clock } = s.t.deps;
  const id = crypto.randomUUID();
  const now = clock.now();
  const status = item.status ?? 'visible';
  const troop = await troopOf(s);
  await store.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO social_posts (id, troop_id, channel, author_id, author_youth, body, mentions,
         status, locked, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        FIRST_TROOP_ID,
        item.channel ?? 'troop',
        s.userId[item.author],
        storedBoolean(tx, item.author.startsWith('youth')),
        item.body ?? 'Hello troop',
        mentionsOf(s, item),
        status,
        storedBoolean(tx, false),
        isoInstant(now),
        isoInstant(now),
      ],
    );
    await addPhotos(tx, s, id, item);
    if (status === 'visible') await queueSocialNotices(tx, troop, { postId: id }, now);
  });
  return id;
}

/** A leader's approval of a waiting post, as moderation writes it. */
export async function approvePost(s: SocialTroop, postId: string): Promise<void> {
  const { store, clock } = s.t.deps;
  const troop = await troopOf(s);
  await store.transaction(async (tx) => {
    await tx.query("UPDATE social_posts SET status = 'visible', updated_at = ? WHERE id = ?", [
      isoInstant(clock.now()),
      postId,
    ]);
    await queueSocialNotices(tx, troop, { postId }, clock.now());
  });
}

/** A visible comment written now on `postId`, and told. Answers its id. */
export async function writeComment(
  s: SocialTroop,
  postId: string,
  item: Pick<WrittenItem, 'author' | 'body' | 'mentions'>,
): Promise<string> {
  const { store, clock } = s.t.deps;
  const id = crypto.randomUUID();
  const troop = await troopOf(s);
  await store.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO social_comments (id, troop_id, post_id, author_id, author_youth, body, mentions,
         status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, 'visible', ?)`,
      [
        id,
        FIRST_TROOP_ID,
        postId,
        s.userId[item.author],
        storedBoolean(tx, item.author.startsWith('youth')),
        item.body ?? 'Nice one',
        mentionsOf(s, item),
        isoInstant(clock.now()),
      ],
    );
    await queueSocialNotices(tx, troop, { postId, commentId: id }, clock.now());
  });
  return id;
}

/** The actors a list of mails went to, sorted (one entry per mail). */
export function mailedActors(s: SocialTroop, mails: readonly KeptMail[]): string[] {
  const byEmail = new Map(
    Object.entries(s.userId).map(([actor, id]) => [`${id}@example.org`, actor]),
  );
  return mails.flatMap((m) => m.to.map((to) => byEmail.get(to.address) ?? to.address)).sort();
}

/** Runs every due job, and the jobs those schedule, until none is left. */
export async function runJobs(s: SocialTroop): Promise<void> {
  while ((await s.t.app.jobs.runDue()) > 0);
}

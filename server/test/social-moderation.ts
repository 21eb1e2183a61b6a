/**
 * Posts, comments, photos and reactions of the social test troop (social.ts) written straight
 * to the store, in any state, for the moderation suites: they test what a leader does to an
 * item, whatever route first wrote it.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type {
  SocialChannelId,
  SocialStatus,
  WireSocialPost,
  WireSocialThread,
} from '@scout/protocol/social';
import { itemKey, SOCIAL_JOB_KINDS } from '../src/social/notify.ts';
import { photoLinks } from '../src/social/photo-files.ts';
import { isoInstant, storedBoolean } from '../src/store/sql-values.ts';
import { FIRST_TROOP_ID } from '../src/store/tenancy.ts';
import { keyOf, storageContextOf } from '../src/storage/storage-context.ts';
import type { SocialActor, SocialTroop } from './social.ts';

type Troop = Pick<SocialTroop, 't' | 'userId'>;
const YOUTH: SocialActor[] = ['youthOwls', 'youthHawks'];

export interface StoredItemInput {
  channel?: SocialChannelId;
  status?: SocialStatus;
  body?: string;
  mentions?: string[];
  /** Another troop's post (the first troop's unless said). */
  troopId?: string;
}

/** A post by `actor`; answers its id. Each is a second newer than the one before. */
export async function storedPost(
  s: Troop,
  actor: SocialActor,
  input: StoredItemInput = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const at = isoInstant(s.t.clock.now());
  s.t.clock.advance(1000);
  const db = s.t.deps.store;
  await db.query(
    `INSERT INTO social_posts (id, troop_id, channel, author_id, author_youth, body, mentions,
       status, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      input.troopId ?? FIRST_TROOP_ID,
      input.channel ?? 'troop',
      s.userId[actor],
      storedBoolean(db, YOUTH.includes(actor)),
      input.body ?? `A post by ${actor}`,
      JSON.stringify(input.mentions ?? []),
      input.status ?? 'visible',
      at,
      at,
    ],
  );
  return id;
}

/** A comment by `actor` on a post; answers its id. */
export async function storedComment(
  s: Troop,
  postId: string,
  actor: SocialActor,
  input: Omit<StoredItemInput, 'channel' | 'troopId'> = {},
): Promise<string> {
  const id = crypto.randomUUID();
  const at = isoInstant(s.t.clock.now());
  s.t.clock.advance(1000);
  const db = s.t.deps.store;
  await db.query(
    `INSERT INTO social_comments (id, troop_id, post_id, author_id, author_youth, body, mentions,
       status, created_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    [
      id,
      FIRST_TROOP_ID,
      postId,
      s.userId[actor],
      storedBoolean(db, YOUTH.includes(actor)),
      input.body ?? `A comment by ${actor}`,
      JSON.stringify(input.mentions ?? []),
      input.status ?? 'visible',
      at,
    ],
  );
  return id;
}

/**
 * A photo of the post with both its files in the file store (a few bytes each: only their
 * deletion is tested); answers the files' storage keys and the photo's id.
 */
export async function storedPhoto(
  s: Troop,
  postId: string,
  uploader: SocialActor,
): Promise<{ id: string; keys: string[]; url: string }> {
  const { deps } = s.t;
  const ctx = storageContextOf(deps);
  const name = `social/${crypto.randomBytes(16).toString('hex')}`;
  const files = { path: `${name}.webp`, thumbPath: `${name}-thumb.webp` };
  const keys: string[] = [];
  for (const path of [files.path, files.thumbPath]) {
    const temp = await deps.files.createTempFile();
    fs.writeFileSync(temp, 'not really a photo');
    const key = keyOf(ctx, path, 'write');
    await deps.files.put(key, temp, { contentType: 'image/webp', size: 18 });
    keys.push(key);
  }
  const id = crypto.randomUUID();
  await deps.store.query(
    `INSERT INTO social_photos (id, troop_id, post_id, uploader_id, position, path, thumb_path,
       width, height, thumb_width, thumb_height, created_at)
     VALUES (?, ?, ?, ?, 0, ?, ?, 8, 8, 8, 8, ?)`,
    [
      id,
      FIRST_TROOP_ID,
      postId,
      s.userId[uploader],
      files.path,
      files.thumbPath,
      isoInstant(s.t.clock.now()),
    ],
  );
  return {
    id,
    keys,
    url: photoLinks(deps, { id: FIRST_TROOP_ID, projectId: deps.config.projectId }, files).url,
  };
}

/** `actor`'s reaction to a post. */
export async function storedReaction(
  s: Troop,
  postId: string,
  actor: SocialActor,
  reaction = 'like',
): Promise<void> {
  await s.t.deps.store.query(
    `INSERT INTO social_reactions (post_id, user_id, reaction, troop_id, created_at)
     VALUES (?, ?, ?, ?, ?)`,
    [postId, s.userId[actor], reaction, FIRST_TROOP_ID, isoInstant(s.t.clock.now())],
  );
}

/** A thread as `actor` opens it (GET /posts/:postId), or null when it is 404 to them. */
export async function threadAsSeenBy(
  s: Pick<SocialTroop, 'call'>,
  actor: SocialActor,
  postId: string,
): Promise<WireSocialThread | null> {
  const res = await s.call(actor, 'GET', `/posts/${postId}`);
  if (res.statusCode === 404) return null;
  if (res.statusCode !== 200) throw new Error(`opening a thread: ${res.statusCode} ${res.body}`);
  return res.json() as WireSocialThread;
}

/** A post as `actor` reads it in its thread, or null when it is 404 to them. */
export async function postAsSeenBy(
  s: Pick<SocialTroop, 'call'>,
  actor: SocialActor,
  postId: string,
): Promise<WireSocialPost | null> {
  return (await threadAsSeenBy(s, actor, postId))?.post ?? null;
}

/** Whether the item's notices are queued (notify.ts: one keyed job an item, done or not). */
export async function noticeQueued(
  s: Troop,
  subject: { postId: string; commentId?: string },
): Promise<boolean> {
  const { rows } = await s.t.deps.store.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM jobs WHERE kind = ? AND dedupe_key = ?',
    [SOCIAL_JOB_KINDS.notice, `social-notice:${FIRST_TROOP_ID}:${itemKey(subject)}`],
  );
  return Number(rows[0]?.n ?? 0) > 0;
}

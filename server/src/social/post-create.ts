/**
 * Writing a post (docs/decisions/090-social-feed.md). The author must read the channel (else
 * 404, as for any channel they may not see) and may post (a youth once a parent allowed it).
 * Its photos are ones this author uploaded in this troop that no post names yet; its mentions
 * are readers of the channel. Its status, decided here once:
 * - `held` when a photo is tagged with a scout whose profile asks for no photos, whoever posts;
 * - else `pending` for a youth while the troop's setting says youth posts wait for a leader;
 * - else `visible`, and its notices are queued in the same transaction (notify.ts).
 * Readers of the channel hear of it once it is committed (announce.ts).
 */
import {
  SOCIAL_MESSAGES,
  type SocialPostInput,
  type SocialStatus,
  type WireSocialPost,
} from '@scout/protocol/social';
import crypto from 'node:crypto';
import { ApiError } from '../errors.ts';
import { isoInstant, readBoolean, storedBoolean } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';
import { announceSocial } from './announce.ts';
import { readsChannel } from './channel-rules.ts';
import { requireReader } from './feed-page.ts';
import { queueSocialNotices } from './notify.ts';
import { authorOf, type SocialRequest } from './request-context.ts';
import { readSocialSettings } from './settings.ts';
import { placeholders } from './sql-lists.ts';
import { findSocialPost } from './stored-items.ts';
import { wirePosts } from './wire-items.ts';

/** 403 unless the caller may write in the feed at all (a youth a parent has not allowed). */
export function requirePoster(r: SocialRequest): string {
  const author = authorOf(r);
  if (!r.member.mayPost) throw new ApiError('FORBIDDEN', SOCIAL_MESSAGES.notAllowedYet);
  return author;
}

/** The mentioned account ids, once each; 400 unless each reads the channel. */
export function checkedMentions(
  r: SocialRequest,
  channel: SocialPostInput['channel'],
  mentions: readonly string[] | undefined,
): string[] {
  const ids = [...new Set(mentions ?? [])];
  for (const id of ids) {
    const member = r.roster.members.get(id);
    if (!member || !readsChannel(r.roster, member, channel))
      throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.mentionNotReader);
  }
  return ids;
}

/** Whether the troop's setting makes this author's words wait for a leader. */
export async function waitsForLeader(db: Queryable, r: SocialRequest): Promise<boolean> {
  if (!r.member.youth) return false;
  return (await readSocialSettings(db, r.troop.id)).youthPostsNeedApproval;
}

/** Whether any tagged scout asks for no photos; 400 if one is not a scout of the troop. */
async function tagsHold(db: Queryable, troopId: string, scoutIds: string[]): Promise<boolean> {
  if (scoutIds.length === 0) return false;
  const { rows } = await db.query<{ id: string; no_photos: unknown }>(
    `SELECT id, no_photos FROM scouts WHERE troop_id = ? AND id IN (${placeholders(scoutIds.length)})`,
    [troopId, ...scoutIds],
  );
  if (rows.length !== scoutIds.length)
    throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.tagUnknown);
  return rows.some((s) => readBoolean(s.no_photos));
}

/** Names the photos as the post's, in order, with their tags; 400 for a photo not the author's. */
async function attachPhotos(
  db: Queryable,
  troopId: string,
  postId: string,
  authorId: string,
  photos: Array<{ id: string; tags: string[] }>,
): Promise<void> {
  for (const [position, photo] of photos.entries()) {
    const { rowCount } = await db.query(
      `UPDATE social_photos SET post_id = ?, position = ?
        WHERE troop_id = ? AND id = ? AND uploader_id = ? AND post_id IS NULL`,
      [postId, position, troopId, photo.id, authorId],
    );
    if (rowCount !== 1) throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.photoUnknown);
    for (const scoutId of photo.tags)
      await db.query(
        'INSERT INTO social_photo_tags (photo_id, scout_id, troop_id) VALUES (?, ?, ?)',
        [photo.id, scoutId, troopId],
      );
  }
}

export async function createPost(
  r: SocialRequest,
  input: SocialPostInput,
): Promise<{ post: WireSocialPost }> {
  requireReader(r, input.channel);
  const authorId = requirePoster(r);
  const body = input.body.trim();
  const photos = (input.photos ?? []).map((p) => ({ id: p.id, tags: [...new Set(p.tags ?? [])] }));
  if (body === '' && photos.length === 0)
    throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.postEmpty);
  if (new Set(photos.map((p) => p.id)).size !== photos.length)
    throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.photoUnknown);
  const mentions = checkedMentions(r, input.channel, input.mentions);
  const id = crypto.randomUUID();
  const nowMs = r.deps.clock.now();
  const now = isoInstant(nowMs);

  await r.deps.store.transaction(async (tx) => {
    const held = await tagsHold(tx, r.troop.id, [...new Set(photos.flatMap((p) => p.tags))]);
    const status: SocialStatus = held
      ? 'held'
      : (await waitsForLeader(tx, r))
        ? 'pending'
        : 'visible';
    await tx.query(
      `INSERT INTO social_posts
         (id, troop_id, channel, author_id, author_youth, body, mentions, status, locked,
          created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      [
        id,
        r.troop.id,
        input.channel,
        authorId,
        storedBoolean(tx, r.member.youth),
        body,
        JSON.stringify(mentions),
        status,
        storedBoolean(tx, false),
        now,
        now,
      ],
    );
    await attachPhotos(tx, r.troop.id, id, authorId, photos);
    if (status === 'visible') await queueSocialNotices(tx, r.troop, { postId: id }, nowMs);
  });
  announceSocial(r.deps, r.troop, input.channel, id);
  const stored = await findSocialPost(r.deps.store, r.troop.id, id);
  const [post] = await wirePosts(r, [stored!]);
  return { post: post! };
}

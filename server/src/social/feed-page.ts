/**
 * Reading the feed: a page of posts, newest first, and a post's thread. What a caller gets is
 * what channel-rules.ts `seesItem` gives them: the SQL asks for exactly that (so pages are
 * full), and each row is checked again by the rule itself before it leaves. An item or a
 * channel the caller may not see is 404, never 403.
 *
 * Pages are keyset ones on (created_at, id) descending: the cursor carries the last post's
 * pair, so a post written meanwhile never shifts the next page.
 */
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  type SocialChannelId,
  type WireSocialPage,
  type WireSocialThread,
} from '@scout/protocol/social';
import { ApiError } from '../errors.ts';
import { channelsOf, readsChannel, seesItem } from './channel-rules.ts';
import type { SocialRequest } from './request-context.ts';
import { seenPost } from './seen-items.ts';
import { placeholders } from './sql-lists.ts';
import { selectSocialComments, selectSocialPosts } from './stored-items.ts';
import { wireComments, wirePosts } from './wire-items.ts';

interface Cursor {
  at: string;
  id: string;
}

export const encodeCursor = (c: Cursor) =>
  Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');

export function decodeCursor(text: string): Cursor {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string' &&
      !Number.isNaN(Date.parse(value[0]))
    )
      return { at: value[0], id: value[1] };
  } catch {
    // Answered below, as any other cursor this server did not write.
  }
  throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.badCursor);
}

/** 404 unless the caller reads the channel (a channel the troop lacks included). */
export function requireReader(r: SocialRequest, channel: SocialChannelId): void {
  if (!readsChannel(r.roster, r.member, channel))
    throw new ApiError('NOT_FOUND', SOCIAL_MESSAGES.channelNotFound);
}

/**
 * The SQL of `seesItem` over posts `p` in `channels`: visible ones (every one for a
 * moderator) in the channels read, and whatever the caller or their scouts wrote.
 */
function seenCondition(r: SocialRequest, channels: SocialChannelId[]) {
  const parts: string[] = [];
  const args: unknown[] = [];
  if (channels.length > 0) {
    const visible = r.member.moderator ? '' : " AND p.status = 'visible'";
    parts.push(`(p.channel IN (${placeholders(channels.length)})${visible})`);
    args.push(...channels);
  }
  const authors = [...(r.by === null ? [] : [r.by]), ...r.member.children];
  if (authors.length > 0) {
    parts.push(`p.author_id IN (${placeholders(authors.length)})`);
    args.push(...authors);
  }
  return { sql: parts.length > 0 ? parts.join(' OR ') : '1 = 0', args };
}

export async function readPage(
  r: SocialRequest,
  query: { channel?: SocialChannelId; cursor?: string; limit?: number },
): Promise<WireSocialPage> {
  const limit = query.limit ?? SOCIAL_LIMITS.pageSize;
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  if (query.channel !== undefined) requireReader(r, query.channel);
  const seen = seenCondition(r, channelsOf(r.roster, r.member));
  const where = [`(${seen.sql})`];
  const args = [...seen.args];
  if (query.channel !== undefined) {
    where.push('p.channel = ?');
    args.push(query.channel);
  }
  if (after !== null) {
    where.push('(p.created_at < ? OR (p.created_at = ? AND p.id < ?))');
    args.push(after.at, after.at, after.id);
  }
  const rows = await selectSocialPosts(
    r.deps.store,
    r.troop.id,
    where.join(' AND '),
    args,
    `ORDER BY p.created_at DESC, p.id DESC LIMIT ${limit + 1}`,
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    posts: await wirePosts(
      r,
      page.filter((p) => seesItem(r.roster, r.member, p)),
    ),
    next: rows.length > limit && last ? encodeCursor({ at: last.createdAt, id: last.id }) : null,
  };
}

export async function readThread(r: SocialRequest, postId: string): Promise<WireSocialThread> {
  const post = await seenPost(r, postId);
  const comments = await selectSocialComments(
    r.deps.store,
    r.troop.id,
    'c.post_id = ?',
    [post.id],
    'ORDER BY c.created_at, c.id',
  );
  const [wired] = await wirePosts(r, [post]);
  return {
    post: wired!,
    comments: await wireComments(
      r,
      comments.filter((c) => seesItem(r.roster, r.member, c)),
    ),
  };
}

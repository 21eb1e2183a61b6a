/**
 * Posts and comments (migration 054) as the feed's routes read them. Every statement names the
 * troop first (docs/decisions/065-troops.md): an id of another troop's item finds nothing.
 * Names come with the rows (a former member keeps a name on what they wrote).
 */
import type { SocialChannelId, SocialStatus } from '@scout/protocol/social';
import { memberName } from '../rsvps/attendees.ts';
import { readBoolean } from '../store/sql-values.ts';
import type { Queryable } from '../store/store.ts';

interface StoredItem {
  id: string;
  troopId: string;
  authorId: string | null;
  /** The author's name as members read it; "A former member" once the account is gone. */
  authorName: string;
  /** What the author was when writing (migration 054 says why). */
  authorYouth: boolean;
  body: string;
  mentions: string[];
  status: SocialStatus;
  /** The last hide or remove: why, by whom, when. */
  reason: string | null;
  moderatedBy: string | null;
  moderatorName: string | null;
  moderatedAt: string | null;
  createdAt: string;
}

export interface StoredSocialPost extends StoredItem {
  channel: SocialChannelId;
  locked: boolean;
}

export interface StoredSocialComment extends StoredItem {
  postId: string;
  /** Its post's channel: the channel rules read a comment there. */
  channel: SocialChannelId;
}

interface ItemRow {
  id: string;
  troop_id: string;
  channel: string;
  author_id: string | null;
  author_youth: unknown;
  body: string;
  mentions: string;
  status: string;
  reason: string | null;
  moderated_by: string | null;
  moderated_at: string | null;
  created_at: string;
  author_display: string | null;
  author_email: string | null;
  moderator_display: string | null;
  moderator_email: string | null;
}

interface PostRow extends ItemRow {
  locked: unknown;
}

interface CommentRow extends ItemRow {
  post_id: string;
}

const NAMES = `u.display_name AS author_display, u.email AS author_email,
       mu.display_name AS moderator_display, mu.email AS moderator_email`;

/** Every column of a post with its names; `p` is social_posts. */
export const POST_SELECT = `SELECT p.id, p.troop_id, p.channel, p.author_id, p.author_youth,
       p.body, p.mentions, p.status, p.reason, p.moderated_by, p.moderated_at, p.locked,
       p.created_at, ${NAMES}
  FROM social_posts p
  LEFT JOIN users u ON u.id = p.author_id
  LEFT JOIN users mu ON mu.id = p.moderated_by`;

/** Every column of a comment with its names and its post's channel; `c` is social_comments. */
export const COMMENT_SELECT = `SELECT c.id, c.troop_id, c.post_id, p.channel, c.author_id,
       c.author_youth, c.body, c.mentions, c.status, c.reason, c.moderated_by, c.moderated_at,
       c.created_at, ${NAMES}
  FROM social_comments c
  JOIN social_posts p ON p.id = c.post_id
  LEFT JOIN users u ON u.id = c.author_id
  LEFT JOIN users mu ON mu.id = c.moderated_by`;

/** A JSON array of account ids as stored; anything else reads as none. */
export function mentionsOf(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((m): m is string => typeof m === 'string') : [];
  } catch {
    return [];
  }
}

const nameOf = (display: string | null, email: string | null, gone: string) =>
  email === null ? gone : memberName(display, email);

function itemOf(r: ItemRow): StoredItem {
  return {
    id: r.id,
    troopId: r.troop_id,
    authorId: r.author_id,
    authorName: nameOf(r.author_display, r.author_email, 'A former member'),
    authorYouth: readBoolean(r.author_youth),
    body: r.body,
    mentions: mentionsOf(r.mentions),
    status: r.status as SocialStatus,
    reason: r.reason,
    moderatedBy: r.moderated_by,
    moderatorName:
      r.moderated_at === null ? null : nameOf(r.moderator_display, r.moderator_email, 'A leader'),
    moderatedAt: r.moderated_at,
    createdAt: r.created_at,
  };
}

export const socialPostOf = (r: PostRow): StoredSocialPost => ({
  ...itemOf(r),
  channel: r.channel as SocialChannelId,
  locked: readBoolean(r.locked),
});

export const socialCommentOf = (r: CommentRow): StoredSocialComment => ({
  ...itemOf(r),
  postId: r.post_id,
  channel: r.channel as SocialChannelId,
});

/** Posts of the troop matching `where` (on `p`), then `tail` (ORDER BY, LIMIT). */
export async function selectSocialPosts(
  db: Queryable,
  troopId: string,
  where: string,
  args: unknown[],
  tail = '',
): Promise<StoredSocialPost[]> {
  const { rows } = await db.query<PostRow>(
    `${POST_SELECT} WHERE p.troop_id = ?${where ? ` AND (${where})` : ''} ${tail}`,
    [troopId, ...args],
  );
  return rows.map(socialPostOf);
}

/** Comments of the troop matching `where` (on `c`, or `p` their post), then `tail`. */
export async function selectSocialComments(
  db: Queryable,
  troopId: string,
  where: string,
  args: unknown[],
  tail = '',
): Promise<StoredSocialComment[]> {
  const { rows } = await db.query<CommentRow>(
    `${COMMENT_SELECT} WHERE c.troop_id = ?${where ? ` AND (${where})` : ''} ${tail}`,
    [troopId, ...args],
  );
  return rows.map(socialCommentOf);
}

/** The troop's post; `forUpdate` holds its row for the transaction (PostgreSQL). */
export async function findSocialPost(
  db: Queryable,
  troopId: string,
  postId: string,
  forUpdate = false,
): Promise<StoredSocialPost | null> {
  const lock = forUpdate && db.dialect === 'postgres' ? 'FOR UPDATE OF p' : '';
  const [post] = await selectSocialPosts(db, troopId, 'p.id = ?', [postId], lock);
  return post ?? null;
}

/** The troop's comment; `forUpdate` holds its row (and its post's) for the transaction. */
export async function findSocialComment(
  db: Queryable,
  troopId: string,
  commentId: string,
  forUpdate = false,
): Promise<StoredSocialComment | null> {
  const lock = forUpdate && db.dialect === 'postgres' ? 'FOR UPDATE OF c' : '';
  const [comment] = await selectSocialComments(db, troopId, 'c.id = ?', [commentId], lock);
  return comment ?? null;
}

/**
 * The posts table (migration 052) as the routes read and write it. Every statement names the
 * troop first (docs/decisions/065-troops.md): reads take the units a troop reads (its own and
 * its council's, calendar/calendar-units.ts), writes the troop's id alone, so a council's post
 * is never changed through a troop's path.
 */
import crypto from 'node:crypto';
import type {
  NewsletterAudience,
  NewsletterDraft,
  NewsletterKind,
  NewsletterStatus,
} from '@scout/protocol/newsletter';
import { unitsCondition, type CalendarUnits } from '../calendar/calendar-units.ts';
import { memberName } from '../rsvps/attendees.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';

export interface StoredPost {
  id: string;
  troopId: string;
  kind: NewsletterKind;
  title: string;
  body: string;
  audience: NewsletterAudience;
  patrols: string[];
  status: NewsletterStatus;
  sendAt: string | null;
  sentAt: string | null;
  editedAt: string | null;
  authorId: string | null;
  authorName: string;
  updatedAt: string;
}

interface PostRow {
  id: string;
  troop_id: string;
  kind: NewsletterKind;
  title: string;
  body: string;
  audience: NewsletterAudience;
  patrols: string;
  status: NewsletterStatus;
  send_at: string | null;
  sent_at: string | null;
  edited_at: string | null;
  author_id: string | null;
  updated_at: string;
  display_name: string | null;
  email: string | null;
}

const SELECT = `SELECT p.id, p.troop_id, p.kind, p.title, p.body, p.audience, p.patrols, p.status,
       p.send_at, p.sent_at, p.edited_at, p.author_id, p.updated_at, u.display_name, u.email
  FROM newsletter_posts p LEFT JOIN users u ON u.id = p.author_id`;

function patrolsOf(text: string): string[] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? list.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

const postOf = (r: PostRow): StoredPost => ({
  id: r.id,
  troopId: r.troop_id,
  kind: r.kind,
  title: r.title,
  body: r.body,
  audience: r.audience,
  patrols: patrolsOf(r.patrols),
  status: r.status,
  sendAt: r.send_at,
  sentAt: r.sent_at,
  editedAt: r.edited_at,
  authorId: r.author_id,
  authorName: r.email ? memberName(r.display_name, r.email) : 'A former member',
  updatedAt: r.updated_at,
});

/** The post of the units (a troop's id alone for a write); `lock` holds it for the transaction. */
export async function findPost(
  db: Queryable,
  units: string | CalendarUnits,
  id: string,
  lock = false,
): Promise<StoredPost | null> {
  const where = unitsCondition(units, 'p.troop_id');
  const forUpdate = lock && db.dialect === 'postgres' ? ' FOR UPDATE OF p' : '';
  const { rows } = await db.query<PostRow>(
    `${SELECT} WHERE ${where.sql} AND p.id = ?${forUpdate}`,
    [...where.params, id],
  );
  return rows[0] ? postOf(rows[0]) : null;
}

/** The patrols column: the names as written, only for a post to patrols. */
const patrolsText = (draft: Pick<NewsletterDraft, 'audience' | 'patrols'>) =>
  JSON.stringify(
    draft.audience === 'patrols' ? draft.patrols.map((p) => p.trim()).filter(Boolean) : [],
  );

export async function insertPost(
  db: Queryable,
  troopId: string,
  draft: NewsletterDraft,
  authorId: string | null,
  nowMs: number,
): Promise<string> {
  const id = crypto.randomUUID();
  const now = isoInstant(nowMs);
  await db.query(
    `INSERT INTO newsletter_posts
       (id, troop_id, kind, title, body, audience, patrols, status, author_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'draft', ?, ?, ?)`,
    [
      id,
      troopId,
      draft.kind,
      draft.title.trim(),
      draft.body,
      draft.audience,
      patrolsText(draft),
      authorId,
      now,
      now,
    ],
  );
  return id;
}

/** Writes the draft's fields, and `edited_at` when the post has gone out. */
export async function updatePost(
  db: Queryable,
  post: StoredPost,
  draft: NewsletterDraft,
  nowMs: number,
): Promise<void> {
  const now = isoInstant(nowMs);
  await db.query(
    `UPDATE newsletter_posts SET kind = ?, title = ?, body = ?, audience = ?, patrols = ?,
            updated_at = ?, edited_at = ?
      WHERE troop_id = ? AND id = ?`,
    [
      draft.kind,
      draft.title.trim(),
      draft.body,
      draft.audience,
      patrolsText(draft),
      now,
      post.status === 'sent' ? now : post.editedAt,
      post.troopId,
      post.id,
    ],
  );
}

/** Sets the post's status and when it is to go (null back to a draft). */
export async function setSchedule(
  db: Queryable,
  post: StoredPost,
  sendAt: string | null,
  nowMs: number,
): Promise<void> {
  await db.query(
    'UPDATE newsletter_posts SET status = ?, send_at = ?, updated_at = ? WHERE troop_id = ? AND id = ?',
    [sendAt ? 'scheduled' : 'draft', sendAt, isoInstant(nowMs), post.troopId, post.id],
  );
}

export async function deletePost(db: Queryable, troopId: string, id: string): Promise<void> {
  await db.query('DELETE FROM newsletter_posts WHERE troop_id = ? AND id = ?', [troopId, id]);
}

/** Where an archive page starts: after the post with this sort value and id. */
export interface PageCursor {
  at: string;
  id: string;
}

export interface PostQuery {
  units: CalendarUnits;
  status: NewsletterStatus;
  /** Lower-cased words, each found in the title or the body. */
  words: string[];
  after: PageCursor | null;
  limit: number;
  /** Only posts this account has not opened and did not write. */
  unreadBy?: string;
  /** Only posts of this kind. */
  kind?: NewsletterKind;
  /** Only posts sent at or after this instant. */
  sentSince?: string;
}

/** The column each list is ordered by, newest first. */
export const SORT_COLUMN: Record<NewsletterStatus, 'sent_at' | 'send_at' | 'updated_at'> = {
  sent: 'sent_at',
  scheduled: 'send_at',
  draft: 'updated_at',
};

const likePattern = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * One batch of posts in list order. Sent posts are the units'; drafts and scheduled posts the
 * troop's own only, as a council's are its writers' business.
 */
export async function queryPosts(db: Queryable, q: PostQuery): Promise<StoredPost[]> {
  const units = q.status === 'sent' ? unitsCondition(q.units, 'p.troop_id') : null;
  const where = [units ? units.sql : 'p.troop_id = ?', 'p.status = ?'];
  const params: unknown[] = [...(units ? units.params : [q.units.troopId]), q.status];
  for (const word of q.words) {
    where.push(`(lower(p.title) LIKE ? ESCAPE '\\' OR lower(p.body) LIKE ? ESCAPE '\\')`);
    params.push(likePattern(word), likePattern(word));
  }
  if (q.unreadBy !== undefined) {
    where.push(
      '(p.author_id IS NULL OR p.author_id <> ?)',
      'NOT EXISTS (SELECT 1 FROM newsletter_reads r WHERE r.post_id = p.id AND r.user_id = ?)',
    );
    params.push(q.unreadBy, q.unreadBy);
  }
  if (q.kind) {
    where.push('p.kind = ?');
    params.push(q.kind);
  }
  if (q.sentSince) {
    where.push('p.sent_at >= ?');
    params.push(q.sentSince);
  }
  const col = `p.${SORT_COLUMN[q.status]}`;
  if (q.after) {
    where.push(`(${col} < ? OR (${col} = ? AND p.id < ?))`);
    params.push(q.after.at, q.after.at, q.after.id);
  }
  const { rows } = await db.query<PostRow>(
    `${SELECT} WHERE ${where.join(' AND ')} ORDER BY ${col} DESC, p.id DESC LIMIT ?`,
    [...params, q.limit],
  );
  return rows.map(postOf);
}

/** The sort value of a post in its list. */
export const sortValueOf = (post: StoredPost): string =>
  (post.status === 'sent' ? post.sentAt : post.status === 'scheduled' ? post.sendAt : null) ??
  post.updatedAt;

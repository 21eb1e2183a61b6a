/**
 * The archive as the caller reads it (routes.ts): a page of posts newest first, the ones the
 * audience rule lets the caller read (audience.ts), found by words, with the count of those
 * not yet opened; one post; the banner of unread announcements. The rule is applied to the
 * stored posts as read, batch by batch, so what a list shows and what a post opens never differ.
 */
import {
  ANNOUNCEMENT_BANNER_DAYS,
  NEWSLETTER_PAGE_SIZE,
  type NewsletterStatus,
  type WireNewsletterPage,
  type WireNewsletterPost,
  type WireNewsletterSummary,
} from '@scout/protocol/newsletter';
import { ApiError } from '../errors.ts';
import { isoInstant } from '../store/sql-values.ts';
import type { NewsletterReader } from './audience.ts';
import {
  callerReader,
  readablePost,
  readsPost,
  type NewsletterRequest,
} from './request-context.ts';
import {
  queryPosts,
  sortValueOf,
  type PageCursor,
  type PostQuery,
  type StoredPost,
} from './stored-posts.ts';
import { wirePost, wireSummaries } from './wire-posts.ts';

/** Rows read at a time while filling a page with the posts the caller reads. */
const BATCH = 100;
/** Unread posts counted at most: past this the archive says "many" as this number. */
const UNREAD_MAX = 999;

export interface ListQuery {
  q?: string;
  cursor?: string;
  limit?: number;
  status?: 'draft' | 'scheduled';
}

const encodeCursor = (c: PageCursor) => Buffer.from(JSON.stringify(c)).toString('base64url');

function decodeCursor(text: string): PageCursor {
  try {
    const c: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (c && typeof c === 'object') {
      const { at, id } = c as Record<string, unknown>;
      if (typeof at === 'string' && typeof id === 'string') return { at, id };
    }
  } catch {
    // Falls through to the refusal below.
  }
  throw new ApiError('VALIDATION_ERROR', 'cursor is not one this archive gave');
}

/** The search's words: split on spaces, lower-cased, each to be found. */
const wordsOf = (q: string | undefined) =>
  (q ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((w) => w !== '');

/** Up to `limit` posts the reader reads, in list order, and whether more follow. */
async function readablePosts(
  r: NewsletterRequest,
  reader: NewsletterReader,
  query: Omit<PostQuery, 'limit'>,
  limit: number,
): Promise<{ posts: StoredPost[]; more: boolean }> {
  const posts: StoredPost[] = [];
  let after = query.after;
  for (;;) {
    const batch = await queryPosts(r.deps.store, { ...query, after, limit: BATCH });
    for (const post of batch) {
      if (!readsPost(r, reader, post)) continue;
      if (posts.length === limit) return { posts, more: true };
      posts.push(post);
    }
    const last = batch.at(-1);
    if (batch.length < BATCH || !last) return { posts, more: false };
    after = { at: sortValueOf(last), id: last.id };
  }
}

export async function listPosts(r: NewsletterRequest, q: ListQuery): Promise<WireNewsletterPage> {
  const status: NewsletterStatus = q.status ?? 'sent';
  if (status !== 'sent' && !r.writer)
    throw new ApiError('FORBIDDEN', 'Only those who write posts see the unsent ones');
  const reader = await callerReader(r);
  const base = {
    units: r.units,
    status,
    words: wordsOf(q.q),
    after: q.cursor ? decodeCursor(q.cursor) : null,
  };
  const { posts, more } = await readablePosts(r, reader, base, q.limit ?? NEWSLETTER_PAGE_SIZE);
  const last = posts.at(-1);
  return {
    posts: await wireSummaries(r, reader, posts),
    next: more && last ? encodeCursor({ at: sortValueOf(last), id: last.id }) : null,
    unread: await unreadCount(r, reader),
  };
}

/** The sent posts the caller reads and has not opened (never their own). */
async function unreadCount(r: NewsletterRequest, reader: NewsletterReader): Promise<number> {
  if (r.by === null) return 0;
  const query = { units: r.units, status: 'sent' as const, words: [], after: null };
  const { posts } = await readablePosts(r, reader, { ...query, unreadBy: r.by }, UNREAD_MAX);
  return posts.length;
}

export async function getPost(
  r: NewsletterRequest,
  postId: string,
): Promise<{ post: WireNewsletterPost }> {
  const { post, reader } = await readablePost(r, postId);
  return { post: await wirePost(r, reader, post) };
}

/** Sent announcements the caller reads and has not opened, of the last days, newest first. */
export async function readBanner(
  r: NewsletterRequest,
): Promise<{ announcements: WireNewsletterSummary[] }> {
  if (r.by === null) return { announcements: [] };
  const reader = await callerReader(r);
  const since = isoInstant(r.deps.clock.now() - ANNOUNCEMENT_BANNER_DAYS * 86_400_000);
  const { posts } = await readablePosts(
    r,
    reader,
    {
      units: r.units,
      status: 'sent',
      words: [],
      after: null,
      unreadBy: r.by,
      kind: 'announcement',
      sentSince: since,
    },
    NEWSLETTER_PAGE_SIZE,
  );
  return { announcements: await wireSummaries(r, reader, posts) };
}

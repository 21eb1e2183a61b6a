/**
 * What waits for a moderator (docs/decisions/090-social-feed.md, Moderation): posts pending
 * approval or held for a photo, comments pending approval, and members' open reports, each the
 * oldest first (the longest waiting is answered first), in the channels the moderator reads.
 */
import type {
  SocialChannelId,
  SocialStatus,
  WireSocialQueue,
  WireSocialReport,
} from '@scout/protocol/social';
import { memberName } from '../rsvps/attendees.ts';
import { seesItem } from './channel-rules.ts';
import { requireModerator, type SocialRequest } from './request-context.ts';
import { selectSocialComments, selectSocialPosts } from './stored-items.ts';
import { wireComments, wirePosts } from './wire-items.ts';

/** At most this many of each kind: a queue longer than that is worked through in turns. */
export const QUEUE_MAX = 200;

interface ReportRow {
  id: string;
  post_id: string;
  comment_id: string | null;
  reason: string;
  created_at: string;
  channel: string;
  author_id: string | null;
  status: string;
  comment_author_id: string | null;
  comment_status: string | null;
  reporter_display: string | null;
  reporter_email: string | null;
}

async function openReports(r: SocialRequest): Promise<WireSocialReport[]> {
  const { rows } = await r.deps.store.query<ReportRow>(
    `SELECT s.id, s.post_id, s.comment_id, s.reason, s.created_at,
            p.channel, p.author_id, p.status,
            c.author_id AS comment_author_id, c.status AS comment_status,
            u.display_name AS reporter_display, u.email AS reporter_email
       FROM social_reports s
       JOIN social_posts p ON p.id = s.post_id
       LEFT JOIN social_comments c ON c.id = s.comment_id
       LEFT JOIN users u ON u.id = s.reporter_id
      WHERE s.troop_id = ? AND s.resolved_at IS NULL
      ORDER BY s.created_at, s.id LIMIT ${QUEUE_MAX}`,
    [r.troop.id],
  );
  return rows
    .filter((row) => {
      const channel = row.channel as SocialChannelId;
      const post = { channel, authorId: row.author_id, status: row.status as SocialStatus };
      if (!seesItem(r.roster, r.member, post)) return false;
      if (row.comment_id === null) return true;
      const status = (row.comment_status ?? 'removed') as SocialStatus;
      return seesItem(r.roster, r.member, { channel, authorId: row.comment_author_id, status });
    })
    .map((row) => ({
      id: row.id,
      postId: row.post_id,
      commentId: row.comment_id,
      reason: row.reason,
      reporter:
        row.reporter_email === null
          ? 'A former member'
          : memberName(row.reporter_display, row.reporter_email),
      createdAt: row.created_at,
    }));
}

export async function readQueue(r: SocialRequest): Promise<WireSocialQueue> {
  requireModerator(r);
  const posts = (
    await selectSocialPosts(
      r.deps.store,
      r.troop.id,
      "p.status IN ('pending', 'held')",
      [],
      `ORDER BY p.created_at, p.id LIMIT ${QUEUE_MAX}`,
    )
  ).filter((p) => seesItem(r.roster, r.member, p));
  const comments = (
    await selectSocialComments(
      r.deps.store,
      r.troop.id,
      "c.status = 'pending'",
      [],
      `ORDER BY c.created_at, c.id LIMIT ${QUEUE_MAX}`,
    )
  ).filter((c) => seesItem(r.roster, r.member, c));
  return {
    posts: await wirePosts(r, posts),
    comments: await wireComments(r, comments),
    reports: await openReports(r),
  };
}

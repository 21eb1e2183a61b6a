/**
 * Members' reports of a post or comment (docs/decisions/090-social-feed.md, Moderation). Whoever
 * sees an item may report it, a youth who may not post included: a scout who meets something
 * wrong must always be able to tell a leader. A report stays open until a moderator resolves it
 * (or hides or removes its item, moderation.ts). One member files at most
 * SOCIAL_LIMITS.reportsPerHour an hour, resolved or not, so reports cannot flood the leaders.
 */
import crypto from 'node:crypto';
import { SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@scout/protocol/social';
import { ApiError, retryAfter } from '../errors.ts';
import { recordAudit } from '../members/audit-log.ts';
import type { Queryable } from '../store/store.ts';
import { isoInstant } from '../store/sql-values.ts';
import { authorOf, requireModerator, type SocialRequest } from './request-context.ts';
import { seenComment, seenPost } from './seen-items.ts';

const HOUR_MS = 3_600_000;

function reasonOf(text: string): string {
  const reason = text.trim();
  if (reason === '') throw new ApiError('VALIDATION_ERROR', SOCIAL_MESSAGES.reportEmpty);
  return reason;
}

/**
 * 429 once the member filed reportsPerHour reports in the last hour. On PostgreSQL the member's
 * membership row is held first, so reports sent at once are counted one after the other.
 */
async function checkRate(db: Queryable, r: SocialRequest, reporter: string, now: number) {
  if (db.dialect === 'postgres')
    await db.query(
      'SELECT user_id FROM memberships WHERE troop_id = ? AND user_id = ? FOR UPDATE',
      [r.troop.id, reporter],
    );
  const { rows } = await db.query<{ n: number | string; first: string | null }>(
    `SELECT count(*) AS n, min(created_at) AS first FROM social_reports
      WHERE troop_id = ? AND reporter_id = ? AND created_at > ?`,
    [r.troop.id, reporter, isoInstant(now - HOUR_MS)],
  );
  const row = rows[0];
  if (Number(row?.n ?? 0) < SOCIAL_LIMITS.reportsPerHour) return;
  const first = row?.first ? Date.parse(row.first) : now;
  throw new ApiError('RATE_LIMITED', SOCIAL_MESSAGES.tooManyReports, {
    headers: retryAfter((first + HOUR_MS - now) / 1000),
  });
}

async function fileReport(
  r: SocialRequest,
  item: { postId: string; commentId: string | null },
  reasonText: string,
) {
  const reporter = authorOf(r);
  const reason = reasonOf(reasonText);
  const now = r.deps.clock.now();
  await r.deps.store.transaction(async (tx) => {
    await checkRate(tx, r, reporter, now);
    await tx.query(
      `INSERT INTO social_reports (id, troop_id, post_id, comment_id, reporter_id, reason, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
      [
        crypto.randomUUID(),
        r.troop.id,
        item.postId,
        item.commentId,
        reporter,
        reason,
        isoInstant(now),
      ],
    );
  });
  return { reported: true as const };
}

export async function reportPost(r: SocialRequest, postId: string, reason: string) {
  const post = await seenPost(r, postId);
  return fileReport(r, { postId: post.id, commentId: null }, reason);
}

export async function reportComment(r: SocialRequest, commentId: string, reason: string) {
  const { comment } = await seenComment(r, commentId);
  return fileReport(r, { postId: comment.postId, commentId: comment.id }, reason);
}

interface ReportRow {
  id: string;
  post_id: string;
  comment_id: string | null;
  resolved_at: string | null;
}

/** Marks one open report resolved (moderators); 409 when someone already did. */
export async function resolveReport(r: SocialRequest, reportId: string) {
  requireModerator(r);
  const now = r.deps.clock.now();
  await r.deps.store.transaction(async (tx) => {
    const { rows } = await tx.query<ReportRow>(
      `SELECT id, post_id, comment_id, resolved_at FROM social_reports
        WHERE troop_id = ? AND id = ?${tx.dialect === 'postgres' ? ' FOR UPDATE' : ''}`,
      [r.troop.id, reportId],
    );
    const report = rows[0];
    if (!report) throw new ApiError('NOT_FOUND', SOCIAL_MESSAGES.reportNotFound);
    // A report of an item in a channel the moderator does not read is not theirs to see.
    const item = report.comment_id
      ? (
          await seenComment(r, report.comment_id, {
            db: tx,
            notFound: SOCIAL_MESSAGES.reportNotFound,
          })
        ).post
      : await seenPost(r, report.post_id, { db: tx, notFound: SOCIAL_MESSAGES.reportNotFound });
    if (report.resolved_at !== null) throw new ApiError('CONFLICT', SOCIAL_MESSAGES.reportResolved);
    await tx.query(
      'UPDATE social_reports SET resolved_at = ?, resolved_by = ? WHERE troop_id = ? AND id = ?',
      [isoInstant(now), r.by, r.troop.id, report.id],
    );
    await recordAudit(tx, now, {
      troopId: r.troop.id,
      actorId: r.by,
      action: 'social.report.resolve',
      targetId: report.id,
      details: { postId: report.post_id, commentId: report.comment_id, channel: item.channel },
    });
  });
  return { resolved: true as const };
}

/**
 * Resolves the open reports of an item a moderator just hid or removed: acting on it answered
 * them. A post's own reports only, or one comment's.
 */
export async function resolveReportsOf(
  tx: Queryable,
  r: SocialRequest,
  item: { postId: string; commentId: string | null },
  now: number,
): Promise<void> {
  await tx.query(
    `UPDATE social_reports SET resolved_at = ?, resolved_by = ?
      WHERE troop_id = ? AND post_id = ? AND resolved_at IS NULL AND ${
        item.commentId === null ? 'comment_id IS NULL' : 'comment_id = ?'
      }`,
    [
      isoInstant(now),
      r.by,
      r.troop.id,
      item.postId,
      ...(item.commentId === null ? [] : [item.commentId]),
    ],
  );
}

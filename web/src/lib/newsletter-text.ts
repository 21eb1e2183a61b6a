/**
 * What the newsletter's lists, its post and the dashboard's card say of a post
 * (docs/decisions/081-newsletter-posts.md): its date, whether it is unread or was edited after it
 * went out, where it came from and, for writers, whom it reached.
 */
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import { formatDay, formatDayTime } from './event-format.ts';

/** The day it went out; for an unsent post, when it is to go or that it is a draft. */
export function postDate(post: Pick<NewsletterSummary, 'status' | 'sentAt' | 'sendAt'>): string {
  if (post.status === 'sent' && post.sentAt) return formatDay(post.sentAt);
  if (post.status === 'scheduled' && post.sendAt)
    return `Scheduled for ${formatDayTime(post.sendAt)}`;
  return 'Draft';
}

/** The instant the date stands for, for <time dateTime>; none for a draft. */
export const postInstant = (post: Pick<NewsletterSummary, 'status' | 'sentAt' | 'sendAt'>) =>
  (post.status === 'sent' ? post.sentAt : post.status === 'scheduled' ? post.sendAt : null) ??
  undefined;

/** "Unread" for a sent post the member has not opened; null otherwise. */
export const unreadLabel = (post: Pick<NewsletterSummary, 'read'>): string | null =>
  post.read ? null : 'Unread';

/** "Edited Sat, Mar 07, 2026" when changed after it went out; null otherwise. */
export const editedLabel = (post: Pick<NewsletterSummary, 'editedAt'>): string | null =>
  post.editedAt ? `Edited ${formatDay(post.editedAt)}` : null;

/** Whom it came from: the troop, or its council (named so). */
export const fromLabel = (post: Pick<NewsletterSummary, 'from'>): string =>
  post.from.council ? `From ${post.from.name} (council)` : `From ${post.from.name}`;

/** For writers: "Reached 12 · Opened 5"; null when the server gave no reach (not a writer, unsent). */
export function reachText(post: Pick<NewsletterSummary, 'reach' | 'status'>): string | null {
  if (!post.reach || post.status !== 'sent') return null;
  return `Reached ${post.reach.mailed} · Opened ${post.reach.opened}`;
}

/** An announcement is named so wherever it shows. */
export const kindLabel = (post: Pick<NewsletterSummary, 'kind'>): string | null =>
  post.kind === 'announcement' ? 'Announcement' : null;

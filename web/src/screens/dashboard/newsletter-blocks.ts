/**
 * What the dashboard's Newsletter card shows in its three blocks (docs/product.md section 1): the
 * latest three posts the member reads, newest first, each with its date and, until opened, an
 * unread mark; then an empty block for each missing. Each block opens its post's address.
 */
import { newsletterPostPath } from '@scout/protocol/app-paths';
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import { postDate, postInstant } from '../../lib/newsletter-text.ts';

export type NewsletterBlock =
  | {
      kind: 'post';
      key: string;
      title: string;
      date: string;
      dateTime: string | undefined;
      unread: boolean;
      announcement: boolean;
      path: string;
    }
  | { kind: 'empty'; key: string; label: string };

export function newsletterBlocks(
  posts: readonly NewsletterSummary[],
  count = 3,
): NewsletterBlock[] {
  const blocks: NewsletterBlock[] = posts.slice(0, count).map((p) => ({
    kind: 'post',
    key: `post:${p.id}`,
    title: p.title,
    date: postDate(p),
    dateTime: postInstant(p),
    unread: !p.read,
    announcement: p.kind === 'announcement',
    path: newsletterPostPath(p.id),
  }));
  const none = blocks.length === 0;
  while (blocks.length < count) {
    const i = blocks.length;
    blocks.push({
      kind: 'empty',
      key: `empty:${i}`,
      label: none && i === 0 ? 'No newsletters yet' : 'No earlier posts',
    });
  }
  return blocks;
}

/**
 * What the dashboard's Social card shows in its three blocks (docs/product.md section 1): the
 * latest three visible posts the member reads, newest first, each with its first photo's
 * thumbnail, its author and when it was written; then an empty block for each missing. Each
 * block opens the post's thread. A post of one's own still waiting for a leader is not among them:
 * the card shows what the troop sees.
 */
import { socialPostPath } from '@scout/protocol/app-paths';
import type { SocialPost } from '@scout/sdk/social';
import { postTime } from '../../lib/social-text.ts';

export type SocialBlock =
  | {
      kind: 'post';
      key: string;
      author: string;
      /** A few words of the text, for the link's name and a post without a photo. */
      excerpt: string;
      time: string;
      dateTime: string;
      thumbUrl: string | null;
      path: string;
    }
  | { kind: 'empty'; key: string; label: string };

const EXCERPT_CHARS = 60;

function excerptOf(body: string): string {
  const text = body.replace(/\s+/g, ' ').trim();
  return text.length > EXCERPT_CHARS ? `${text.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : text;
}

export function socialBlocks(posts: readonly SocialPost[], now: number, count = 3): SocialBlock[] {
  const blocks: SocialBlock[] = posts
    .filter((p) => p.status === 'visible')
    .slice(0, count)
    .map((p) => ({
      kind: 'post',
      key: `post:${p.id}`,
      author: p.author.name,
      excerpt: excerptOf(p.body),
      time: postTime(p.createdAt, now),
      dateTime: p.createdAt,
      thumbUrl: p.photos[0]?.thumbUrl ?? null,
      path: socialPostPath(p.id),
    }));
  const none = blocks.length === 0;
  while (blocks.length < count) {
    const i = blocks.length;
    blocks.push({
      kind: 'empty',
      key: `empty:${i}`,
      label: none && i === 0 ? 'No posts yet' : 'No earlier posts',
    });
  }
  return blocks;
}

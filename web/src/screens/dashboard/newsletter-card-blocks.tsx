import type { WireUser } from '@scout/protocol/auth';
import { Link } from 'wouter';
import { useNewsletterArchive } from '../../lib/newsletter-query.ts';
import { useNewsletterLive } from '../../lib/use-newsletter-live.ts';
import { cx } from '../../ui/cx.ts';
import { newsletterBlocks, type NewsletterBlock } from './newsletter-blocks.ts';
import { EmptyBlock } from './summary-card.tsx';

const SLOTS = 3;

/**
 * The Newsletter card's three blocks (newsletter-blocks.ts): the latest posts, unread ones
 * marked, kept current by the `newsletter` channel as the screen is.
 */
export function NewsletterCardBlocks({ user }: { user: WireUser }) {
  useNewsletterLive(user.id);
  const latest = useNewsletterArchive(user.id, '', SLOTS);
  if (latest.isPending) return <p className="py-3 text-sm text-stone-600">Loading posts...</p>;
  if (latest.isError) return <p className="py-3 text-sm text-stone-600">Could not load posts.</p>;
  const blocks = newsletterBlocks(latest.data.pages[0]?.posts ?? [], SLOTS);
  return (
    <ul aria-label="Latest posts" className="space-y-2.5">
      {blocks.map((block) =>
        block.kind === 'empty' ? (
          <EmptyBlock key={block.key} label={block.label} />
        ) : (
          <PostBlock key={block.key} block={block} />
        ),
      )}
    </ul>
  );
}

function PostBlock({ block }: { block: Extract<NewsletterBlock, { kind: 'post' }> }) {
  return (
    <li
      className={cx(
        'relative flex min-h-12 flex-col justify-center rounded-xl border px-3 py-1.5 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600 hover:bg-scout-50',
        block.unread ? 'border-scout-200 bg-scout-50' : 'border-stone-200 bg-stone-50',
      )}
    >
      {/* The link covers the block: the whole block opens the post. */}
      <Link
        href={block.path}
        className="flex min-w-0 items-center gap-1.5 text-sm font-semibold text-stone-900 after:absolute after:inset-0 after:rounded-xl focus:outline-none"
      >
        {block.unread ? (
          <span aria-hidden="true" className="size-2 shrink-0 rounded-full bg-scout-600" />
        ) : null}
        <span className="truncate">
          {block.unread ? <span className="sr-only">Unread: </span> : null}
          {block.announcement ? <span className="sr-only">Announcement: </span> : null}
          {block.title}
        </span>
      </Link>
      <p className="text-xs text-stone-600">
        <time dateTime={block.dateTime}>{block.date}</time>
        {block.unread ? <span className="ml-1.5 font-semibold text-scout-800">Unread</span> : null}
      </p>
    </li>
  );
}

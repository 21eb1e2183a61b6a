import type { WireUser } from '@scout/protocol/auth';
import { Link } from 'wouter';
import { useSocialFeed, useSocialHome } from '../../lib/social-query.ts';
import { SocialLive } from '../../lib/social-live.tsx';
import { socialBlocks, type SocialBlock } from './social-blocks.ts';
import { EmptyBlock } from './summary-card.tsx';

const SLOTS = 3;

/**
 * The Social card's three blocks (social-blocks.ts): the latest visible posts of every channel
 * the member reads, kept current by those channels as the screen is. A few more than three are
 * read, so a post of one's own still waiting does not leave a block empty.
 */
export function SocialCardBlocks({ user }: { user: WireUser }) {
  const home = useSocialHome(user.id);
  const latest = useSocialFeed(user.id, null, SLOTS * 2);
  const live = (home.data?.channels ?? []).map((c) => (
    <SocialLive key={c.id} userId={user.id} channel={c.id} />
  ));
  if (latest.isPending) return <p className="py-3 text-sm text-stone-600">Loading posts...</p>;
  if (latest.isError) return <p className="py-3 text-sm text-stone-600">Could not load posts.</p>;
  const blocks = socialBlocks(latest.data.pages[0]?.posts ?? [], Date.now(), SLOTS);
  return (
    <>
      {live}
      <ul aria-label="Latest social posts" className="space-y-2.5">
        {blocks.map((block) =>
          block.kind === 'empty' ? (
            <EmptyBlock key={block.key} label={block.label} />
          ) : (
            <PostBlock key={block.key} block={block} />
          ),
        )}
      </ul>
    </>
  );
}

function PostBlock({ block }: { block: Extract<SocialBlock, { kind: 'post' }> }) {
  return (
    <li className="relative flex min-h-12 items-center gap-2.5 rounded-xl border border-stone-200 bg-stone-50 px-2 py-1.5 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600 hover:bg-scout-50">
      {block.thumbUrl ? (
        <img
          src={block.thumbUrl}
          alt=""
          className="size-9 shrink-0 rounded-lg object-cover"
          loading="lazy"
        />
      ) : null}
      <div className="min-w-0">
        {/* The link covers the block: the whole block opens the thread. */}
        <Link
          href={block.path}
          aria-label={block.excerpt ? `${block.author}: ${block.excerpt}` : block.author}
          className="block truncate text-sm font-semibold text-stone-900 after:absolute after:inset-0 after:rounded-xl focus:outline-none"
        >
          {block.author}
        </Link>
        <p className="text-xs text-stone-600">
          <time dateTime={block.dateTime}>{block.time}</time>
        </p>
      </div>
    </li>
  );
}

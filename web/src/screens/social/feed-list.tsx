import { useId } from 'react';
import type { SocialChannelId } from '@scout/protocol/social';
import { failureMessage } from '../../lib/failure-message.ts';
import { useSocialFeed } from '../../lib/social-query.ts';
import { Button } from '../../ui/button.tsx';
import { PostCard } from './post-card.tsx';

/** The feed, newest first, a page at a time. */
export function FeedList({
  userId,
  channel,
  moderator,
}: {
  userId: string;
  channel: SocialChannelId | null;
  moderator: boolean;
}) {
  const headingId = useId();
  const feed = useSocialFeed(userId, channel);
  const posts = feed.data?.pages.flatMap((p) => p.posts) ?? [];
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="sr-only">
        Posts
      </h2>
      {feed.isPending ? <p className="text-sm text-stone-600">Loading posts...</p> : null}
      {feed.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {failureMessage(feed.error, 'Could not load the posts.')}
        </p>
      ) : null}
      {feed.isSuccess && posts.length === 0 ? (
        <p className="text-sm text-stone-600">No posts yet.</p>
      ) : null}
      {posts.length ? (
        <ul aria-labelledby={headingId} className="space-y-4">
          {posts.map((p) => (
            <li key={p.id}>
              <PostCard userId={userId} post={p} moderator={moderator} />
            </li>
          ))}
        </ul>
      ) : null}
      {feed.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {feed.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </section>
  );
}

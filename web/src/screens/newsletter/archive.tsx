import { useId, useState } from 'react';
import { NEWSLETTER_SEARCH_MAX_CHARS } from '@scout/protocol/newsletter';
import { failureMessage } from '../../lib/failure-message.ts';
import { useNewsletterArchive } from '../../lib/newsletter-query.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { PostRow } from './post-row.tsx';

/**
 * The archive of sent posts the member reads, newest first, unread ones marked, narrowed by the
 * words searched for (every word in the title or the body), a page at a time.
 */
export function Archive({ userId }: { userId: string }) {
  const headingId = useId();
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState('');
  const archive = useNewsletterArchive(userId, q);
  const posts = archive.data?.pages.flatMap((p) => p.posts) ?? [];
  const unread = archive.data?.pages[0]?.unread ?? 0;
  return (
    <Panel headingId={headingId} title="Archive">
      <form
        role="search"
        aria-label="Newsletter"
        className="mt-3 flex min-w-0 items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(typed.trim());
        }}
      >
        <TextField
          className="min-w-0 flex-1"
          type="search"
          label="Search posts"
          value={typed}
          maxLength={NEWSLETTER_SEARCH_MAX_CHARS}
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            // Clearing the box shows every post again at once.
            if (e.currentTarget.value.trim() === '') setQ('');
          }}
        />
        <Button type="submit" variant="secondary" className="h-11">
          Search
        </Button>
      </form>
      <p aria-live="polite" className="mt-3 text-sm text-stone-600">
        {archive.isSuccess
          ? q
            ? `${posts.length}${archive.hasNextPage ? '+' : ''} ${posts.length === 1 ? 'post' : 'posts'} found`
            : unread > 0
              ? `${unread} unread`
              : ''
          : ''}
      </p>
      {archive.isPending ? <p className="mt-2 text-sm text-stone-600">Loading posts...</p> : null}
      {archive.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failureMessage(archive.error, 'Could not load the newsletter.')}
        </p>
      ) : null}
      {archive.isSuccess && posts.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          {q ? 'No post has all of those words.' : 'No newsletters yet.'}
        </p>
      ) : null}
      {posts.length ? (
        <ul aria-labelledby={headingId} className="mt-2 space-y-2.5">
          {posts.map((p) => (
            <PostRow key={p.id} post={p} />
          ))}
        </ul>
      ) : null}
      {archive.hasNextPage ? (
        <Button
          variant="secondary"
          className="mt-4 w-full"
          disabled={archive.isFetchingNextPage}
          onClick={() => void archive.fetchNextPage()}
        >
          {archive.isFetchingNextPage ? 'Loading...' : 'Load more'}
        </Button>
      ) : null}
    </Panel>
  );
}

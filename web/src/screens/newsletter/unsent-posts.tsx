import { useId } from 'react';
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import { failureMessage } from '../../lib/failure-message.ts';
import { useUnsentPosts } from '../../lib/newsletter-query.ts';
import { Panel } from '../../ui/panel.tsx';
import { PostRow } from './post-row.tsx';

const TITLES = { draft: 'Drafts', scheduled: 'Scheduled' } as const;

/** The troop's drafts or scheduled posts, for writers (newsletter.write): each opens in the editor. */
export function UnsentPosts({
  userId,
  status,
  onEdit,
}: {
  userId: string;
  status: 'draft' | 'scheduled';
  onEdit: (post: NewsletterSummary) => void;
}) {
  const headingId = useId();
  const query = useUnsentPosts(userId, status, true);
  const posts = query.data?.posts ?? [];
  return (
    <Panel headingId={headingId} title={TITLES[status]}>
      {query.isPending ? <p className="mt-3 text-sm text-stone-600">Loading...</p> : null}
      {query.isError ? (
        <p role="alert" className="mt-3 text-sm text-red-800">
          {failureMessage(query.error, `Could not load the ${TITLES[status].toLowerCase()}.`)}
        </p>
      ) : null}
      {query.isSuccess && posts.length === 0 ? (
        <p className="mt-3 text-sm text-stone-600">
          {status === 'draft' ? 'No drafts.' : 'Nothing is scheduled.'}
        </p>
      ) : null}
      {posts.length ? (
        <ul aria-labelledby={headingId} className="mt-3 space-y-2.5">
          {posts.map((p) => (
            <PostRow key={p.id} post={p} onEdit={() => onEdit(p)} />
          ))}
        </ul>
      ) : null}
    </Panel>
  );
}

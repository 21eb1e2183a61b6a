import { useId } from 'react';
import { Link } from 'wouter';
import { socialPostPath } from '@scout/protocol/app-paths';
import type { SocialSettings } from '@scout/sdk/social';
import { failureMessage } from '../../lib/failure-message.ts';
import { scout } from '../../lib/sdk.ts';
import { useSocialQueue } from '../../lib/social-query.ts';
import { postTime } from '../../lib/social-text.ts';
import { Button } from '../../ui/button.tsx';
import { Panel } from '../../ui/panel.tsx';
import { PostCard } from './post-card.tsx';
import { useSocialAction } from './use-social-action.ts';
import { ApprovalSetting } from './approval-setting.tsx';

/**
 * A leader's list of what waits for them (GET /queue): posts and comments waiting for approval
 * or held for a scout's "no photos" wish, and the members' open reports.
 */
export function WaitingForYou({ userId, settings }: { userId: string; settings: SocialSettings }) {
  const headingId = useId();
  const queue = useSocialQueue(userId, true);
  const { busy, run } = useSocialAction(userId);
  const q = queue.data;
  const count = q ? q.posts.length + q.comments.length + q.reports.length : 0;
  return (
    <Panel headingId={headingId} title={count ? `Waiting for you (${count})` : 'Waiting for you'}>
      {queue.isPending ? <p className="mt-2 text-sm text-stone-600">Loading...</p> : null}
      {queue.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failureMessage(queue.error, 'Could not load what waits for you.')}
        </p>
      ) : null}
      {q && count === 0 ? (
        <p className="mt-2 text-sm text-stone-600">Nothing waits for you.</p>
      ) : null}
      {q?.posts.length ? (
        <ul aria-label="Posts waiting" className="mt-3 space-y-3">
          {q.posts.map((p) => (
            <li key={p.id}>
              <PostCard userId={userId} post={p} moderator />
            </li>
          ))}
        </ul>
      ) : null}
      {q?.comments.length ? (
        <ul aria-label="Comments waiting" className="mt-3 space-y-2">
          {q.comments.map((c) => (
            <li key={c.id} className="rounded-xl border border-stone-200 px-3 py-2 text-sm">
              <p>
                <span className="font-semibold">{c.author.name}</span> commented:{' '}
                <span className="break-words">{c.body}</span>
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() =>
                    void run(() => scout.social.moderateComment(c.id, 'approve'), 'Approved')
                  }
                >
                  Approve<span className="sr-only"> the comment by {c.author.name}</span>
                </Button>
                <Link
                  href={socialPostPath(c.postId)}
                  className="inline-flex h-8 items-center px-2 font-semibold text-scout-800 underline-offset-2 hover:underline"
                >
                  Open the thread
                </Link>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {q?.reports.length ? (
        <ul aria-label="Reports" className="mt-3 space-y-2">
          {q.reports.map((r) => (
            <li key={r.id} className="rounded-xl border border-stone-200 px-3 py-2 text-sm">
              <p>
                <span className="font-semibold">{r.reporter}</span> reported a{' '}
                {r.commentId ? 'comment' : 'post'} {postTime(r.createdAt, Date.now())}:{' '}
                <span className="break-words">{r.reason}</span>
              </p>
              <div className="mt-1.5 flex flex-wrap gap-1.5">
                <Link
                  href={socialPostPath(r.postId)}
                  className="inline-flex h-8 items-center px-2 font-semibold text-scout-800 underline-offset-2 hover:underline"
                >
                  Open the thread
                </Link>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={busy}
                  onClick={() => void run(() => scout.social.resolveReport(r.id), 'Resolved')}
                >
                  Resolve<span className="sr-only"> the report by {r.reporter}</span>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ApprovalSetting userId={userId} settings={settings} />
    </Panel>
  );
}

import { useId, useState } from 'react';
import { Link } from 'wouter';
import { socialPostPath } from '@scout/protocol/app-paths';
import { SOCIAL_REASON_REQUIRED, type SocialModeration } from '@scout/protocol/social';
import type { SocialPost } from '@scout/sdk/social';
import { scout } from '../../lib/sdk.ts';
import { Button } from '../../ui/button.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { ItemByline, StatusNotes, MentionedLine } from './item-header.tsx';
import { ACTION_LABELS, leaderActions } from './leader-actions.ts';
import { PhotoGrid } from './photo-grid.tsx';
import { ReactionBar } from './reaction-bar.tsx';
import { ReasonDialog, type ReasonRequest } from './reason-dialog.tsx';
import { useSocialAction } from './use-social-action.ts';

/**
 * One post: its author, channel, time, text and photos, its reactions and how many comments it
 * has; Report for whoever reads it, Delete for its author, and a leader's decisions.
 */
export function PostCard({
  userId,
  post,
  moderator,
  inThread = false,
  onDeleted,
}: {
  userId: string;
  post: SocialPost;
  moderator: boolean;
  /** Shown as the head of its thread (no link to itself). */
  inThread?: boolean;
  onDeleted?: () => void;
}) {
  const headingId = useId();
  const { busy, run } = useSocialAction(userId);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const [deleting, setDeleting] = useState(false);
  const visible = post.status === 'visible';
  const moderate = (action: SocialModeration) => {
    if (SOCIAL_REASON_REQUIRED.includes(action))
      setAsking({
        title: action === 'hide' ? 'Hide this post' : 'Remove this post',
        description:
          action === 'hide'
            ? 'Only its author, their parents and the leaders will see it.'
            : 'Its text and photos are deleted for good.',
        label: 'Reason (the author reads it)',
        confirm: ACTION_LABELS[action],
        onConfirm: (reason) =>
          run(() => scout.social.moderatePost(post.id, action, reason), 'Done'),
      });
    else void run(() => scout.social.moderatePost(post.id, action), 'Done');
  };
  return (
    <article
      aria-labelledby={headingId}
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <ItemByline
        author={post.author.name}
        where={post.channelName}
        createdAt={post.createdAt}
        headingId={headingId}
        level={inThread ? 'h2' : 'h3'}
      />
      <StatusNotes status={post.status} moderation={post.moderation} />
      {post.body ? (
        <p className="mt-2 text-base break-words whitespace-pre-wrap text-stone-900">{post.body}</p>
      ) : null}
      <MentionedLine people={post.mentions} />
      <PhotoGrid photos={post.photos} author={post.author.name} />
      <ReactionBar
        key={`${post.id}:${JSON.stringify(post.reactions)}:${post.myReactions.join()}`}
        userId={userId}
        post={post}
        canReact={visible}
      />
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        {inThread ? null : (
          <Link
            href={socialPostPath(post.id)}
            className="font-semibold text-scout-800 underline-offset-2 hover:underline"
          >
            {post.commentCount === 1 ? '1 comment' : `${post.commentCount} comments`}
            <span className="sr-only"> on the post by {post.author.name}</span>
          </Link>
        )}
        {post.locked ? <span className="text-stone-600">Comments locked</span> : null}
        <span className="ml-auto flex flex-wrap gap-1.5">
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              setAsking({
                title: 'Report this post',
                description: 'A leader will look at it. The author is not told who reported it.',
                label: 'What is wrong with it?',
                confirm: 'Send report',
                onConfirm: (reason) =>
                  run(() => scout.social.reportPost(post.id, reason), 'Reported to the leaders'),
              })
            }
          >
            Report this post
          </Button>
          {post.mine ? (
            <Button size="sm" variant="ghost" disabled={busy} onClick={() => setDeleting(true)}>
              Delete
            </Button>
          ) : null}
        </span>
      </div>
      {moderator ? (
        <div
          role="group"
          aria-label="Leader actions"
          className="mt-3 flex flex-wrap gap-1.5 border-t border-stone-100 pt-3"
        >
          {leaderActions(post.status, 'post', post.locked).map((action) => (
            <Button
              key={action}
              size="sm"
              variant={action === 'remove' ? 'danger' : 'secondary'}
              disabled={busy}
              onClick={() => moderate(action)}
            >
              {ACTION_LABELS[action]}
            </Button>
          ))}
        </div>
      ) : null}
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
      <ConfirmDialog
        open={deleting}
        onOpenChange={setDeleting}
        title="Delete this post?"
        description="Its text, photos and comments are deleted for good."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={() =>
          void run(() => scout.social.deletePost(post.id), 'Post deleted').then((ok) => {
            setDeleting(false);
            if (ok) onDeleted?.();
          })
        }
      />
    </article>
  );
}

import { useId, useState } from 'react';
import {
  SOCIAL_LIMITS,
  SOCIAL_MESSAGES,
  SOCIAL_REASON_REQUIRED,
  type SocialChannelId,
  type SocialModeration,
} from '@scout/protocol/social';
import type { SocialComment, SocialPost } from '@scout/sdk/social';
import { scout } from '../../lib/sdk.ts';
import { statusNote } from '../../lib/social-text.ts';
import { toast } from '../../ui/toast.tsx';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';
import { fieldControlClass, fieldLabelClass } from '../../ui/text-field.tsx';
import { ItemByline, MentionedLine, StatusNotes } from './item-header.tsx';
import { MentionPicker } from './mention-picker.tsx';
import { ACTION_LABELS, leaderActions } from './leader-actions.ts';
import { ReasonDialog, type ReasonRequest } from './reason-dialog.tsx';
import { useSocialAction } from './use-social-action.ts';

/** A thread's comments, oldest first, and the box to add one (unless the thread is locked). */
export function CommentList({
  userId,
  post,
  comments,
  moderator,
  mayWrite,
}: {
  userId: string;
  post: SocialPost;
  comments: SocialComment[];
  moderator: boolean;
  /** The member may write in the post's channel. */
  mayWrite: boolean;
}) {
  const headingId = useId();
  const open = post.status === 'visible' && (!post.locked || moderator);
  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-lg font-bold text-stone-900">
        Comments
      </h2>
      {comments.length === 0 ? (
        <p className="mt-2 text-sm text-stone-600">No comments yet.</p>
      ) : (
        <ol className="mt-3 space-y-3">
          {comments.map((c) => (
            <CommentItem key={c.id} userId={userId} comment={c} moderator={moderator} />
          ))}
        </ol>
      )}
      {post.locked && !moderator ? (
        <p className="mt-4 text-sm font-semibold text-stone-700">{SOCIAL_MESSAGES.locked}</p>
      ) : null}
      {open && mayWrite ? (
        <CommentForm userId={userId} postId={post.id} channel={post.channel} />
      ) : null}
    </section>
  );
}

function CommentItem({
  userId,
  comment,
  moderator,
}: {
  userId: string;
  comment: SocialComment;
  moderator: boolean;
}) {
  const headingId = useId();
  const { busy, run } = useSocialAction(userId);
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const moderate = (action: SocialModeration) => {
    if (SOCIAL_REASON_REQUIRED.includes(action))
      setAsking({
        title: action === 'hide' ? 'Hide this comment' : 'Remove this comment',
        description: 'Its author, their parents and the leaders read why.',
        label: 'Reason (the author reads it)',
        confirm: ACTION_LABELS[action],
        onConfirm: (reason) =>
          run(() => scout.social.moderateComment(comment.id, action, reason), 'Done'),
      });
    else void run(() => scout.social.moderateComment(comment.id, action), 'Done');
  };
  return (
    <li
      aria-labelledby={headingId}
      className="rounded-xl border border-stone-200 bg-white px-3 py-2.5"
    >
      <ItemByline
        author={comment.author.name}
        createdAt={comment.createdAt}
        headingId={headingId}
        level="h3"
      />
      <StatusNotes status={comment.status} moderation={comment.moderation} />
      {comment.body ? (
        <p className="mt-1 text-sm break-words whitespace-pre-wrap text-stone-900">
          {comment.body}
        </p>
      ) : null}
      <MentionedLine people={comment.mentions} />
      <div className="mt-1.5 flex flex-wrap gap-1.5">
        <Button
          size="sm"
          variant="ghost"
          disabled={busy}
          onClick={() =>
            setAsking({
              title: 'Report this comment',
              description: 'A leader will look at it.',
              label: 'What is wrong with it?',
              confirm: 'Send report',
              onConfirm: (reason) =>
                run(
                  () => scout.social.reportComment(comment.id, reason),
                  'Reported to the leaders',
                ),
            })
          }
        >
          Report<span className="sr-only"> the comment by {comment.author.name}</span>
        </Button>
        {comment.mine ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={busy}
            onClick={() =>
              void run(() => scout.social.deleteComment(comment.id), 'Comment deleted')
            }
          >
            Delete<span className="sr-only"> your comment</span>
          </Button>
        ) : null}
        {moderator
          ? leaderActions(comment.status, 'comment').map((action) => (
              <Button
                key={action}
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() => moderate(action)}
              >
                {ACTION_LABELS[action]}
                <span className="sr-only"> the comment by {comment.author.name}</span>
              </Button>
            ))
          : null}
      </div>
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </li>
  );
}

function CommentForm({
  userId,
  postId,
  channel,
}: {
  userId: string;
  postId: string;
  channel: SocialChannelId;
}) {
  const fieldId = useId();
  const [body, setBody] = useState('');
  const [mentions, setMentions] = useState<string[]>([]);
  const { busy, run } = useSocialAction(userId);
  return (
    <form
      className="mt-4"
      onSubmit={(e) => {
        e.preventDefault();
        const text = body.trim();
        if (!text) return;
        void run(async () => {
          const comment = await scout.social.addComment(postId, {
            body: text,
            ...(mentions.length ? { mentions } : {}),
          });
          setBody('');
          setMentions([]);
          toast.success(statusNote(comment.status) ?? 'Comment added');
        });
      }}
    >
      <label htmlFor={fieldId} className={fieldLabelClass}>
        Add a comment
      </label>
      <textarea
        id={fieldId}
        rows={2}
        maxLength={SOCIAL_LIMITS.commentMaxChars}
        value={body}
        onChange={(e) => setBody(e.currentTarget.value)}
        className={cx(fieldControlClass, 'h-auto py-2')}
      />
      <div className="mt-2">
        <MentionPicker userId={userId} channel={channel} chosen={mentions} onChange={setMentions} />
      </div>
      <div className="mt-2 flex justify-end">
        <Button type="submit" disabled={busy || body.trim() === ''}>
          Comment
        </Button>
      </div>
    </form>
  );
}

import { useEffect } from 'react';
import type { NewsletterPost } from '@scout/sdk/newsletter';
import { failureMessage } from '../../lib/failure-message.ts';
import { useMarkRead, useNewsletterPost } from '../../lib/newsletter-query.ts';
import {
  editedLabel,
  fromLabel,
  kindLabel,
  postDate,
  postInstant,
  reachText,
} from '../../lib/newsletter-text.ts';
import { Button } from '../../ui/button.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { cx } from '../../ui/cx.ts';
import { POST_BODY_CLASS } from './editor/post-body-class.ts';
import { EventCard } from './event-card.tsx';

/** One post: its heading and facts, then its parts in order, each event drawn as a card. */
export function PostView({
  userId,
  postId,
  canWrite,
  onEdit,
}: {
  userId: string;
  postId: string;
  canWrite: boolean;
  onEdit: (post: NewsletterPost) => void;
}) {
  const query = useNewsletterPost(userId, postId);
  const markRead = useMarkRead(userId);
  const post = query.data;
  const unread = post !== undefined && !post.read;
  const { mutate } = markRead;
  // Opening a post reads it: its unread mark and its banner go.
  useEffect(() => {
    if (unread) mutate(postId);
  }, [unread, postId, mutate]);

  if (query.isPending)
    return (
      <>
        <ScreenHeading className="sr-only">Newsletter post</ScreenHeading>
        <p className="text-sm text-stone-600">Loading the post...</p>
      </>
    );
  if (!post)
    return (
      <>
        <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900">
          Post not found
        </ScreenHeading>
        <p role="alert" className="mt-2 text-sm text-stone-700">
          {failureMessage(query.error, 'This post is not there, or is not for you.')}
        </p>
      </>
    );
  const edited = editedLabel(post);
  const kind = kindLabel(post);
  const reach = reachText(post);
  return (
    <article className="min-w-0 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-8">
      {kind ? (
        <p className="text-xs font-semibold tracking-wide text-trail-600 uppercase">{kind}</p>
      ) : null}
      <ScreenHeading className="text-2xl font-extrabold tracking-tight break-words text-stone-900 md:text-3xl">
        {post.title}
      </ScreenHeading>
      <p className="mt-2 text-sm text-stone-600">
        <time dateTime={postInstant(post)}>{postDate(post)}</time>
        {edited ? <span className="ml-1.5 font-medium text-stone-700">· {edited}</span> : null}
      </p>
      <p className="text-sm text-stone-600">
        By {post.authorName} · {fromLabel(post)}
      </p>
      {reach ? <p className="mt-1 text-sm font-medium text-stone-700">{reach}</p> : null}
      {canWrite ? (
        <Button size="sm" variant="secondary" className="mt-3" onClick={() => onEdit(post)}>
          Edit<span className="sr-only"> {post.title}</span>
        </Button>
      ) : null}
      <div className={cx('mt-6', POST_BODY_CLASS)}>
        {post.parts.map((part, i) =>
          'html' in part ? (
            // Sanitised by the server through its allow-list (docs/decisions/080-newsletter-format.md).
            <div key={i} dangerouslySetInnerHTML={{ __html: part.html }} />
          ) : (
            <EventCard key={i} userId={userId} id={part.event.id} date={part.event.date} />
          ),
        )}
      </div>
    </article>
  );
}

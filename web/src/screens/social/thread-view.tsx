import type { SocialHome } from '@scout/sdk/social';
import { failureMessage } from '../../lib/failure-message.ts';
import { useSocialThread } from '../../lib/social-query.ts';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { CommentList } from './comment-list.tsx';
import { PostCard } from './post-card.tsx';

/** One post (`/social/posts/<id>`) with its comments; one the member may not see is not found. */
export function ThreadView({
  userId,
  postId,
  home,
  onDeleted,
}: {
  userId: string;
  postId: string;
  home: SocialHome | null;
  onDeleted: () => void;
}) {
  const thread = useSocialThread(userId, postId);
  const moderator = home?.me.moderator ?? false;
  const t = thread.data;
  const mayWrite =
    !!t && !!home?.me.mayPost && !!home.channels.find((c) => c.id === t.post.channel)?.canPost;
  return (
    <>
      <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
        {t ? `Post by ${t.post.author.name}` : 'Post'}
      </ScreenHeading>
      {thread.isPending ? <p className="mt-4 text-sm text-stone-600">Loading the post...</p> : null}
      {thread.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {failureMessage(thread.error, 'Could not load this post.')}
        </p>
      ) : null}
      {t ? (
        <div className="mt-4">
          <PostCard
            userId={userId}
            post={t.post}
            moderator={moderator}
            inThread
            onDeleted={onDeleted}
          />
          <CommentList
            userId={userId}
            post={t.post}
            comments={t.comments}
            moderator={moderator}
            mayWrite={mayWrite}
          />
        </div>
      ) : null}
    </>
  );
}

import { Link } from 'wouter';
import { newsletterPostPath } from '@scout/protocol/app-paths';
import type { NewsletterSummary } from '@scout/sdk/newsletter';
import {
  editedLabel,
  kindLabel,
  postDate,
  postInstant,
  reachText,
  unreadLabel,
} from '../../lib/newsletter-text.ts';
import { Button } from '../../ui/button.tsx';
import { cx } from '../../ui/cx.ts';

/**
 * One post in a list: its title (the whole row opens it), date, an unread dot with its word for
 * screen readers, the first words, and for writers whom it reached or an Edit button.
 */
export function PostRow({
  post,
  onEdit,
}: {
  post: NewsletterSummary;
  /** Writers' unsent posts open in the editor rather than as a post. */
  onEdit?: () => void;
}) {
  const unread = unreadLabel(post);
  const edited = editedLabel(post);
  const kind = kindLabel(post);
  const reach = reachText(post);
  return (
    <li
      className={cx(
        'relative min-w-0 rounded-xl border px-4 py-3 focus-within:ring-2 focus-within:ring-scout-600 hover:border-scout-600',
        unread ? 'border-scout-200 bg-scout-50' : 'border-stone-200 bg-white',
      )}
    >
      <div className="flex min-w-0 items-start gap-2">
        {unread ? (
          <span aria-hidden="true" className="mt-1.5 size-2.5 shrink-0 rounded-full bg-scout-600" />
        ) : null}
        <div className="min-w-0 flex-1">
          <Link
            href={newsletterPostPath(post.id)}
            className="block text-base font-semibold break-words text-stone-900 after:absolute after:inset-0 after:rounded-xl focus:outline-none"
          >
            {unread ? <span className="sr-only">{unread}: </span> : null}
            {post.title}
          </Link>
          <p className="text-xs text-stone-600">
            {kind ? <span className="mr-1.5 font-semibold text-trail-600">{kind}</span> : null}
            <time dateTime={postInstant(post)}>{postDate(post)}</time>
            {edited ? <span> · {edited}</span> : null}
          </p>
          {post.excerpt ? (
            <p className="mt-1 line-clamp-2 text-sm break-words text-stone-700">{post.excerpt}</p>
          ) : null}
          {reach ? <p className="mt-1 text-xs font-medium text-stone-700">{reach}</p> : null}
        </div>
        {onEdit ? (
          <Button size="sm" variant="secondary" className="relative z-10" onClick={onEdit}>
            Edit<span className="sr-only"> {post.title}</span>
          </Button>
        ) : null}
      </div>
    </li>
  );
}

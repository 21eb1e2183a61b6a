import { Link } from 'wouter';
import type { WireUser } from '@scout/protocol/auth';
import { newsletterPostPath } from '@scout/protocol/app-paths';
import { useAnnouncementBanner } from '../lib/newsletter-query.ts';
import { useNewsletterLive } from '../lib/use-newsletter-live.ts';
import { AlertCircleIcon } from '../ui/icons.tsx';

/**
 * Atop every signed-in screen, one banner per sent announcement the member has not read
 * (docs/decisions/081-newsletter-posts.md): its title and Read, which opens it; opening it marks
 * it read, and the banner goes. Kept current by the `newsletter` channel.
 */
export function AnnouncementBanners({ user }: { user: WireUser }) {
  const active = user.status === undefined || user.status === 'active';
  useNewsletterLive(user.id, active);
  const { data } = useAnnouncementBanner(user.id, active);
  if (!data || data.length === 0) return null;
  return (
    <section aria-label="Announcements" className="mb-6 space-y-2">
      {data.map((a) => (
        <div
          key={a.id}
          className="flex min-w-0 items-center gap-3 rounded-2xl border border-trail-300 bg-trail-100 px-4 py-3 text-stone-900"
        >
          <AlertCircleIcon className="size-5 shrink-0 text-trail-600" />
          <p className="min-w-0 flex-1 text-sm">
            <span className="sr-only">Announcement: </span>
            <span className="font-semibold break-words">{a.title}</span>
          </p>
          <Link
            href={newsletterPostPath(a.id)}
            className="inline-flex h-9 shrink-0 items-center rounded-lg bg-scout-700 px-3 text-sm font-semibold text-white hover:bg-scout-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-scout-600"
          >
            Read<span className="sr-only"> {a.title}</span>
          </Link>
        </div>
      ))}
    </section>
  );
}

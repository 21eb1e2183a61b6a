/**
 * The Newsletter screen (`/newsletter`, `/newsletter/<id>`, docs/decisions/081-newsletter-posts.md):
 * the archive of the posts the member reads, newest first with the unread marked and a search by
 * words; one post with its parts and event cards, read on opening. Writers (newsletter.write)
 * also see the drafts and scheduled posts, whom each sent one reached, and write and edit posts.
 * Kept current by the `newsletter` channel.
 */
import { useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import type { NewsletterPost, NewsletterSummary } from '@scout/sdk/newsletter';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { useNewsletterRefresh } from '../../lib/newsletter-query.ts';
import { scout } from '../../lib/sdk.ts';
import { useCan } from '../../lib/use-can.ts';
import { useNewsletterLive } from '../../lib/use-newsletter-live.ts';
import { Button } from '../../ui/button.tsx';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { Archive } from './archive.tsx';
import { EditorDialog, type EditorTarget } from './editor-dialog.tsx';
import { PostView } from './post-view.tsx';
import { UnsentPosts } from './unsent-posts.tsx';

export function NewsletterScreen({
  user,
  nav,
  post,
}: {
  user: WireUser;
  nav: Navigation;
  /** The post the address names; null for the archive. */
  post: string | null;
}) {
  const menu = useAccountMenu(nav, user, 'newsletter');
  const canWrite = useCan(user, PERMISSIONS.newsletterWrite);
  const refresh = useNewsletterRefresh(user.id);
  const [editing, setEditing] = useState<EditorTarget>(null);
  useNewsletterLive(user.id);
  // An unsent post from a list is read in full (its Markdown) before the editor opens on it.
  const editSummary = (s: NewsletterSummary) =>
    void scout.newsletter.getPost(s.id).then((p: NewsletterPost) => setEditing({ post: p }));
  return (
    <AppFrame
      user={user}
      active="newsletter"
      onChooseTab={tabChooser(nav, 'newsletter')}
      menuItems={menu}
      back={
        post
          ? { label: 'Newsletter', onBack: () => nav.open('newsletter') }
          : { label: 'Dashboard', onBack: nav.back }
      }
      width="narrow"
    >
      {post ? (
        <PostView
          key={post}
          userId={user.id}
          postId={post}
          canWrite={canWrite}
          onEdit={(p) => setEditing({ post: p })}
        />
      ) : (
        <>
          <div className="flex flex-wrap items-start justify-between gap-3">
            <div className="min-w-0">
              <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
                Newsletter
              </ScreenHeading>
              <p className="mt-1 text-sm text-stone-600 md:text-base">
                News and announcements from the troop.
              </p>
            </div>
            {canWrite ? <Button onClick={() => setEditing({})}>Write</Button> : null}
          </div>
          {canWrite ? (
            <>
              <UnsentPosts userId={user.id} status="draft" onEdit={editSummary} />
              <UnsentPosts userId={user.id} status="scheduled" onEdit={editSummary} />
            </>
          ) : null}
          <Archive userId={user.id} />
        </>
      )}
      {canWrite ? (
        <EditorDialog
          target={editing}
          onSaved={refresh}
          onClose={() => {
            setEditing(null);
            refresh();
          }}
        />
      ) : null}
    </AppFrame>
  );
}

/**
 * The Social screen (`/social`, `/social/posts/<id>`, docs/decisions/090-social-feed.md): the
 * feed of the channels the member reads, newest first a page at a time, narrowed to one channel;
 * writing a post with photos; one post's thread with its comments. Leaders also see what waits
 * for them and decide on posts and comments. Kept current by each channel read.
 */
import { useId, useState } from 'react';
import { useLocation } from 'wouter';
import type { WireUser } from '@scout/protocol/auth';
import { SOCIAL_MESSAGES, type SocialChannelId } from '@scout/protocol/social';
import { AppFrame } from '../../frame/app-frame.tsx';
import { tabChooser } from '../../frame/frame-actions.ts';
import type { Navigation } from '../../frame/navigation.ts';
import { useAccountMenu } from '../../frame/use-account-menu.ts';
import { failureMessage } from '../../lib/failure-message.ts';
import { SocialLive } from '../../lib/social-live.tsx';
import { useSocialHome } from '../../lib/social-query.ts';
import { ScreenHeading } from '../../ui/screen-heading.tsx';
import { ChannelSelect, Composer } from './composer.tsx';
import { FeedList } from './feed-list.tsx';
import { ThreadView } from './thread-view.tsx';
import { WaitingForYou } from './waiting-for-you.tsx';

export function SocialScreen({
  user,
  nav,
  post,
}: {
  user: WireUser;
  nav: Navigation;
  /** The post the address names; null for the feed. */
  post: string | null;
}) {
  const menu = useAccountMenu(nav, user, 'social');
  const home = useSocialHome(user.id);
  const [, navigate] = useLocation();
  const [channel, setChannel] = useState<SocialChannelId | null>(null);
  const pickerId = useId();
  const h = home.data;
  return (
    <AppFrame
      user={user}
      active="social"
      onChooseTab={tabChooser(nav, 'social')}
      menuItems={menu}
      back={
        post
          ? { label: 'Social', onBack: () => nav.open('social') }
          : { label: 'Dashboard', onBack: nav.back }
      }
      width="narrow"
    >
      {(h?.channels ?? []).map((c) => (
        <SocialLive key={c.id} userId={user.id} channel={c.id} />
      ))}
      {post ? (
        <ThreadView
          key={post}
          userId={user.id}
          postId={post}
          home={h ?? null}
          onDeleted={() => navigate('/social')}
        />
      ) : (
        <>
          <ScreenHeading className="text-2xl font-extrabold tracking-tight text-stone-900 md:text-3xl">
            Social
          </ScreenHeading>
          <p className="mt-1 text-sm text-stone-600 md:text-base">
            Photos and updates from the troop.
          </p>
          {home.isPending ? <p className="mt-4 text-sm text-stone-600">Loading...</p> : null}
          {home.isError ? (
            <p role="alert" className="mt-4 text-sm text-red-800">
              {failureMessage(home.error, 'Could not load the feed.')}
            </p>
          ) : null}
          {h ? (
            <>
              {h.me.moderator ? <WaitingForYou userId={user.id} settings={h.settings} /> : null}
              {h.me.youth && !h.me.mayPost ? (
                <p className="mt-4 text-sm text-stone-700">{SOCIAL_MESSAGES.notAllowedYet}.</p>
              ) : null}
              <Composer userId={user.id} home={h} channel={channel} />
              {h.channels.length > 1 ? (
                <div className="mt-6 max-w-xs">
                  <ChannelSelect
                    id={pickerId}
                    label="Show"
                    channels={h.channels}
                    value={channel}
                    onChange={setChannel}
                    all={{ label: 'All channels', onAll: () => setChannel(null) }}
                  />
                </div>
              ) : null}
              {h.channels.length === 0 ? (
                <p className="mt-6 text-sm text-stone-700">
                  No channel is open to you yet. {SOCIAL_MESSAGES.channelClosedToYouth}.
                </p>
              ) : (
                <FeedList
                  key={channel ?? 'all'}
                  userId={user.id}
                  channel={channel}
                  moderator={h.me.moderator}
                />
              )}
            </>
          ) : null}
        </>
      )}
    </AppFrame>
  );
}

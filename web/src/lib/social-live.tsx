/**
 * Keeps the feed current: the server announces a post created, changed or moderated on its
 * channel's realtime channel (`social:<channel>`, protocol/src/social.ts), naming only the post,
 * and only to that channel's readers; the member's feed, threads and card are read again soon
 * after (use-live-reload.ts). One hook per channel read: a component per channel calls it.
 */
import { socialRealtimeChannel, type SocialChannelId } from '@scout/protocol/social';
import { socialKey } from './social-query.ts';
import { useLiveReload } from './use-live-reload.ts';

export function useSocialLive(userId: string, channel: SocialChannelId | null): void {
  useLiveReload(
    channel ? socialRealtimeChannel(channel) : null,
    socialKey(userId),
    'The live feed is not available',
  );
}

/** Listens on one channel while mounted: rendered once per channel the member reads. */
export function SocialLive({ userId, channel }: { userId: string; channel: SocialChannelId }) {
  useSocialLive(userId, channel);
  return null;
}

/**
 * Keeps the newsletter current: the server announces a post sent, edited or deleted on the
 * troop's `newsletter` channel (docs/decisions/081-newsletter-posts.md), naming only the post, and
 * the member's archive, card and banner are read again soon after, under their own access. A
 * re-subscription reloads too, since what was announced while away is not replayed.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NEWSLETTER_CHANNEL } from '@scout/protocol/newsletter';
import { isScoutError } from '@scout/sdk/errors';
import { newsletterKey } from './newsletter-query.ts';
import { scout } from './sdk.ts';

export { NEWSLETTER_CHANNEL };

/** A burst of announcements (a council post reaching several troops) becomes one reload. */
const RELOAD_DELAY_MS = 150;

/**
 * How many parts of the page listen: a channel handle is one per name and leaving it drops every
 * listener, so the frame's banner, the card and the screen share one subscription.
 */
let listeners = 0;

export function useNewsletterLive(userId: string, enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const channel = scout.realtime.channel(NEWSLETTER_CHANNEL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: newsletterKey(userId) }),
        RELOAD_DELAY_MS,
      );
    };
    let acknowledged = false;
    const stopMessages = channel.onMessage(reloadSoon);
    const stopAcks = channel.onSubscribed(() => {
      if (acknowledged) reloadSoon();
      acknowledged = true;
    });
    listeners += 1;
    if (listeners === 1)
      channel.subscribe().catch((err: unknown) => {
        if (isScoutError(err) && err.code === 'UNSUBSCRIBED') return;
        console.warn('The live newsletter is not available', err);
      });
    return () => {
      clearTimeout(timer);
      stopMessages();
      stopAcks();
      listeners -= 1;
      if (listeners === 0) void channel.unsubscribe();
    };
  }, [queryClient, userId, enabled]);
}

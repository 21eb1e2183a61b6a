/**
 * Reads queries again when the server announces a change on a realtime channel. The server's
 * channels name what changed, never its content, so a listener reads it again under its own
 * access; a burst of messages becomes one reload, and a re-subscription reloads too, since what
 * was announced while away is not replayed (nor what was announced between the page's first read
 * and its subscription taking effect). A channel handle is one per name and leaving it drops
 * every listener, so the parts of a page listening on one name share one subscription, left when
 * the last of them goes.
 */
import { useEffect } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { isScoutError } from '@scout/sdk/errors';
import { scout } from './sdk.ts';

/** A burst of changes (a leader adding a sheet's slots, a council post in several troops). */
const RELOAD_DELAY_MS = 150;

const listeners = new Map<string, number>();

/**
 * While mounted and `channelName` is not null, reloads `queryKey` (as a prefix) after each
 * message on the channel; `unavailable` is the warning when the channel cannot be joined.
 */
export function useLiveReload(
  channelName: string | null,
  queryKey: QueryKey,
  unavailable: string,
): void {
  const queryClient = useQueryClient();
  // The key's parts, not its array, decide when to listen again.
  const keyText = JSON.stringify(queryKey);
  useEffect(() => {
    if (!channelName) return;
    const key = JSON.parse(keyText) as QueryKey;
    const channel = scout.realtime.channel(channelName);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: key }),
        RELOAD_DELAY_MS,
      );
    };
    const stopMessages = channel.onMessage(reloadSoon);
    // Every acknowledgement reloads, the first too: a change announced after the page read its
    // data and before the subscription took effect would otherwise stay unseen until the next.
    const stopAcks = channel.onSubscribed(reloadSoon);
    const count = listeners.get(channelName) ?? 0;
    listeners.set(channelName, count + 1);
    if (count === 0)
      channel.subscribe().catch((err: unknown) => {
        if (isScoutError(err) && err.code === 'UNSUBSCRIBED') return;
        console.warn(unavailable, err);
      });
    return () => {
      clearTimeout(timer);
      stopMessages();
      stopAcks();
      const left = (listeners.get(channelName) ?? 1) - 1;
      if (left > 0) listeners.set(channelName, left);
      else {
        listeners.delete(channelName);
        void channel.unsubscribe();
      }
    };
  }, [queryClient, channelName, keyText, unavailable]);
}

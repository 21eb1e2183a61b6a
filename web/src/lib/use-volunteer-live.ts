/**
 * Keeps sign-up sheets and lists current: the server announces every stored change on the
 * `volunteer` channel (protocol/src/volunteer.ts), naming the event and slot but never a person,
 * and the member's sheets and lists are read again soon after, under their own access. As for the
 * calendar, a re-subscription reloads too, since what was announced while away is not replayed.
 * The channel follows the calendar_events read rule: every event's, one's own events', or none.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { volunteerListenChannel } from '@scout/protocol/volunteer';
import { isScoutError } from '@scout/sdk/errors';
import { scout } from './sdk.ts';
import { useTableGrant } from './use-can.ts';
import { volunteerKey } from './volunteer-query.ts';

/** A burst of changes (a leader adding a sheet's slots) becomes one reload. */
const RELOAD_DELAY_MS = 150;

/**
 * How many parts of the page listen on each channel: a channel handle is one per name and
 * leaving it drops every listener, so the calendar's open sheets share one subscription, left
 * when the last of them goes.
 */
const listeners = new Map<string, number>();

export function useVolunteerLive(user: WireUser): void {
  const queryClient = useQueryClient();
  const userId = user.id;
  const name = volunteerListenChannel(useTableGrant(user, 'calendar_events', 'read'), userId);
  useEffect(() => {
    if (!name) return;
    const channel = scout.realtime.channel(name);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: volunteerKey(userId) }),
        RELOAD_DELAY_MS,
      );
    };
    let acknowledged = false;
    const stopMessages = channel.onMessage(reloadSoon);
    const stopAcks = channel.onSubscribed(() => {
      if (acknowledged) reloadSoon();
      acknowledged = true;
    });
    const count = listeners.get(name) ?? 0;
    listeners.set(name, count + 1);
    if (count === 0)
      channel.subscribe().catch((err: unknown) => {
        if (isScoutError(err) && err.code === 'UNSUBSCRIBED') return;
        console.warn('Live sign-up sheets are not available', err);
      });
    return () => {
      clearTimeout(timer);
      stopMessages();
      stopAcks();
      const left = (listeners.get(name) ?? 1) - 1;
      if (left > 0) listeners.set(name, left);
      else {
        listeners.delete(name);
        void channel.unsubscribe();
      }
    };
  }, [queryClient, userId, name]);
}

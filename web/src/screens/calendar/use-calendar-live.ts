/**
 * Keeps an open calendar current: the server announces every committed change of
 * calendar_events on the channel of the same name (by any member or client, through the Data
 * API), and the list is read again soon after. A message is only a hint to reload, never data
 * to trust, so a stray one costs one request. A re-subscription reloads too: what was
 * announced while the socket was away is not replayed. The first subscription reloads only when
 * the list on screen was read before it (a cached list from an earlier visit); a list still
 * loading, or loaded since, was read alongside it, so reading it again would only double the
 * screen's largest request.
 *
 * Which channel follows the calendar_events read rule (docs/roles.md, Table rules): a member who
 * reads every event listens on the table's channel, one who reads only their own on their own
 * channel of it, and one who reads none on no channel.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { listenChannel, type ChangeFeedTable } from '@scout/protocol/change-feed';
import { isScoutError } from '@scout/sdk/errors';
import { scout } from '../../lib/sdk.ts';
import { useTableGrant } from '../../lib/use-can.ts';
import { calendarEventsKey } from './use-calendar-events.ts';

const TABLE: ChangeFeedTable = 'calendar_events';

/** A burst of changes (a bulk import, several members at once) becomes one reload. */
export const LIVE_RELOAD_DELAY_MS = 200;

export function useCalendarLive(user: WireUser): void {
  const queryClient = useQueryClient();
  const userId = user.id;
  const name = listenChannel(TABLE, useTableGrant(user, TABLE, 'read'), userId);
  useEffect(() => {
    if (!name) return;
    const channel = scout.realtime.channel(name);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const reloadSoon = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: calendarEventsKey(userId) }),
        LIVE_RELOAD_DELAY_MS,
      );
    };
    const stopMessages = channel.onMessage(reloadSoon);
    const subscribedAt = Date.now();
    let acknowledged = false;
    const stopAcks = channel.onSubscribed(() => {
      const first = !acknowledged;
      acknowledged = true;
      const list = queryClient.getQueryState(calendarEventsKey(userId));
      const readAlongside =
        list !== undefined &&
        (list.fetchStatus === 'fetching' || list.dataUpdatedAt >= subscribedAt);
      if (first && readAlongside) return;
      reloadSoon();
    });
    channel.subscribe().catch((err: unknown) => {
      // Leaving the screen before the server answered is not a failure.
      if (isScoutError(err) && err.code === 'UNSUBSCRIBED') return;
      console.warn('Live calendar updates are not available', err);
    });
    return () => {
      clearTimeout(timer);
      stopMessages();
      stopAcks();
      void channel.unsubscribe();
    };
  }, [queryClient, userId, name]);
}

/**
 * Keeps open answer lists current: the server announces every stored answer on the `rsvps`
 * channel as the event and occurrence it belongs to, and that list is read again. A message is
 * a hint to reload, never data to trust. A re-subscription reloads every list on screen, since
 * what was announced while the socket was away is not replayed.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { RSVP_CHANNEL, type RsvpChannelData } from '@scout/protocol/rsvps';
import { isScoutError } from '@scout/sdk/errors';
import { scout } from '../../../lib/sdk.ts';
import { rsvpsKey } from './use-rsvps.ts';

const isTarget = (d: unknown): d is RsvpChannelData =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as RsvpChannelData).eventId === 'string' &&
  typeof (d as RsvpChannelData).occurrence === 'string';

export function useRsvpLive(userId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const channel = scout.realtime.channel(RSVP_CHANNEL);
    let acknowledged = false;
    const stopMessages = channel.onMessage((m) => {
      const key = isTarget(m.data) ? rsvpsKey(userId, m.data) : rsvpsKey(userId);
      void queryClient.invalidateQueries({ queryKey: key });
    });
    const stopAcks = channel.onSubscribed(() => {
      if (acknowledged) void queryClient.invalidateQueries({ queryKey: rsvpsKey(userId) });
      acknowledged = true;
    });
    channel.subscribe().catch((err: unknown) => {
      if (isScoutError(err) && err.code === 'UNSUBSCRIBED') return;
      console.warn('Live answers are not available', err);
    });
    return () => {
      stopMessages();
      stopAcks();
      void channel.unsubscribe();
    };
  }, [queryClient, userId]);
}

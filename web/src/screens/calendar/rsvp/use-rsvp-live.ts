/**
 * Keeps open answer lists current: the server announces every stored answer on the answers
 * channel as the event and occurrence it belongs to, and that list is read again. The channel
 * follows the calendar_events read rule (protocol/src/rsvps.ts): `rsvps` for a member who reads
 * every event, their own `rsvps:<id>` for one who reads only their own, none otherwise. A message is
 * a hint to reload, never data to trust. A re-subscription reloads every list on screen, since
 * what was announced while the socket was away is not replayed.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { RSVP_CHANNEL_TABLE, rsvpListenChannel, type RsvpChannelData } from '@scout/protocol/rsvps';
import { isScoutError } from '@scout/sdk/errors';
import { scout } from '../../../lib/sdk.ts';
import { useTableGrant } from '../../../lib/use-can.ts';
import { householdAnswersKey } from '../../../lib/household-answers.ts';
import { rsvpsKey } from './use-rsvps.ts';

const isTarget = (d: unknown): d is RsvpChannelData =>
  typeof d === 'object' &&
  d !== null &&
  typeof (d as RsvpChannelData).eventId === 'string' &&
  typeof (d as RsvpChannelData).occurrence === 'string';

export function useRsvpLive(user: WireUser): void {
  const queryClient = useQueryClient();
  const userId = user.id;
  const name = rsvpListenChannel(useTableGrant(user, RSVP_CHANNEL_TABLE, 'read'), userId);
  useEffect(() => {
    if (!name) return;
    const channel = scout.realtime.channel(name);
    let acknowledged = false;
    const stopMessages = channel.onMessage((m) => {
      const key = isTarget(m.data) ? rsvpsKey(userId, m.data) : rsvpsKey(userId);
      void queryClient.invalidateQueries({ queryKey: key });
      // The rows' family answers: the message does not say whose answer it was.
      void queryClient.invalidateQueries({ queryKey: householdAnswersKey(userId) });
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
  }, [queryClient, userId, name]);
}

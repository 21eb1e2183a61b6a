/**
 * Keeps sign-up sheets and lists current: the server announces every stored change on the
 * `volunteer` channel (protocol/src/volunteer.ts), naming the event and slot but never a person,
 * and the member's sheets and lists are read again soon after (use-live-reload.ts). The channel
 * follows the calendar_events read rule: every event's, one's own events', or none.
 */
import type { WireUser } from '@scout/protocol/auth';
import { volunteerListenChannel } from '@scout/protocol/volunteer';
import { useLiveReload } from './use-live-reload.ts';
import { useTableGrant } from './use-can.ts';
import { volunteerKey } from './volunteer-query.ts';

export function useVolunteerLive(user: WireUser): void {
  const name = volunteerListenChannel(useTableGrant(user, 'calendar_events', 'read'), user.id);
  useLiveReload(name, volunteerKey(user.id), 'Live sign-up sheets are not available');
}

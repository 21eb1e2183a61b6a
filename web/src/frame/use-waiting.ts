import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { useCan } from '../lib/use-can.ts';
import { scout } from '../lib/sdk.ts';
import { WAITING_REFRESH_MS, waitingCount } from './waiting.ts';

/**
 * How many accounts wait for approval, for a member who may approve them (and read the member
 * list, where they are approved); 0 for everyone else, who never asks. The list is the Members
 * screen's own (the same query), so an approval there lowers the count at once; elsewhere it is
 * read again every minute and when the member comes back to the tab.
 */
export function useWaitingCount(user: WireUser): number {
  const approve = useCan(user, PERMISSIONS.membersApprove);
  const read = useCan(user, PERMISSIONS.membersRead);
  const list = useQuery({
    queryKey: ['members'],
    queryFn: () => scout.members.list(),
    enabled: approve && read,
    refetchInterval: WAITING_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return approve && read ? waitingCount(list.data) : 0;
}

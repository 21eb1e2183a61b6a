import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { usePlatformAdmin } from '../lib/my-troops.ts';
import { projectId, scout } from '../lib/sdk.ts';
import { useCan } from '../lib/use-can.ts';
import type { AccountMenuItem } from '../ui/account-menu.tsx';
import type { SignedInView } from '../view-state.ts';
import { accountMenu } from './frame-actions.ts';
import type { Navigation } from './navigation.ts';
import { useWaitingCount } from './use-waiting.ts';

/** What the unit is changes rarely: read once in a few minutes. */
const UNIT_STALE_MS = 5 * 60_000;

/** The unit the app calls with, a troop or a council: the header's query (use-troops.ts). */
export function useCurrentUnit() {
  return useQuery({
    queryKey: ['troop', projectId],
    queryFn: () => scout.troops.current(),
    staleTime: UNIT_STALE_MS,
  });
}

/**
 * The account menu of a signed-in screen, with Members (and how many wait for approval) and
 * Analytics for those the roles configuration lets read them, Troops for the platform admin and
 * Council troops when the app calls with a council.
 */
export function useAccountMenu(
  nav: Navigation,
  user: WireUser,
  screen: SignedInView,
  own: readonly AccountMenuItem[] = [],
): AccountMenuItem[] {
  const members = useCan(user, PERMISSIONS.membersRead);
  const analytics = useCan(user, PERMISSIONS.analyticsRead);
  const waiting = useWaitingCount(user);
  const troops = usePlatformAdmin(user.id).data === true;
  const council = useCurrentUnit().data?.kind === 'council';
  return accountMenu(nav, screen, own, { members, analytics, waiting, troops, council });
}

import type { WireUser } from '@scout/protocol/auth';
import { PERMISSIONS } from '@scout/protocol/permissions';
import { useCan } from '../lib/use-can.ts';
import type { AccountMenuItem } from '../ui/account-menu.tsx';
import type { SignedInView } from '../view-state.ts';
import { accountMenu } from './frame-actions.ts';
import type { Navigation } from './navigation.ts';
import { useWaitingCount } from './use-waiting.ts';

/**
 * The account menu of a signed-in screen, with Members (and how many wait for approval) and
 * Analytics for those the roles configuration lets read them.
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
  return accountMenu(nav, screen, own, { members, analytics, waiting });
}

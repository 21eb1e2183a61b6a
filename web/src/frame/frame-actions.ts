import type { AccountMenuItem } from '../ui/account-menu.tsx';
import { ChartIcon, HomeIcon, LogOutIcon, UserIcon, UsersIcon } from '../ui/icons.tsx';
import type { NavTab } from './nav-tabs.ts';
import type { Navigation } from './navigation.ts';
import type { SignedInView } from '../view-state.ts';
import { membersLabel } from './waiting.ts';

/**
 * What a tab does from `screen`: Calendar opens the calendar, Social the feed and Newsletter the
 * newsletter's archive (from one of their posts too); on the dashboard Home only moves its highlight
 * (docs/product.md section 4); from any other screen they return to the dashboard with that tab
 * highlighted.
 */
export function tabChooser(nav: Navigation, screen: SignedInView) {
  return (tab: NavTab) => {
    if (tab === 'calendar') {
      if (screen !== 'calendar') nav.open('calendar');
    } else if (tab === 'newsletter') nav.open('newsletter');
    else if (tab === 'social') nav.open('social');
    else if (screen === 'dashboard') nav.highlight(tab);
    else nav.open('dashboard', tab);
  };
}

/**
 * The account menu: the screen's own items first, then Members and Analytics (for those the
 * roles configuration lets read them), Profile, Troops (the platform admin's: the server's troops
 * and councils), Council troops (when the app calls with a council), each where it is not
 * already, and Sign Out. Members says how many accounts wait for approval, if any.
 */
export function accountMenu(
  nav: Navigation,
  screen: SignedInView,
  own: readonly AccountMenuItem[] = [],
  {
    members = false,
    analytics = false,
    waiting = 0,
    troops = false,
    council = false,
  }: {
    members?: boolean;
    analytics?: boolean;
    waiting?: number;
    troops?: boolean;
    council?: boolean;
  } = {},
): AccountMenuItem[] {
  return [
    ...own,
    ...(members && screen !== 'members'
      ? [{ label: membersLabel(waiting), icon: UsersIcon, onSelect: () => nav.open('members') }]
      : []),
    ...(screen === 'profile'
      ? []
      : [{ label: 'Profile', icon: UserIcon, onSelect: () => nav.open('profile') }]),
    ...(screen === 'analytics' || !analytics
      ? []
      : [{ label: 'Analytics', icon: ChartIcon, onSelect: () => nav.open('analytics') }]),
    ...(screen === 'troops' || !troops
      ? []
      : [{ label: 'Troops', icon: HomeIcon, onSelect: () => nav.open('troops') }]),
    ...(screen === 'council' || !council
      ? []
      : [{ label: 'Council troops', icon: UsersIcon, onSelect: () => nav.open('council') }]),
    { label: 'Sign Out', icon: LogOutIcon, onSelect: nav.logout },
  ];
}

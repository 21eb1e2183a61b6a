import { useState } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { firstNameOf, initialsOf } from '@scout/protocol/user-display';
import { AccountMenu } from '../../ui/account-menu.tsx';
import {
  CalendarIcon,
  HeartHandIcon,
  LogOutIcon,
  NewspaperIcon,
  UserIcon,
  UsersIcon,
} from '../../ui/icons.tsx';
import { Logo } from '../../ui/logo.tsx';
import { chooseTab, greetingFor, type DashboardTab } from './dashboard-tabs.ts';
import { SummaryCard } from './summary-card.tsx';
import { BottomTabBar, TopNav } from './top-nav.tsx';
import { VerifyEmailBanner } from './verify-email-banner.tsx';

export interface DashboardScreenProps {
  user: WireUser;
  onLogout: () => void;
  onOpenProfile: () => void;
  onOpenCalendar: () => void;
}

export function DashboardScreen({
  user,
  onLogout,
  onOpenProfile,
  onOpenCalendar,
}: DashboardScreenProps) {
  const [active, setActive] = useState<DashboardTab>('home');
  const greeting = greetingFor(firstNameOf(user));

  const choose = (tab: DashboardTab) => {
    const next = chooseTab(active, tab);
    setActive(next.active);
    if (next.openCalendar) onOpenCalendar();
  };

  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="sticky top-0 z-30 bg-scout-800 text-white shadow-md shadow-scout-950/10">
        <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
          <Logo className="size-9 ring-1 ring-white/20 rounded-lg" />
          <div className="mr-auto min-w-0">
            <p className="truncate text-base leading-tight font-bold tracking-tight">
              {PRODUCT_NAME}
            </p>
            {/* The mobile header repeats the page heading for sighted users; readers get the h1. */}
            <p className="truncate text-xs font-medium text-trail-300 md:hidden" aria-hidden="true">
              {greeting}
            </p>
          </div>
          <TopNav active={active} onChoose={choose} />
          <AccountMenu
            name={firstNameOf(user)}
            email={user.email}
            avatarUrl={user.avatarUrl}
            initials={initialsOf(user)}
            items={[
              { label: 'Profile', icon: UserIcon, onSelect: onOpenProfile },
              { label: 'Sign Out', icon: LogOutIcon, onSelect: onLogout },
            ]}
          />
        </div>
      </header>

      <main className="mx-auto max-w-6xl px-4 pt-6 pb-28 sm:px-6 md:pt-10 md:pb-14">
        <VerifyEmailBanner key={user.id} user={user} />
        <h1 className="sr-only md:not-sr-only md:text-3xl md:font-extrabold md:tracking-tight md:text-stone-900">
          {greeting}
        </h1>
        <p className="text-sm text-stone-600 md:mt-2 md:text-base">
          Here is what is happening with your troop.
        </p>

        <div className="mt-6 grid gap-4 sm:grid-cols-2 md:mt-8 md:gap-6 xl:grid-cols-4">
          <SummaryCard
            title="Calendar"
            description="Meetings, campouts and service days."
            icon={CalendarIcon}
            onView={onOpenCalendar}
          />
          <SummaryCard
            title="Social"
            description="Photos and updates from the troop."
            icon={UsersIcon}
          />
          <SummaryCard
            title="Newsletter"
            description="News and announcements."
            icon={NewspaperIcon}
          />
          <SummaryCard
            title="Volunteer"
            description="Ways to lend a hand at events."
            icon={HeartHandIcon}
          />
        </div>
      </main>

      <BottomTabBar active={active} onChoose={choose} />
    </div>
  );
}

import type { ReactNode } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { firstNameOf, initialsOf } from '@scout/protocol/user-display';
import { AccountMenu, type AccountMenuItem } from '../ui/account-menu.tsx';
import { ArrowLeftIcon } from '../ui/icons.tsx';
import { Logo } from '../ui/logo.tsx';
import { cx } from '../ui/cx.ts';
import { AnnouncementBanners } from './announcement-banner.tsx';
import type { NavTab } from './nav-tabs.ts';
import { BottomTabBar, TopNav } from './top-nav.tsx';
import { TroopName } from './troop-menu.tsx';
import { WaitingBadge } from './waiting-badge.tsx';

export interface AppFrameProps {
  user: WireUser;
  /** The highlighted tab, or none (Profile). */
  active: NavTab | null;
  onChooseTab: (tab: NavTab) => void;
  menuItems: readonly AccountMenuItem[];
  /** A Back button at the start of the header (Calendar and Profile, docs/product.md section 2). */
  back?: { label: string; onBack: () => void };
  /** A line under the product name on phones, where the page heading is not shown. */
  subtitle?: string;
  /** The main column's width. */
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

/**
 * The one frame of every signed-in screen: the top bar with the product, the navigation (on
 * desktop) and the account menu, and on phones a tab bar fixed to the bottom. The screen's own
 * content goes in `children`, inside <main>.
 */
export function AppFrame({
  user,
  active,
  onChooseTab,
  menuItems,
  back,
  subtitle,
  width = 'wide',
  children,
}: AppFrameProps) {
  const column = width === 'wide' ? 'max-w-6xl' : 'max-w-4xl';
  return (
    <div className="min-h-dvh bg-stone-50">
      <header className="sticky top-0 z-30 bg-scout-800 text-white shadow-md shadow-scout-950/10">
        <div className={cx('mx-auto flex h-16 items-center gap-3 px-4 sm:px-6', column)}>
          {back ? (
            <button
              type="button"
              onClick={back.onBack}
              className="-ml-2 inline-flex h-10 shrink-0 cursor-pointer items-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-scout-100 transition-colors hover:bg-white/10 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
            >
              <ArrowLeftIcon className="size-4" />
              {back.label}
            </button>
          ) : null}
          <div className="mr-auto flex min-w-0 items-center gap-2.5">
            <Logo
              className={cx('size-9 rounded-lg ring-1 ring-white/20', back && 'hidden sm:block')}
            />
            <div className="min-w-0">
              <p className="truncate text-base leading-tight font-bold tracking-tight">
                {PRODUCT_NAME}
              </p>
              <TroopName user={user} />
              {subtitle ? (
                // Repeats the page heading for sighted users on phones; readers get the h1.
                <p
                  className="truncate text-xs font-medium text-trail-300 md:hidden"
                  aria-hidden="true"
                >
                  {subtitle}
                </p>
              ) : null}
            </div>
          </div>
          <TopNav active={active} onChoose={onChooseTab} />
          <WaitingBadge user={user} />
          <AccountMenu
            name={firstNameOf(user)}
            email={user.email}
            avatarUrl={user.avatarUrl}
            initials={initialsOf(user)}
            items={menuItems}
          />
        </div>
      </header>
      <main className={cx('mx-auto px-4 pt-6 pb-28 sm:px-6 md:pt-10 md:pb-14', column)}>
        <AnnouncementBanners user={user} />
        {children}
      </main>
      <BottomTabBar active={active} onChoose={onChooseTab} />
    </div>
  );
}

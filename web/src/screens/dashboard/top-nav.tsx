import { cx } from '../../ui/cx.ts';
import { DASHBOARD_TABS, TAB_LABELS, type DashboardTab } from './dashboard-tabs.ts';
import { TAB_ICONS } from './nav-icons.ts';

interface NavProps {
  active: DashboardTab;
  onChoose: (tab: DashboardTab) => void;
}

/** Desktop navigation inside the top bar. */
export function TopNav({ active, onChoose }: NavProps) {
  return (
    <nav aria-label="Main" className="hidden md:block">
      <ul className="flex items-center gap-1">
        {DASHBOARD_TABS.map((tab) => {
          const Icon = TAB_ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab}>
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                onClick={() => onChoose(tab)}
                className={cx(
                  'inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg px-3.5 text-sm font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
                  current
                    ? 'bg-white/15 text-white'
                    : 'text-scout-100 hover:bg-white/10 hover:text-white',
                )}
              >
                <Icon className="size-4.5" />
                {TAB_LABELS[tab]}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Mobile navigation: a tab bar fixed to the bottom of the screen. */
export function BottomTabBar({ active, onChoose }: NavProps) {
  return (
    <nav
      aria-label="Tab bar"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.05)] backdrop-blur md:hidden"
    >
      <ul className="grid grid-cols-4">
        {DASHBOARD_TABS.map((tab) => {
          const Icon = TAB_ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab} className="min-w-0">
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                onClick={() => onChoose(tab)}
                className={cx(
                  'relative flex h-16 w-full cursor-pointer flex-col items-center justify-center gap-1 text-xs font-semibold transition-colors',
                  'focus-visible:outline-2 focus-visible:-outline-offset-4 focus-visible:outline-scout-600',
                  current ? 'text-scout-700' : 'text-stone-600 hover:text-scout-800',
                )}
              >
                {current ? (
                  <span
                    className="absolute top-0 h-0.5 w-10 rounded-full bg-scout-600"
                    aria-hidden="true"
                  />
                ) : null}
                <Icon className="size-5.5" />
                {TAB_LABELS[tab]}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

import { cx } from '../ui/cx.ts';
import { TAB_ICONS } from './nav-icons.ts';
import { NAV_TABS, type NavTab } from './nav-tabs.ts';

interface NavProps {
  /** The highlighted tab; none on a screen that is not one of the four (Profile). */
  active: NavTab | null;
  onChoose: (tab: NavTab) => void;
}

const LOOKS = {
  top: {
    nav: 'hidden md:block',
    list: 'flex items-center gap-1',
    item: '',
    button: (current: boolean) =>
      cx(
        'inline-flex h-10 items-center gap-2 rounded-lg px-3.5 text-sm',
        'focus-visible:outline-offset-2 focus-visible:outline-white',
        current ? 'bg-white/15 text-white' : 'text-scout-100 hover:bg-white/10 hover:text-white',
      ),
    icon: 'size-4.5',
  },
  bottom: {
    nav: 'fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] shadow-[0_-4px_16px_rgb(0_0_0/0.05)] backdrop-blur md:hidden',
    list: 'grid grid-cols-4',
    item: 'min-w-0',
    button: (current: boolean) =>
      cx(
        'relative flex h-16 w-full flex-col items-center justify-center gap-1 text-xs',
        'focus-visible:-outline-offset-4 focus-visible:outline-scout-600',
        current ? 'text-scout-700' : 'text-stone-600 hover:text-scout-800',
      ),
    icon: 'size-5.5',
  },
} as const;

function NavTabs({
  active,
  onChoose,
  look,
  label,
}: NavProps & { look: keyof typeof LOOKS; label: string }) {
  const style = LOOKS[look];
  return (
    <nav aria-label={label} className={style.nav}>
      <ul className={style.list}>
        {NAV_TABS.map(({ tab, label: tabLabel }) => {
          const Icon = TAB_ICONS[tab];
          const current = tab === active;
          return (
            <li key={tab} className={style.item}>
              <button
                type="button"
                aria-current={current ? 'page' : undefined}
                onClick={() => onChoose(tab)}
                className={cx(
                  'cursor-pointer font-semibold transition-colors focus-visible:outline-2',
                  style.button(current),
                )}
              >
                {current && look === 'bottom' ? (
                  <span
                    className="absolute top-0 h-0.5 w-10 rounded-full bg-scout-600"
                    aria-hidden="true"
                  />
                ) : null}
                <Icon className={style.icon} />
                {tabLabel}
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Desktop navigation inside the top bar. */
export const TopNav = (props: NavProps) => <NavTabs {...props} look="top" label="Main" />;

/** Mobile navigation: a tab bar fixed to the bottom of the screen. */
export const BottomTabBar = (props: NavProps) => (
  <NavTabs {...props} look="bottom" label="Tab bar" />
);

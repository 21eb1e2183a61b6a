/**
 * The root view switch (docs/product.md section 2): one root view (app.tsx) switches screens, and
 * the address is what it switches on (protocol/src/app-paths.ts, docs/decisions/061-screen-addresses.md).
 * This reducer holds what the address does not: whether the first auth check has finished
 * (`ready`: the full-screen spinner shows only while the session is first restored and never
 * hides a screen in the middle of its work), whether the auth screen has handed over to the
 * signed-in screens, and the dashboard's highlighted tab.
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { Address } from '@scout/protocol/app-paths';
import type { DashboardTab } from './frame/nav-tabs.ts';

/** Screens a signed-in member moves between (the frame's tabs, the avatar menu, an address). */
export type SignedInView = Address['view'];
export type View = 'auth' | SignedInView;
export type Screen = View | 'loading';

export const SIGNED_IN_VIEWS: readonly SignedInView[] = [
  'dashboard',
  'profile',
  'calendar',
  'members',
  'analytics',
  'troops',
  'council',
  'volunteer',
  'newsletter',
  'social',
  'not-found',
];

export interface ViewState {
  ready: boolean;
  /** The auth screen shows until it hands over (a new account first shows its welcome). */
  showing: 'auth' | 'address';
  /** The dashboard's highlighted tab: only a highlight, it opens nothing. */
  tab: DashboardTab;
}

export type ViewAction =
  /** Auth state finished (re)loading. */
  | { type: 'auth-settled'; signedIn: boolean }
  /** The auth screen finished signing in or signing up. */
  | { type: 'signed-in' }
  | { type: 'signed-out' }
  | { type: 'tab'; tab: DashboardTab };

export const initialViewState: ViewState = { ready: false, showing: 'auth', tab: 'home' };

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'auth-settled':
      if (!state.ready)
        return { ...state, ready: true, showing: action.signedIn ? 'address' : 'auth' };
      // A session that appears later (sign-up) is announced by the auth screen, after its message.
      return action.signedIn || state.showing === 'auth' ? state : { ...state, showing: 'auth' };
    case 'signed-in':
      return { ready: true, showing: 'address', tab: 'home' };
    case 'signed-out':
      return { ...state, showing: 'auth' };
    case 'tab':
      return { ...state, tab: action.tab };
  }
}

/**
 * What to render: the screen the address names, once the session is known. Signed out, every
 * address shows the auth screen and stays as it is, so signing in lands on it.
 */
export function screenFor(state: ViewState, signedIn: boolean, address: Address): Screen {
  if (!state.ready) return 'loading';
  if (!signedIn || state.showing === 'auth') return 'auth';
  return address.view;
}

/**
 * A member whose account waits for a leader's approval, or is suspended, sees the waiting
 * screen in place of every signed-in screen: the server would refuse all of them but their own
 * profile (docs/operations.md, Who may join).
 */
export function screenForMember<S extends string>(
  screen: S,
  status: AccountStatus | undefined,
): S | 'waiting' {
  const held = status === 'pending' || status === 'suspended';
  return held && (SIGNED_IN_VIEWS as readonly string[]).includes(screen) ? 'waiting' : screen;
}

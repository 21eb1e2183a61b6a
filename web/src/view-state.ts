/**
 * The root view switch (docs/product.md section 2): no URL router, one view held in state. `ready` turns true
 * once the first auth check has finished, so the full-screen spinner shows only while the session
 * is first restored and never hides a screen in the middle of its work.
 *
 * Each change of signed-in screen is also a browser history entry (lib/view-history.ts): Back
 * and Forward move between screens, and a reload stays where it was (`saved`).
 */
import type { AccountStatus } from '@scout/protocol/auth';
import type { DashboardTab } from './frame/nav-tabs.ts';

export type View = 'auth' | 'dashboard' | 'profile' | 'calendar' | 'members' | 'analytics';
export type Screen = View | 'loading';
/** Screens a signed-in member moves between (the frame's tabs, the avatar menu, Back). */
export type SignedInView = Exclude<View, 'auth'>;

export const SIGNED_IN_VIEWS: readonly SignedInView[] = [
  'dashboard',
  'profile',
  'calendar',
  'members',
  'analytics',
];

export interface ViewState {
  ready: boolean;
  view: View;
  /** The dashboard's highlighted tab: only a highlight, it opens nothing. */
  tab: DashboardTab;
  /** The screen this page showed before a reload, taken up once the session is known. */
  saved: SignedInView | null;
}

export type ViewAction =
  /** Auth state finished (re)loading. */
  | { type: 'auth-settled'; signedIn: boolean }
  /** The auth screen finished signing in or signing up. */
  | { type: 'signed-in' }
  | { type: 'signed-out' }
  | { type: 'open'; view: SignedInView; signedIn: boolean; tab?: DashboardTab }
  | { type: 'back' }
  /** Back or Forward reached an entry of this screen. */
  | { type: 'restore'; view: SignedInView }
  | { type: 'tab'; tab: DashboardTab };

export const initialViewState: ViewState = { ready: false, view: 'auth', tab: 'home', saved: null };

/** The state a page starts in, knowing the screen it showed before a reload. */
export const viewStateFor = (saved: SignedInView | null): ViewState => ({
  ...initialViewState,
  saved,
});

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'auth-settled':
      if (!state.ready)
        return {
          ...state,
          ready: true,
          view: action.signedIn ? (state.saved ?? 'dashboard') : 'auth',
          saved: null,
        };
      // A session that appears later (sign-up) is announced by the auth screen, after its message.
      return action.signedIn || state.view === 'auth' ? state : { ...state, view: 'auth' };
    case 'signed-in':
      return { ...state, ready: true, view: 'dashboard', tab: 'home', saved: null };
    case 'signed-out':
      return { ...state, view: 'auth' };
    case 'open':
      if (!action.signedIn) return { ...state, view: 'auth' };
      return { ...state, view: action.view, tab: action.tab ?? state.tab };
    case 'back':
      return state.view === 'auth' ? state : { ...state, view: 'dashboard' };
    case 'restore':
      return state.view === 'auth' ? state : { ...state, view: action.view };
    case 'tab':
      return { ...state, tab: action.tab };
  }
}

/** What to render: a signed-out user always sees auth, whatever view was last chosen. */
export function screenFor(state: ViewState, signedIn: boolean): Screen {
  if (!state.ready) return 'loading';
  if (!signedIn) return 'auth';
  return state.view;
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

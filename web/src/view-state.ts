/**
 * The root view switch (docs/product.md section 2): no URL router, one view held in state. `ready` turns true
 * once the first auth check has finished, so the full-screen spinner shows only while the session
 * is first restored and never hides a screen in the middle of its work.
 */
export type View = 'auth' | 'dashboard' | 'profile' | 'calendar';
export type Screen = View | 'loading';

export interface ViewState {
  ready: boolean;
  view: View;
}

export type ViewAction =
  /** Auth state finished (re)loading. */
  | { type: 'auth-settled'; signedIn: boolean }
  /** The auth screen finished signing in or signing up. */
  | { type: 'signed-in' }
  | { type: 'signed-out' }
  | { type: 'open'; view: 'profile' | 'calendar'; signedIn: boolean }
  | { type: 'back' };

export const initialViewState: ViewState = { ready: false, view: 'auth' };

export function viewReducer(state: ViewState, action: ViewAction): ViewState {
  switch (action.type) {
    case 'auth-settled':
      if (!state.ready) return { ready: true, view: action.signedIn ? 'dashboard' : 'auth' };
      // A session that appears later (sign-up) is announced by the auth screen, after its message.
      return action.signedIn || state.view === 'auth' ? state : { ...state, view: 'auth' };
    case 'signed-in':
      return { ready: true, view: 'dashboard' };
    case 'signed-out':
      return { ...state, view: 'auth' };
    case 'open':
      return { ...state, view: action.signedIn ? action.view : 'auth' };
    case 'back':
      return state.view === 'auth' ? state : { ...state, view: 'dashboard' };
  }
}

/** What to render: a signed-out user always sees auth, whatever view was last chosen. */
export function screenFor(state: ViewState, signedIn: boolean): Screen {
  if (!state.ready) return 'loading';
  if (!signedIn) return 'auth';
  return state.view;
}

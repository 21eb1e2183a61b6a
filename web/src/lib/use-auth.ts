import { useSyncExternalStore } from 'react';
import type { WireUser } from '@scout/protocol/auth';
import { landInTroop, watchForeignTroop, type Session } from './land-in-troop.ts';
import { homeProjectId, projectId, scout } from './sdk.ts';
import { forgetTroopChoice, pageStorage } from './troop-choice.ts';

export interface AuthSnapshot {
  user: WireUser | null;
  isAuthenticated: boolean;
  isLoading: boolean;
}

const LOADING: AuthSnapshot = { user: null, isAuthenticated: false, isLoading: true };

let current: AuthSnapshot = LOADING;
let listening = false;
/** The signed-in person and their access token, for choosing their troop (land-in-troop.ts). */
let session: Session | null = null;
const listeners = new Set<() => void>();

/** One SDK subscription for the app's lifetime; React components read its latest snapshot. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening) {
    listening = true;
    watchForeignTroop(() => session);
    scout.auth.onAuthStateChanged((state) => {
      // Signed out (here, in another tab, or by the server), the next person to sign in here
      // starts in the server's own troop, not in a troop this member chose.
      if (!state.isLoading && !state.isAuthenticated && leaveChosenTroop()) return;
      const signedIn = state.isAuthenticated && state.user ? state.user.id : null;
      const arrived = signedIn !== null && signedIn !== session?.userId;
      session = signedIn ? { userId: signedIn, accessToken: state.tokens?.access_token } : null;
      // Once per person on this page: the troop a link names, or one of theirs (troop-landing.ts).
      if (arrived && session) void landInTroop(session);
      current = {
        user: state.user ?? null,
        isAuthenticated: state.isAuthenticated,
        isLoading: state.isLoading,
      };
      for (const l of listeners) l();
    });
  }
  return () => listeners.delete(listener);
}

const getSnapshot = () => current;

export function useAuth(): AuthSnapshot {
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}

/** Sign-out always ends with the user cleared locally, even when the server cannot be reached. */
export async function signOut(): Promise<void> {
  try {
    await scout.auth.signOut();
  } catch (err) {
    console.warn('Sign-out did not reach the server', err);
  }
}

/**
 * Forgets the troop chosen in the switcher; when the app was calling with it, loads the page
 * again in the server's own troop and answers true.
 */
export function leaveChosenTroop(): boolean {
  if (!forgetTroopChoice(pageStorage(), projectId, homeProjectId)) return false;
  window.location.reload();
  return true;
}

import { useSyncExternalStore } from 'react';
import type { WireUser } from '@scout/protocol/auth';
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
const listeners = new Set<() => void>();

/** One SDK subscription for the app's lifetime; React components read its latest snapshot. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!listening) {
    listening = true;
    scout.auth.onAuthStateChanged((state) => {
      // Signed out (here, in another tab, or by the server), the next person to sign in here
      // starts in the server's own troop, not in a troop this member chose.
      if (!state.isLoading && !state.isAuthenticated && leaveChosenTroop()) return;
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

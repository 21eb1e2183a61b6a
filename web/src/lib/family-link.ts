/**
 * A household invitation link (`/?family=TOKEN`). The token leaves the address bar at once
 * (lib/url-param.ts) and waits in this tab's session storage, so a person who must first sign in
 * or create an account still gets asked to join once they are in.
 */
import { takeUrlParam } from './url-param.ts';

const KEY = 'scout.family-invitation';

function session(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** The invitation this tab was opened with (now or before a sign-in), if any. */
export function pendingFamilyToken(): string | null {
  const fresh = takeUrlParam('family');
  const store = session();
  if (fresh) {
    store?.setItem(KEY, fresh);
    return fresh;
  }
  return store?.getItem(KEY) ?? null;
}

/** The invitation kept in this tab, without looking at the address (the root view took it). */
export const storedFamilyToken = (): string | null => session()?.getItem(KEY) ?? null;

export function forgetFamilyToken(): void {
  session()?.removeItem(KEY);
}

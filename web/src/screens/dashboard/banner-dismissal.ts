/**
 * A dismissed verification banner stays away for the rest of the browser tab's visit, for that
 * account only: coming back from the profile or the calendar, or reloading, does not bring it
 * back, and a new visit (or another account) sees it again while the address is unverified.
 */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export const dismissalKey = (userId: string) => `scout_verify_banner_dismissed_${userId}`;

/** Storage can be missing or refuse access (private modes, blocked cookies): the banner still works. */
export function wasDismissed(store: KeyValueStore | null, userId: string): boolean {
  try {
    return store?.getItem(dismissalKey(userId)) === '1';
  } catch {
    return false;
  }
}

export function rememberDismissal(store: KeyValueStore | null, userId: string): void {
  try {
    store?.setItem(dismissalKey(userId), '1');
  } catch {
    // Not remembered: the banner is hidden until the page is loaded again.
  }
}

export function tabStore(): KeyValueStore | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

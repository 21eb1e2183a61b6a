/**
 * Links the server hands out that open the app with a one-time token: the first-admin setup
 * link (`/?setup=TOKEN`, docs/operations.md), invitations (`/?invite=TOKEN`) and household
 * invitations (`/?family=TOKEN`). The token is read once at start and taken out of the address
 * bar, so it is neither bookmarked nor left in history; the path, which names the screen
 * (protocol/src/app-paths.ts), is kept.
 */
export function takeUrlParam(name: 'setup' | 'invite' | 'family'): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const token = url.searchParams.get(name);
  if (token === null) return null;
  url.searchParams.delete(name);
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  return token.trim() || null;
}

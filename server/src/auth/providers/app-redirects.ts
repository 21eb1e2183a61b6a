/**
 * Where a finished app sign-in may send its one-time code (RFC 8252, docs/decisions/
 * 018-mobile-sign-in.md): back to the device the person signed in on, and nowhere else.
 *
 * - A loopback address, `http://127.0.0.1:<port>/...` or `http://[::1]:<port>/...`, on any
 *   port (RFC 8252 7.3): only a program on the same machine can listen there. `localhost` by
 *   name is refused (8.3): a name may be resolved elsewhere.
 * - A redirect the troop registered in APP_REDIRECT_URIS, matched exactly: its app's
 *   private-use scheme (`org.troop214.app:/signed-in`, a reverse domain name, 7.1) or an https
 *   address the app claims (7.2).
 */

/** Longer than any redirect an app needs; anything bigger is refused unread. */
const REDIRECT_MAX_LENGTH = 2048;
/** A private-use scheme is a reverse domain name (RFC 8252 7.1): it holds a period. */
const PRIVATE_SCHEME = /^[a-z][a-z0-9+-]*(\.[a-z0-9+-]+)+:$/;
const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]']);

/** Reads APP_REDIRECT_URIS's entries; a bad one throws a message naming it. */
export function parseAppRedirectUris(entries: string[]): string[] {
  return entries.map((entry) => {
    let url: URL;
    try {
      url = new URL(entry);
    } catch {
      throw new Error(`APP_REDIRECT_URIS: "${entry}" is not an address`);
    }
    const claimed = url.protocol === 'https:';
    if (!claimed && !PRIVATE_SCHEME.test(url.protocol))
      throw new Error(
        `APP_REDIRECT_URIS: "${entry}" must use the app's own scheme (a reverse domain name such as org.example.app:/signed-in) or https`,
      );
    if (url.hash || url.username || url.password)
      throw new Error(`APP_REDIRECT_URIS: "${entry}" may not hold a fragment or credentials`);
    return url.href;
  });
}

/** The app's redirect as given, when the server may send a code there; else undefined. */
export function appRedirect(registered: readonly string[], raw: string | undefined) {
  if (raw === undefined || raw.length > REDIRECT_MAX_LENGTH) return undefined;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.hash || url.username || url.password) return undefined;
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return url.href;
  return registered.includes(url.href) ? url.href : undefined;
}

/** The source a page's CSP names so that a form may end at the app: its origin, or its scheme. */
export function appRedirectSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.origin === 'null' ? url.protocol : url.origin;
}

/**
 * Every screen and every event at its own address (docs/decisions/061-screen-addresses.md). The
 * address is what the web app's root view shows (web/src/app.tsx): these two pure functions read a pathname into
 * the screen it names and write one back, so reload, Back and Forward, a new tab and a link
 * pasted into a chat land on the same thing. Signed out, every address shows the sign-in screen
 * and keeps the address, so signing in (by password, provider or emailed link, which all
 * return to the page they started on) lands on it.
 *
 * Here, in protocol/, so the server's mails link to the very paths the app reads
 * (server/src/notices/event-address.ts); the server serves the app at every path outside the
 * API (server/src/http/spa.ts).
 *
 * A path carries no troop. An address of a troop other than the server's own names it in the
 * `troop` query parameter (`/calendar/events/e1?troop=troop-45`), so a mail's link opens in its
 * troop on any browser; the server's own troop's addresses stay as they always were
 * (docs/decisions/061-screen-addresses.md).
 */

/** An event, or one occurrence of a series: the series' id and the date the series gives it. */
export interface EventAddress {
  id: string;
  /** YYYY-MM-DD, the occurrence's date before any move; absent for a single event. */
  date?: string;
}

export type Address =
  | {
      view:
        | 'dashboard'
        | 'profile'
        | 'members'
        | 'analytics'
        | 'troops'
        | 'council'
        | 'volunteer'
        | 'not-found';
    }
  | { view: 'calendar'; event?: EventAddress }
  /** The newsletter archive, or one post of it. */
  | { view: 'newsletter'; post?: string }
  /** The social feed, or one post's thread. */
  | { view: 'social'; post?: string };

/**
 * The screens with an address of their own, each the path of its name: `troops` is the platform
 * admin's list of the server's troops and councils, `council` a council's view of its troops,
 * `volunteer` the sign-up sheets across upcoming events.
 */
type NamedView =
  'profile' | 'members' | 'analytics' | 'calendar' | 'troops' | 'council' | 'volunteer';
const NAMED: readonly NamedView[] = [
  'profile',
  'members',
  'analytics',
  'calendar',
  'troops',
  'council',
  'volunteer',
];

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function decoded(part: string): string | null {
  try {
    const text = decodeURIComponent(part);
    return text.trim() === '' ? null : text;
  } catch {
    return null;
  }
}

function eventAddress(parts: readonly string[]): EventAddress | null {
  const [rawId, rawDate, ...rest] = parts;
  if (rawId === undefined || rest.length > 0) return null;
  const id = decoded(rawId);
  if (id === null) return null;
  if (rawDate === undefined) return { id };
  return DATE.test(rawDate) ? { id, date: rawDate } : null;
}

/** The screen a pathname names; a path the app does not know is `not-found`. */
export function addressOf(pathname: string): Address {
  const parts = pathname.split('/').filter((p) => p !== '');
  const [first, second, ...rest] = parts;
  if (first === undefined || (first === 'dashboard' && second === undefined))
    return { view: 'dashboard' };
  if (first === 'calendar' && second === 'events') {
    const event = eventAddress(rest);
    return event ? { view: 'calendar', event } : { view: 'not-found' };
  }
  if (first === 'newsletter') {
    if (second === undefined) return { view: 'newsletter' };
    const post = rest.length === 0 ? decoded(second) : null;
    return post === null ? { view: 'not-found' } : { view: 'newsletter', post };
  }
  if (first === 'social') {
    if (second === undefined) return { view: 'social' };
    const [rawPost, ...more] = rest;
    const post =
      second === 'posts' && rawPost !== undefined && more.length === 0 ? decoded(rawPost) : null;
    return post === null ? { view: 'not-found' } : { view: 'social', post };
  }
  const named = NAMED.find((v) => v === first);
  return named && second === undefined ? { view: named } : { view: 'not-found' };
}

/** The path of an event, or of one occurrence of a series when `date` is given. */
export const eventPath = (id: string, date?: string): string =>
  `/calendar/events/${encodeURIComponent(id)}${date ? `/${date}` : ''}`;

/** The path of one newsletter post. */
export const newsletterPostPath = (id: string): string => `/newsletter/${encodeURIComponent(id)}`;

/** The path of one social post, its thread. */
export const socialPostPath = (id: string): string => `/social/posts/${encodeURIComponent(id)}`;

/** The path of a screen; the dashboard's is the app's root. */
export function pathOf(address: Address): string {
  if (address.view === 'calendar' && address.event)
    return eventPath(address.event.id, address.event.date);
  if (address.view === 'newsletter' && address.post) return newsletterPostPath(address.post);
  if (address.view === 'social' && address.post) return socialPostPath(address.post);
  if (address.view === 'dashboard' || address.view === 'not-found') return '/';
  return `/${address.view}`;
}

/** The query parameter of an app address that names its troop by project id. */
export const TROOP_PARAM = 'troop';

/**
 * `path` (with or without a query of its own) as an address of the troop `projectId`: naming it
 * in the `troop` parameter, unless it is the server's own troop (`home`, or none given), whose
 * addresses stay as they always were.
 */
export function troopAddress(path: string, projectId: string | undefined, home: string): string {
  if (projectId === undefined || projectId === home) return path;
  const joiner = path.includes('?') ? '&' : '?';
  return `${path}${joiner}${TROOP_PARAM}=${encodeURIComponent(projectId)}`;
}

/** The troop an address's query (`location.search`) names, or null when it names none. */
export function troopInQuery(search: string): string | null {
  const named = new URLSearchParams(search).get(TROOP_PARAM)?.trim();
  return named ? named : null;
}

/** The query without its troop, as `location.search` writes it ('' when nothing is left). */
export function queryWithoutTroop(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(TROOP_PARAM);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

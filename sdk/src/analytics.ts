/**
 * `client.analytics`: the event stream existing clients send (docs/product.md sections 3 and 9;
 * what the server keeps: docs/operations.md, Analytics). A pageview at start and on every history
 * change, `log(type, data)` for the rest; nothing is sent under Do Not Track.
 */
import { channelOf } from '@scout/protocol/analytics-channel';
import {
  truncateStrings,
  type AnalyticsEvent,
  type AnalyticsPeriod,
  type AnalyticsStats,
} from '@scout/protocol/analytics';
import type { AuthClient } from './auth/auth-client.ts';
import type { StorageLike } from './auth/token-store.ts';
import type { WindowLike } from './browser.ts';
import type { FetchLike, HttpClient } from './http.ts';
import { AnalyticsQueue } from './analytics-queue.ts';
import { ScoutError } from './errors.ts';
import { clearVisitAttribution, touchVisit } from './analytics-session.ts';

/** The browser features analytics reads besides those of WindowLike; all optional. */
export interface AnalyticsWindow extends WindowLike {
  document?: { referrer?: string };
  screen?: { width?: number };
  navigator?: {
    doNotTrack?: string | null;
    sendBeacon?(url: string, data?: string): boolean;
  };
  history?: {
    replaceState(data: unknown, unused: string, url?: string | null): void;
    pushState?(data: unknown, unused: string, url?: string | null): void;
    state?: unknown;
  };
}

export interface AnalyticsClient {
  /** Queues an event; `data` is spread beside the fixed fields (strings cut to 256 characters). */
  log(type: string, data?: Record<string, unknown>): void;
  enable(): void;
  /** Stops sending and forgets what was waiting. */
  disable(): void;
  /** False when disabled, under Do Not Track, or outside a browser. */
  isEnabled(): boolean;
  /** Who the events are about when no one is signed in (the server keeps it as unverified). */
  setUserId(id: string | null): void;
  setUserEmail(email: string | null): void;
  /** Forgets the visit's campaign and referrer. */
  clearAttribution(): void;
  /** Sends what is waiting now. */
  flush(): Promise<void>;
  /**
   * Sends what is waiting, stops following the page (history changes, page exit) and logs
   * nothing more; `enable()` cannot bring it back. Settles once the last batch was sent or failed.
   */
  destroy(): Promise<void>;
  /** The dashboard's figures (needs `analytics.read`; leaders and admins by default). */
  stats(query: { period: AnalyticsPeriod; from?: string; to?: string }): Promise<AnalyticsStats>;
}

export interface AnalyticsDeps {
  projectId: string;
  http: HttpClient;
  auth: Pick<AuthClient, 'currentUser'>;
  window: AnalyticsWindow | undefined;
  storage: StorageLike;
  now: () => number;
  fetch?: FetchLike;
  /** A pageview at start and on history changes (default true). */
  pageviews?: boolean;
}

const pathOf = (href: string) => {
  try {
    return new URL(href).pathname;
  } catch {
    return '/';
  }
};

export function createAnalytics(deps: AnalyticsDeps): AnalyticsClient {
  const win = deps.window;
  const path = `/api/analytics/${encodeURIComponent(deps.projectId)}/log`;
  const doNotTrack = () => win?.navigator?.doNotTrack === '1';
  let enabled = win !== undefined;
  let userId: string | null = null;
  let userEmail: string | null = null;

  const queue = new AnalyticsQueue({
    storage: deps.storage,
    projectId: deps.projectId,
    // Do Not Track switched on after events were queued (on this page or one before a reload):
    // they are let go unsent, as if they had arrived.
    send: async (events) => {
      if (doNotTrack()) return;
      try {
        await deps.http.post(path, { events }, { retries: 0 });
      } catch (err) {
        // Refused as it is (any 4xx but 408 and 429; a server before docs/decisions/030 answered
        // 413 and 404): sending it again changes nothing, so it is let go rather than resent
        // forever. Failures worth a retry go back in line.
        const status = err instanceof ScoutError ? err.status : undefined;
        if (status === undefined || status === 408 || status === 429 || status >= 500) throw err;
      }
    },
    sendOnExit: (events) => {
      if (doNotTrack()) return true;
      const body = JSON.stringify({ events });
      const url = deps.http.url(path);
      if (win?.navigator?.sendBeacon) return win.navigator.sendBeacon(url, body);
      const fetchImpl = deps.fetch ?? globalThis.fetch;
      if (!fetchImpl) return false;
      void fetchImpl(url, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
      }).catch(() => undefined);
      return true;
    },
  });

  const log = (type: string, data: Record<string, unknown> = {}) => {
    if (!enabled || doNotTrack() || !win) return;
    const visit = touchVisit({
      storage: deps.storage,
      projectId: deps.projectId,
      now: deps.now,
      landing: () => ({ href: win.location.href, referrer: win.document?.referrer || null }),
    });
    const user = deps.auth.currentUser();
    const event: AnalyticsEvent = {
      type,
      timestamp: new Date(deps.now()).toISOString(),
      project_id: deps.projectId,
      user_id: user?.id ?? userId,
      user_email: user?.email ?? userEmail,
      session_id: visit.id,
      pathname: pathOf(win.location.href),
      referrer: visit.referrer,
      screen_width: win.screen?.width ?? null,
      // Labelled from what the server receives (strings cut to their bound), so both agree.
      channel: channelOf({
        utmMedium: truncateStrings(visit.utm.utm_medium),
        referrer: truncateStrings(visit.referrer),
      }),
      utm_source: visit.utm.utm_source ?? null,
      utm_medium: visit.utm.utm_medium ?? null,
      utm_campaign: visit.utm.utm_campaign ?? null,
      utm_content: visit.utm.utm_content ?? null,
      utm_term: visit.utm.utm_term ?? null,
      ...data,
    };
    queue.push(truncateStrings(event));
  };

  const stopWatching =
    win && deps.pageviews !== false ? watchPages(win, () => log('pageview')) : () => {};
  const onExit = () => queue.flushOnExit();
  win?.addEventListener('pagehide', onExit);
  if (win && deps.pageviews !== false) log('pageview');
  let destroyed = false;

  return {
    log,
    enable: () => {
      enabled = win !== undefined && !destroyed;
    },
    disable: () => {
      enabled = false;
      queue.clear();
    },
    isEnabled: () => enabled && !doNotTrack(),
    setUserId: (id) => {
      userId = id;
    },
    setUserEmail: (email) => {
      userEmail = email;
    },
    clearAttribution: () =>
      clearVisitAttribution({ storage: deps.storage, projectId: deps.projectId }),
    flush: () => queue.flush(),
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      enabled = false;
      stopWatching();
      win?.removeEventListener('pagehide', onExit);
      // A batch that fails now stays stored for the next page's client, as on a reload.
      await queue.flush().catch(() => undefined);
      queue.stop();
    },
    stats: async (query) =>
      (
        await deps.http.get<AnalyticsStats>(
          `/api/analytics/${encodeURIComponent(deps.projectId)}/stats`,
          { query },
        )
      ).data,
  };
}

/**
 * A pageview on every history change: `pushState` (wrapped, as browsers announce it to no one)
 * and back or forward (`popstate`). A change that keeps the path (a query or hash) is no new page.
 */
function watchPages(win: AnalyticsWindow, pageview: () => void): () => void {
  let last = pathOf(win.location.href);
  const changed = () => {
    const now = pathOf(win.location.href);
    if (now === last) return;
    last = now;
    pageview();
  };
  const history = win.history;
  const push = history?.pushState;
  const replace = history?.replaceState;
  const wrappedPush: typeof push = push
    ? (data, unused, url) => {
        push.call(history, data, unused, url);
        changed();
      }
    : undefined;
  const wrappedReplace: typeof replace = replace
    ? (data, unused, url) => {
        replace.call(history, data, unused, url);
        changed();
      }
    : undefined;
  if (history && wrappedPush) history.pushState = wrappedPush;
  if (history && wrappedReplace) history.replaceState = wrappedReplace;
  win.addEventListener('popstate', changed);
  return () => {
    win.removeEventListener('popstate', changed);
    // The originals go back unless something wrapped ours since; then ours stays, and its
    // pageviews are dropped by the destroyed client.
    if (history && push && history.pushState === wrappedPush) history.pushState = push;
    if (history && replace && history.replaceState === wrappedReplace)
      history.replaceState = replace;
  };
}

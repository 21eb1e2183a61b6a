/**
 * A client's analytics module on a fake browser and a fake API, as the analytics unit tests use
 * it: the window reads referrer, screen, Do Not Track, beacons and history.
 */
import type { AnalyticsEvent } from '@scout/protocol/analytics';
import type { WireUser } from '@scout/protocol/auth';
import { createAnalytics, type AnalyticsWindow } from '../src/analytics.ts';
import { HttpClient } from '../src/http.ts';
import { BASE_URL, FakeApi, jsonReply } from './fake-api.ts';
import { FakeStorage, FakeWindow } from './fake-browser.ts';

export const LOG = '/api/analytics/troop-42/log';

/** A browser window with what analytics reads: referrer, screen, Do Not Track, beacons, history. */
export class AnalyticsFakeWindow extends FakeWindow implements AnalyticsWindow {
  readonly beacons: Array<{ url: string; events: AnalyticsEvent[] }> = [];
  document = { referrer: '' };
  screen = { width: 1440 };
  navigator = {
    doNotTrack: null as string | null,
    sendBeacon: (url: string, data?: string) => {
      this.beacons.push({
        url,
        events: (JSON.parse(data ?? '{}') as { events: AnalyticsEvent[] }).events,
      });
      return true;
    },
  };
  constructor(href: string, storage: FakeStorage) {
    super(href, storage);
    Object.assign(this.history, {
      pushState: (_data: unknown, _unused: string, url?: string | null) => {
        if (url) this.location.href = new URL(url, this.location.href).toString();
      },
    });
  }
  go(url: string) {
    (this.history as unknown as { pushState(d: unknown, u: string, url: string): void }).pushState(
      null,
      '',
      url,
    );
  }
}

export function setupAnalytics(
  opts: {
    href?: string;
    referrer?: string;
    storage?: FakeStorage;
    user?: Partial<WireUser> | null;
    pageviews?: boolean;
    dnt?: boolean;
  } = {},
) {
  const api = new FakeApi();
  api.on('POST', LOG, (req) =>
    jsonReply(200, { accepted: (req.body as { events: unknown[] }).events.length, dropped: 0 }),
  );
  const storage = opts.storage ?? new FakeStorage();
  const win = new AnalyticsFakeWindow(opts.href ?? 'https://app.scout.test/', storage);
  win.document.referrer = opts.referrer ?? '';
  if (opts.dnt) win.navigator.doNotTrack = '1';
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  // The request made when the page goes and the browser has no beacons.
  const fetchCalls: Array<{ url: string; init: RequestInit }> = [];
  const analytics = createAnalytics({
    fetch: async (url, init) => {
      fetchCalls.push({ url: String(url), init: init ?? {} });
      return new Response(null, { status: 200 });
    },
    projectId: 'troop-42',
    http,
    auth: { currentUser: () => (opts.user ?? null) as WireUser | null },
    window: win,
    storage,
    now: () => Date.now(),
    pageviews: opts.pageviews ?? true,
  });
  const sent = () =>
    api.calls('POST', LOG).map((r) => (r.body as { events: AnalyticsEvent[] }).events);
  return { api, win, storage, analytics, sent, fetchCalls };
}

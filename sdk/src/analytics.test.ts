import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsEvent } from '@scout/protocol/analytics';
import { queueStorageKey } from './analytics-queue.ts';
import { LOG, setupAnalytics } from '../test/analytics-harness.ts';
import { BASE_URL, errorReply, jsonReply } from '../test/fake-api.ts';
import { FakeStorage } from '../test/fake-browser.ts';

const START = Date.UTC(2026, 5, 1, 12, 0, 0);
const MINUTE = 60_000;

beforeEach(() => {
  vi.useFakeTimers({ now: START });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('analytics: the queue', () => {
  it('sends the start pageview 3 s after it was queued, with every field existing clients send', async () => {
    const { sent } = setupAnalytics({ href: 'https://app.scout.test/calendar?x=1' });
    await vi.advanceTimersByTimeAsync(2999);
    expect(sent()).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent()).toHaveLength(1);
    const [event] = sent()[0]!;
    expect(event).toEqual({
      type: 'pageview',
      timestamp: new Date(START).toISOString(),
      project_id: 'troop-42',
      user_id: null,
      user_email: null,
      session_id: expect.stringMatching(/^sess_\d+_[a-z0-9]+$/),
      pathname: '/calendar',
      referrer: null,
      screen_width: 1440,
      channel: 'Direct',
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_content: null,
      utm_term: null,
    });
  });

  it('sends at most 10 events a request, at once when 10 are waiting', async () => {
    const { analytics, sent } = setupAnalytics({ pageviews: false });
    for (let i = 0; i < 25; i++) analytics.log('click', { n: i });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent().map((b) => b.length)).toEqual([10, 10]);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent().map((b) => b.length)).toEqual([10, 10, 5]);
    expect(
      sent()
        .flat()
        .map((e) => e.n),
    ).toEqual(Array.from({ length: 25 }, (_, i) => i));
  });

  it('puts a failed batch back at the front and sends it, in order, at the next flush', async () => {
    const { api, analytics, sent } = setupAnalytics({ pageviews: false });
    api.on('POST', LOG, (_req, i) =>
      i === 0
        ? errorReply(503, 'SERVICE_UNAVAILABLE', 'down')
        : jsonReply(200, { accepted: 1, dropped: 0 }),
    );
    analytics.log('first');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent()).toHaveLength(1);
    analytics.log('second');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent()[1]!.map((e) => e.type)).toEqual(['first', 'second']);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toHaveLength(2);
  });

  it('lets go of a batch the server refuses as it is (413), instead of resending it forever', async () => {
    const { api, analytics, sent } = setupAnalytics({ pageviews: false });
    api.on('POST', LOG, (_req, i) =>
      i === 0
        ? errorReply(413, 'PAYLOAD_TOO_LARGE', 'too large')
        : jsonReply(200, { accepted: 1, dropped: 0 }),
    );
    analytics.log('huge');
    await vi.advanceTimersByTimeAsync(3000);
    analytics.log('next');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent().map((b) => b.map((e) => e.type))).toEqual([['huge'], ['next']]);
  });

  it('keeps waiting events across a reload and sends them from the next page', async () => {
    const storage = new FakeStorage();
    const before = setupAnalytics({ storage, pageviews: false });
    before.analytics.log('before-reload');
    expect(before.sent()).toHaveLength(0);
    expect(storage.getItem(queueStorageKey('troop-42'))).toContain('before-reload');
    vi.clearAllTimers(); // the page is gone, its timers with it

    const after = setupAnalytics({ storage, pageviews: false });
    await vi.advanceTimersByTimeAsync(3000);
    expect(
      after
        .sent()
        .flat()
        .map((e) => e.type),
    ).toEqual(['before-reload']);
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();
  });

  it('lets events queued before Do Not Track was turned on go unsent, after a reload or as the page goes', async () => {
    const storage = new FakeStorage();
    const before = setupAnalytics({ storage, pageviews: false });
    before.analytics.log('before-reload');
    vi.clearAllTimers();
    const after = setupAnalytics({ storage, pageviews: false, dnt: true });
    await vi.advanceTimersByTimeAsync(3000);
    expect(after.sent()).toHaveLength(0);
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();

    const { analytics, win, sent } = setupAnalytics({ pageviews: false });
    analytics.log('queued');
    win.navigator.doNotTrack = '1';
    win.dispatch('pagehide', {});
    await vi.advanceTimersByTimeAsync(3000);
    expect(win.beacons).toHaveLength(0);
    expect(sent()).toHaveLength(0);
  });

  it('hands waiting events to a keepalive request when the browser has no beacons', async () => {
    const { analytics, win, storage, fetchCalls } = setupAnalytics({ pageviews: false });
    (win.navigator as { sendBeacon?: unknown }).sendBeacon = undefined;
    analytics.log('leaving');
    win.dispatch('pagehide', {});
    expect(fetchCalls).toHaveLength(1);
    expect(fetchCalls[0]!.url).toBe(`${BASE_URL}${LOG}`);
    expect(fetchCalls[0]!.init.keepalive).toBe(true);
    expect(
      JSON.parse(String(fetchCalls[0]!.init.body)).events.map((e: AnalyticsEvent) => e.type),
    ).toEqual(['leaving']);
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();
  });

  it('hands everything waiting to beacons of at most 10 events when the page goes', async () => {
    const { analytics, win, storage, sent } = setupAnalytics({ pageviews: false });
    for (let i = 0; i < 13; i++) analytics.log(`e${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toHaveLength(1); // the first ten are on their way
    for (let i = 13; i < 15; i++) analytics.log(`e${i}`);
    win.dispatch('pagehide', {});
    expect(win.beacons.map((b) => b.events.length)).toEqual([5]);
    expect(win.beacons[0]!.url).toBe(`${BASE_URL}${LOG}`);
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();
  });
});

describe('analytics: flush and destroy send everything waiting', () => {
  it('flush sends a full batch on its way and then the rest: 13 events go as 10 and 3', async () => {
    const { analytics, sent, storage } = setupAnalytics({ pageviews: false });
    for (let i = 0; i < 13; i++) analytics.log(`e${i}`);
    await analytics.flush();
    expect(sent().map((b) => b.length)).toEqual([10, 3]);
    expect(
      sent()
        .flat()
        .map((e) => e.type),
    ).toEqual(Array.from({ length: 13 }, (_, i) => `e${i}`));
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();
  });

  it('destroy at once after 13 events sends them as 10 and 3 and leaves nothing stored', async () => {
    const { analytics, sent, storage } = setupAnalytics({ pageviews: false });
    for (let i = 0; i < 13; i++) analytics.log(`e${i}`);
    await analytics.destroy();
    expect(sent().map((b) => b.length)).toEqual([10, 3]);
    expect(storage.getItem(queueStorageKey('troop-42'))).toBeNull();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toHaveLength(2);
  });

  it('a flush asked for while a batch is on its way waits for it, then sends what came since', async () => {
    const { api, analytics, sent } = setupAnalytics({ pageviews: false });
    let arrive: () => void = () => {};
    api.on('POST', LOG, (req, i) => {
      const reply = jsonReply(200, { accepted: (req.body as { events: unknown[] }).events.length });
      if (i > 0) return reply;
      return new Promise<Response>((resolve) => (arrive = () => resolve(reply)));
    });
    for (let i = 0; i < 10; i++) analytics.log(`e${i}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(sent().map((b) => b.length)).toEqual([10]);
    for (let i = 10; i < 12; i++) analytics.log(`e${i}`);
    let settled = false;
    const flushed = analytics.flush().then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    expect(sent()).toHaveLength(1);
    arrive();
    await flushed;
    expect(sent().map((b) => b.map((e) => e.type))).toEqual([
      Array.from({ length: 10 }, (_, i) => `e${i}`),
      ['e10', 'e11'],
    ]);
  });

  it('a flush asked for while a batch is on its way sends nothing more when that batch fails', async () => {
    const { api, analytics, sent, storage } = setupAnalytics({ pageviews: false });
    let fail: () => void = () => {};
    api.on('POST', LOG, (req, i) => {
      if (i > 0)
        return jsonReply(200, { accepted: (req.body as { events: unknown[] }).events.length });
      return new Promise<Response>(
        (resolve) => (fail = () => resolve(errorReply(503, 'SERVICE_UNAVAILABLE', 'down'))),
      );
    });
    for (let i = 0; i < 11; i++) analytics.log(`e${i}`);
    await vi.advanceTimersByTimeAsync(0);
    const flushed = analytics.flush();
    fail();
    await flushed;
    expect(sent().map((b) => b.length)).toEqual([10]);
    expect(JSON.parse(storage.getItem(queueStorageKey('troop-42'))!)).toHaveLength(11);
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent().map((b) => b.length)).toEqual([10, 10, 1]);
  });
});

describe('analytics: visits and attribution', () => {
  it('keeps one session while active and starts a new one after 30 minutes idle', async () => {
    const { analytics, sent } = setupAnalytics({ pageviews: false });
    analytics.log('a');
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    analytics.log('b');
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    analytics.log('c');
    await vi.advanceTimersByTimeAsync(31 * MINUTE);
    analytics.log('d');
    await vi.advanceTimersByTimeAsync(3000);
    const ids = sent()
      .flat()
      .map((e) => e.session_id);
    expect(ids[0]).toBe(ids[1]);
    expect(ids[1]).toBe(ids[2]);
    expect(ids[3]).not.toBe(ids[2]);
    expect(ids[3]).toMatch(/^sess_\d+_/);
  });

  it('keeps the landing page’s UTM values for the whole visit, and labels its channel', async () => {
    const { win, sent } = setupAnalytics({
      href: 'https://app.scout.test/?utm_source=newsletter&utm_medium=email&utm_campaign=spring&utm_content=top&utm_term=camp',
    });
    win.go('/calendar');
    await vi.advanceTimersByTimeAsync(3000);
    const events = sent().flat();
    expect(events.map((e) => e.pathname)).toEqual(['/', '/calendar']);
    for (const e of events)
      expect(e).toMatchObject({
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_content: 'top',
        utm_term: 'camp',
        channel: 'Email',
      });
  });

  it('labels the channel from the referrer, and clearAttribution makes later events Direct', async () => {
    const { analytics, sent } = setupAnalytics({
      referrer: 'https://www.google.com/search?q=troop',
      pageviews: false,
    });
    analytics.log('landed');
    analytics.clearAttribution();
    analytics.log('later');
    await vi.advanceTimersByTimeAsync(3000);
    expect(
      sent()
        .flat()
        .map((e) => [e.channel, e.referrer]),
    ).toEqual([
      ['Organic Search', 'https://www.google.com/search?q=troop'],
      ['Direct', null],
    ]);
  });

  it('sends a pageview on every history change of path, not for a query or hash change', async () => {
    const { win, sent } = setupAnalytics();
    win.go('/profile');
    win.go('/profile?tab=2');
    win.history.replaceState(null, '', '/profile#top');
    win.location.href = 'https://app.scout.test/dashboard';
    win.dispatch('popstate', {});
    await vi.advanceTimersByTimeAsync(3000);
    expect(
      sent()
        .flat()
        .map((e) => e.pathname),
    ).toEqual(['/', '/profile', '/dashboard']);
  });
});

describe('analytics: what is sent', () => {
  it('spreads custom data at the top level and cuts every string to 253 characters plus ...', async () => {
    const { analytics, sent } = setupAnalytics({ pageviews: false });
    analytics.log('note', { text: 'x'.repeat(300), nested: { tags: ['y'.repeat(260)] }, count: 3 });
    await vi.advanceTimersByTimeAsync(3000);
    const [event] = sent()[0]!;
    expect(event!.text).toBe(`${'x'.repeat(253)}...`);
    expect((event!.nested as { tags: string[] }).tags[0]).toBe(`${'y'.repeat(253)}...`);
    expect(event!.count).toBe(3);
  });

  it('sends the signed-in member as the user, else what setUserId and setUserEmail say', async () => {
    const signedOut = setupAnalytics({ pageviews: false });
    signedOut.analytics.setUserId('guest-7');
    signedOut.analytics.setUserEmail('guest@troop42.test');
    signedOut.analytics.log('x');
    const signedIn = setupAnalytics({
      pageviews: false,
      user: { id: 'u1', email: 'kim@troop42.test' },
    });
    signedIn.analytics.setUserId('guest-7');
    signedIn.analytics.log('y');
    await vi.advanceTimersByTimeAsync(3000);
    expect(signedOut.sent()[0]![0]).toMatchObject({
      user_id: 'guest-7',
      user_email: 'guest@troop42.test',
    });
    expect(signedIn.sent()[0]![0]).toMatchObject({ user_id: 'u1', user_email: 'kim@troop42.test' });
  });

  it('sends nothing under Do Not Track, and nothing once disabled until enabled again', async () => {
    const dnt = setupAnalytics({ dnt: true });
    dnt.analytics.log('x');
    dnt.analytics.enable();
    dnt.analytics.log('y');
    await vi.advanceTimersByTimeAsync(3000);
    expect(dnt.sent()).toHaveLength(0);
    expect(dnt.analytics.isEnabled()).toBe(false);

    const { analytics, sent } = setupAnalytics({ pageviews: false });
    analytics.log('queued-then-dropped');
    analytics.disable();
    expect(analytics.isEnabled()).toBe(false);
    analytics.log('ignored');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sent()).toHaveLength(0);
    analytics.enable();
    analytics.log('sent');
    await vi.advanceTimersByTimeAsync(3000);
    expect(
      sent()
        .flat()
        .map((e) => e.type),
    ).toEqual(['sent']);
  });
});

describe('analytics.stats', () => {
  it('reads the dashboard figures of a period', async () => {
    const { api, analytics } = setupAnalytics({ pageviews: false });
    api.on('GET', '/api/analytics/troop-42/stats', () => jsonReply(200, { totals: { visits: 3 } }));
    const stats = await analytics.stats({ period: 'custom', from: '2026-06-01', to: '2026-06-03' });
    expect(stats.totals.visits).toBe(3);
    const [req] = api.calls('GET', '/api/analytics/troop-42/stats');
    expect(Object.fromEntries(req!.query)).toEqual({
      period: 'custom',
      from: '2026-06-01',
      to: '2026-06-03',
    });
  });
});

describe('analytics.destroy', () => {
  it('sends what was waiting, then follows the page no more and logs nothing, even when enabled', async () => {
    const { win, analytics, sent } = setupAnalytics();
    analytics.log('before');
    await analytics.destroy();
    expect(
      sent()
        .flat()
        .map((e) => e.type),
    ).toEqual(['pageview', 'before']);
    win.go('/calendar');
    analytics.enable();
    analytics.log('after');
    win.dispatch('pagehide', {});
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sent()).toHaveLength(1);
    expect(win.beacons).toEqual([]);
    expect(analytics.isEnabled()).toBe(false);
  });

  it('gives the page its own history functions back', async () => {
    const storage = new FakeStorage();
    const { win, analytics } = setupAnalytics({ storage });
    const wrapped = win.history.replaceState;
    await analytics.destroy();
    expect(win.history.replaceState).not.toBe(wrapped);
    win.history.replaceState(null, '', '/profile');
    expect(win.location.href).toBe('https://app.scout.test/profile');
  });
});

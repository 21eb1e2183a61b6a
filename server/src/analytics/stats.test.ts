import { afterEach, describe, expect, it } from 'vitest';
import type { AnalyticsStats } from '@scout/protocol/analytics';
import { bearer, signUp } from '../../test/auth.ts';
import { analyticsEvent, logEvents } from '../../test/analytics.ts';
import { forgetAccount } from '../auth/session-check.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-06-10T16:00:00Z'); // noon in New York, the default TIMEZONE
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

async function signUpAs(t: TestApp, role: string) {
  const session = await signUp(t);
  await t.deps.store.query('UPDATE users SET role = ? WHERE id = ?', [role, session.user.id]);
  forgetAccount(t.deps.store, session.user.id);
  return session.access_token;
}

const at = (ms: number) => new Date(ms).toISOString();

function stats(t: TestApp, query: string, token?: string) {
  return t.app.inject({
    method: 'GET',
    url: `/api/analytics/${t.deps.config.projectId}/stats?${query}`,
    ...(token ? { headers: bearer(token) } : {}),
  });
}

/** Three visits: two this morning, one eight days ago. */
async function seed(t: TestApp) {
  const e = (fields: Parameters<typeof analyticsEvent>[1]) => analyticsEvent(t, fields);
  await logEvents(t, {
    events: [
      e({
        session_id: 'sess_1_a',
        timestamp: at(NOW - 60 * MINUTE),
        pathname: '/',
        referrer: 'https://www.google.com/search?q=troop',
        screen_width: 1440,
      }),
      e({
        session_id: 'sess_1_a',
        timestamp: at(NOW - 58 * MINUTE),
        pathname: '/calendar',
        referrer: 'https://www.google.com/search?q=troop',
        screen_width: 1440,
      }),
      e({
        session_id: 'sess_1_b',
        timestamp: at(NOW - 2 * MINUTE),
        pathname: '/',
        utm_medium: 'email',
        utm_campaign: 'spring',
        screen_width: 400,
      }),
      e({
        session_id: 'sess_1_b',
        timestamp: at(NOW - MINUTE),
        type: 'signup',
        pathname: '/',
        screen_width: 400,
      }),
      e({ session_id: 'sess_1_c', timestamp: at(NOW - 8 * DAY), pathname: '/profile' }),
    ],
  });
}

describe.each(testStoreKinds)('GET /api/analytics/:projectId/stats (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('is for analytics.read only: 401 signed out, 403 for a member, 200 for leaders and admins', async () => {
    t = await buildTestApp({ store: kind });
    expect((await stats(t, 'period=7d')).statusCode).toBe(401);
    const member = await signUpAs(t, 'user');
    const refused = await stats(t, 'period=7d', member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/analytics\.read/);
    for (const role of ['leader', 'admin'])
      expect((await stats(t, 'period=7d', await signUpAs(t, role))).statusCode).toBe(200);
  });

  it('answers visitors, visits, pageviews, bounce rate, duration, the chart and every breakdown', async () => {
    t = await buildTestApp({ store: kind });
    t.clock.set(NOW);
    await seed(t);
    const leader = await signUpAs(t, 'leader');
    const week = (await stats(t, 'period=7d', leader)).json<AnalyticsStats>();
    expect(week.range).toEqual({
      period: '7d',
      from: '2026-06-04',
      to: '2026-06-10',
      timezone: 'America/New_York',
      bucket: 'day',
    });
    expect(week.totals).toEqual({
      visitors: 2,
      visits: 2,
      pageviews: 3,
      bounceRate: 50,
      visitDurationSeconds: 90, // (120 s + 60 s) / 2
    });
    expect(week.series).toHaveLength(7);
    expect(week.series[6]).toEqual({ label: '2026-06-10', visitors: 2, visits: 2, pageviews: 3 });
    expect(week.series.slice(0, 6).every((p) => p.visits === 0)).toBe(true);
    expect(week.topPages).toEqual([
      { name: '/', count: 2 },
      { name: '/calendar', count: 1 },
    ]);
    expect(week.entryPages).toEqual([{ name: '/', count: 2 }]);
    expect(week.channels).toEqual([
      { name: 'Email', count: 1 },
      { name: 'Organic Search', count: 1 },
    ]);
    expect(week.referrers).toEqual([{ name: 'www.google.com', count: 1 }]);
    expect(week.campaigns).toEqual([{ name: 'spring', count: 1 }]);
    expect(week.screenSizes).toEqual([
      { name: 'Desktop', count: 1 },
      { name: 'Mobile', count: 1 },
    ]);
    expect(week.customEvents).toEqual([{ name: 'signup', count: 1 }]);
    expect(week.liveVisitors).toBe(1);

    const month = (await stats(t, 'period=30d', leader)).json<AnalyticsStats>();
    expect(month.totals.visits).toBe(3);
    expect(month.series.find((p) => p.label === '2026-06-02')?.visits).toBe(1);

    const today = (await stats(t, 'period=today', leader)).json<AnalyticsStats>();
    expect(today.range.bucket).toBe('hour');
    expect(today.series.find((p) => p.label === '2026-06-10T11:00')?.visits).toBe(2);

    const custom = (
      await stats(t, 'period=custom&from=2026-06-01&to=2026-06-03', leader)
    ).json<AnalyticsStats>();
    expect(custom.totals.visits).toBe(1);
    expect(custom.topPages).toEqual([{ name: '/profile', count: 1 }]);
  });

  it('refuses a custom range it cannot read with 400', async () => {
    t = await buildTestApp({ store: kind });
    const leader = await signUpAs(t, 'leader');
    for (const q of ['period=custom', 'period=custom&from=2026-02-01&to=2026-01-01', 'period=year'])
      expect((await stats(t, q, leader)).statusCode).toBe(400);
  });
});

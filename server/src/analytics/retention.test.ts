import { afterEach, describe, expect, it } from 'vitest';
import type { AppDeps } from '../deps.ts';
import type { Store } from '../store/store.ts';
import { analyticsEvent, logEvents, nextSessionId, storedEvents } from '../../test/analytics.ts';
import { manualTimers } from '../../test/manual-timers.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { bearer, signIn, signUp } from '../../test/auth.ts';
import { forgetAccount } from '../auth/session-check.ts';
import { purgeExpiredAnalytics, scheduleAnalyticsPurge } from './retention.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(testStoreKinds)('analytics retention (%s)', (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  it('deletes events and visits older than ANALYTICS_RETENTION_DAYS, and keeps the rest', async () => {
    t = await buildTestApp({ store: kind, config: { analyticsRetentionDays: 30 } });
    const old = nextSessionId(t);
    await logEvents(t, { events: [analyticsEvent(t, { session_id: old, pathname: '/old' })] });
    t.clock.advance(20 * DAY);
    const recent = nextSessionId(t);
    await logEvents(t, { events: [analyticsEvent(t, { session_id: recent, pathname: '/new' })] });

    const admin = await signUp(t);
    await t.deps.store.query("UPDATE users SET role = 'admin' WHERE id = ?", [admin.user.id]);
    forgetAccount(t.deps.store, admin.user.id);
    const topPages = async (token = admin.access_token) => {
      const from = new Date(t!.clock.now() - 40 * DAY).toISOString().slice(0, 10);
      const to = new Date(t!.clock.now() + DAY).toISOString().slice(0, 10);
      const res = await t!.app.inject({
        method: 'GET',
        url: `/api/analytics/${t!.deps.config.projectId}/stats?period=custom&from=${from}&to=${to}`,
        headers: bearer(token),
      });
      return res.json().topPages as unknown;
    };
    // Read once, as the dashboard would: hourly counts reach the database within a second.
    expect(await topPages()).toEqual([
      { name: '/new', count: 1 },
      { name: '/old', count: 1 },
    ]);

    expect(await purgeExpiredAnalytics(t.deps)).toBe(0);
    t.clock.advance(11 * DAY);
    expect(await purgeExpiredAnalytics(t.deps)).toBe(1);

    expect((await storedEvents(t)).map((r) => r.pathname)).toEqual(['/new']);
    const { rows } = await t.deps.store.query<{ session_id: string }>(
      'SELECT session_id FROM analytics_sessions',
    );
    expect(rows.map((r) => r.session_id)).toEqual([recent]);
    // The dashboard's top pages forget the old page too.
    const again = (await signIn(t, admin.user.email)).json<{ access_token: string }>();
    expect(await topPages(again.access_token)).toEqual([{ name: '/new', count: 1 }]);
  });

  it('refuses events already older than the retention period', async () => {
    t = await buildTestApp({ store: kind, config: { analyticsRetentionDays: 30 } });
    const res = await logEvents(t, {
      events: [analyticsEvent(t, { timestamp: new Date(t.clock.now() - 31 * DAY).toISOString() })],
    });
    expect(res.json()).toEqual({ accepted: 0, dropped: 1 });
  });
});

describe('the daily analytics purge', () => {
  it('runs a minute after start, then once a day, with the retention cutoff, until stopped', async () => {
    const timers = manualTimers();
    const cutoffs: unknown[] = [];
    const store = {
      query: async (sql: string, params: unknown[] = []) => {
        if (sql.startsWith('DELETE FROM analytics_events')) cutoffs.push(params[0]);
        return { rows: [], rowCount: 0, columns: [] };
      },
    } as unknown as Store;
    const now = Date.UTC(2026, 10, 25);
    const config = { analyticsRetentionDays: 400 } as AppDeps['config'];
    const errors: unknown[] = [];
    const stop = scheduleAnalyticsPurge(
      { store, clock: { now: () => now } as AppDeps['clock'], config },
      (err) => errors.push(err),
      timers,
    );
    await timers.advance(59_000);
    expect(cutoffs).toEqual([]);
    await timers.advance(1_000);
    expect(cutoffs).toEqual([now - 400 * DAY]);
    await timers.advance(2 * DAY);
    expect(cutoffs).toHaveLength(3);
    stop();
    await timers.advance(3 * DAY);
    expect(cutoffs).toHaveLength(3);
    expect(errors).toEqual([]);
  });

  it('reports a failed purge and tries again the next day', async () => {
    const timers = manualTimers();
    let calls = 0;
    const store = {
      query: async () => {
        calls++;
        throw new Error('database is locked');
      },
    } as unknown as Store;
    const errors: unknown[] = [];
    const stop = scheduleAnalyticsPurge(
      {
        store,
        clock: { now: () => Date.now() } as AppDeps['clock'],
        config: { analyticsRetentionDays: 30 } as AppDeps['config'],
      },
      (err) => errors.push(err),
      timers,
    );
    await timers.advance(60_000 + DAY);
    stop();
    expect(calls).toBe(2);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      'database is locked',
      'database is locked',
    ]);
  });
});

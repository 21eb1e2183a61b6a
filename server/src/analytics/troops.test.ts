/**
 * Analytics are a troop's (docs/decisions/065-troops.md): events sent to a troop's address are
 * its own, and its dashboard counts them alone, in its time zone; another troop's visits,
 * pages and custom events are not in its figures, even under a visit id it used too.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addUnit, joinUnit } from '../../test/troops.ts';
import type { AnalyticsStats } from '@scout/protocol/analytics';
import { analyticsEvent, logEvents } from '../../test/analytics.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const NOW = Date.parse('2026-06-10T16:00:00Z');
const MINUTE = 60_000;
const at = (ms: number) => new Date(ms).toISOString();

describe.each(testStoreKinds)("a troop's analytics (%s)", (kind) => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  async function twoTroops() {
    const app = await buildTestApp({ store: kind });
    t = app;
    app.clock.set(NOW);
    await addUnit(app, {
      id: 't45',
      number: '45',
      projectId: 'troop-45',
      timeZone: 'America/Denver',
    });
    const firstAdmin = await bearer(app, 'admin-1', 'admin');
    const admin45 = await bearer(app, 'admin-45', 'user');
    await joinUnit(app, 'admin-45', 't45', 'admin');
    return { app, firstAdmin, admin45 };
  }

  const stats = async (app: TestApp, projectId: string, auth: string) => {
    const res = await app.app.inject({
      method: 'GET',
      url: `/api/analytics/${projectId}/stats?period=7d`,
      headers: { authorization: auth },
    });
    expect(res.statusCode).toBe(200);
    return res.json<AnalyticsStats>();
  };

  it("counts each troop's events in its own figures only", async () => {
    const { app, firstAdmin, admin45 } = await twoTroops();
    const e = (fields: Parameters<typeof analyticsEvent>[1]) => analyticsEvent(app, fields);
    const first = await logEvents(app, {
      events: [
        e({ session_id: 'sess_a', timestamp: at(NOW - 30 * MINUTE), pathname: '/' }),
        e({ session_id: 'sess_a', timestamp: at(NOW - 29 * MINUTE), pathname: '/calendar' }),
        e({ session_id: 'sess_a', timestamp: at(NOW - 28 * MINUTE), type: 'signup' }),
      ],
    });
    expect(first.json()).toMatchObject({ accepted: 3, dropped: 0 });
    const theirs = (fields: Parameters<typeof analyticsEvent>[1]) =>
      e({ project_id: 'troop-45', ...fields });
    const other = await logEvents(
      app,
      {
        events: [
          theirs({ session_id: 'sess_b', timestamp: at(NOW - 20 * MINUTE), pathname: '/camp' }),
          theirs({ session_id: 'sess_b', timestamp: at(NOW - MINUTE), type: 'rsvp' }),
          // The first troop's visit id, sent to troop 45: nothing of it joins that visit.
          theirs({ session_id: 'sess_a', timestamp: at(NOW - 10 * MINUTE), pathname: '/camp' }),
        ],
      },
      { projectId: 'troop-45' },
    );
    expect(other.json()).toMatchObject({ accepted: 3, dropped: 0 });

    const ours = await stats(app, app.deps.config.projectId, firstAdmin);
    expect(ours.totals).toMatchObject({ visits: 1, pageviews: 2 });
    expect(ours.topPages.map((p) => p.name).sort()).toEqual(['/', '/calendar']);
    expect(ours.customEvents).toEqual([{ name: 'signup', count: 1 }]);
    // Troop 45's visitor is live; none of the first troop's is.
    expect(ours.liveVisitors).toBe(0);

    const them = await stats(app, 'troop-45', admin45);
    expect(them.range.timezone).toBe('America/Denver');
    expect(them.totals).toMatchObject({ visits: 1, pageviews: 1 });
    expect(them.topPages).toEqual([{ name: '/camp', count: 2 }]);
    expect(them.customEvents).toEqual([{ name: 'rsvp', count: 1 }]);
    expect(them.liveVisitors).toBe(1);
  });

  it("takes a batch signed by an account of another troop as a visitor's, not a member's", async () => {
    const { app, firstAdmin } = await twoTroops();
    const res = await logEvents(
      app,
      { events: [analyticsEvent(app, { project_id: 'troop-45', user_id: 'admin-1' })] },
      { projectId: 'troop-45', headers: { authorization: firstAdmin } },
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ accepted: 1 });
    const { rows } = await app.deps.store.query<{ user_id: string | null; troop_id: string }>(
      'SELECT user_id, claimed_user_id, troop_id FROM analytics_events',
    );
    expect(rows).toEqual([{ user_id: null, claimed_user_id: 'admin-1', troop_id: 't45' }]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import { migrate } from '../store/migrate.ts';
import type { Store } from '../store/store.ts';
import type { EventRow } from './event-intake.ts';
import { createHourlyCounter, hourlyCountsOf } from './hourly-counts.ts';

const HOUR = 3_600_000;
const row = (ts: number, pathname: string, type = 'pageview', troop_id = 'troop-1') =>
  ({ ts, pathname, type, troop_id }) as EventRow;

describe('hourlyCountsOf', () => {
  it('counts by troop, hour, type and path, in key order', () => {
    expect(
      hourlyCountsOf([
        row(2 * HOUR + 5, '/b'),
        row(HOUR + 1, '/b'),
        row(HOUR + 2, '/a'),
        row(HOUR + 3, '/b'),
        row(HOUR + 4, '/a', 'signup'),
        row(HOUR + 5, '/a', 'pageview', 't45'),
      ]),
    ).toEqual([
      ['t45', HOUR, 'pageview', '/a', 1],
      ['troop-1', HOUR, 'pageview', '/a', 1],
      ['troop-1', HOUR, 'pageview', '/b', 2],
      ['troop-1', HOUR, 'signup', '/a', 1],
      ['troop-1', 2 * HOUR, 'pageview', '/b', 1],
    ]);
  });
});

describe.each(testStoreKinds)('the hourly counter (%s)', (kind) => {
  let store: Store | undefined;
  afterEach(async () => store?.close());

  const stored = async (s: Store) =>
    (
      await s.query<{ pathname: string; events: number }>(
        'SELECT pathname, events FROM analytics_hourly ORDER BY pathname',
      )
    ).rows.map((r) => [r.pathname, Number(r.events)]);

  it('adds what it was given to the stored counts, and keeps counts a failed write could not store', async () => {
    const s = (store = await openTestStore(kind));
    let failNext = false;
    const flaky = {
      dialect: s.dialect,
      query: (sql: string, params?: readonly unknown[]) => {
        if (failNext) {
          failNext = false;
          return Promise.reject(new Error('connection lost'));
        }
        return s.query(sql, params);
      },
    } as Store;
    const errors: unknown[] = [];
    const counter = createHourlyCounter(flaky, (err) => errors.push(err));
    counter.add([row(HOUR, '/a'), row(HOUR, '/b')]);
    await counter.flush();
    counter.add([row(HOUR, '/a')]);
    failNext = true;
    await expect(counter.flush()).rejects.toThrow('connection lost');
    counter.add([row(HOUR, '/a')]);
    await counter.close();
    expect(await stored(s)).toEqual([
      ['/a', 3],
      ['/b', 1],
    ]);
    expect(errors).toEqual([]);
  });
});

describe.each(testStoreKinds)('upgrading to hourly counts per troop (%s)', (kind) => {
  let store: Store | undefined;
  afterEach(async () => store?.close());

  it("keeps the first troop's counts and counts another troop's kept events in its own rows", async () => {
    const s = (store = await openTestStore(kind, { upTo: 46 }));
    await s.query(
      "INSERT INTO troops (id, project_id, created_at) VALUES ('t45', 'troop-45', '2026-01-01T00:00:00.000Z')",
    );
    await s.query(
      "INSERT INTO analytics_hourly (hour, type, pathname, events) VALUES (?, 'pageview', '/', 3)",
      [HOUR],
    );
    const event = (troop: string, ts: number, pathname: string) =>
      s.query(
        `INSERT INTO analytics_events (session_id, ts, type, pathname, visitor, channel, troop_id)
         VALUES (?, ?, 'pageview', ?, 'v', 'direct', ?)`,
        [`s${ts}`, ts, pathname, troop],
      );
    await event('t45', HOUR + 1, '/camp');
    await event('t45', HOUR + 2, '/camp');
    await event('t45', 2 * HOUR + 1, '/camp');

    await migrate(s);
    const { rows } = await s.query<{
      troop_id: string;
      hour: number;
      pathname: string;
      events: number;
    }>('SELECT troop_id, hour, pathname, events FROM analytics_hourly ORDER BY troop_id, hour');
    expect(rows.map((r) => [r.troop_id, Number(r.hour), r.pathname, Number(r.events)])).toEqual([
      ['t45', HOUR, '/camp', 2],
      ['t45', 2 * HOUR, '/camp', 1],
      ['troop-1', HOUR, '/', 3],
    ]);
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { openTestStore, testStoreKinds } from '../../test/test-app.ts';
import type { Store } from '../store/store.ts';
import type { EventRow } from './event-intake.ts';
import { createHourlyCounter, hourlyCountsOf } from './hourly-counts.ts';

const HOUR = 3_600_000;
const row = (ts: number, pathname: string, type = 'pageview') =>
  ({ ts, pathname, type }) as EventRow;

describe('hourlyCountsOf', () => {
  it('counts by hour, type and path, in key order', () => {
    expect(
      hourlyCountsOf([
        row(2 * HOUR + 5, '/b'),
        row(HOUR + 1, '/b'),
        row(HOUR + 2, '/a'),
        row(HOUR + 3, '/b'),
        row(HOUR + 4, '/a', 'signup'),
      ]),
    ).toEqual([
      [HOUR, 'pageview', '/a', 1],
      [HOUR, 'pageview', '/b', 2],
      [HOUR, 'signup', '/a', 1],
      [2 * HOUR, 'pageview', '/b', 1],
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

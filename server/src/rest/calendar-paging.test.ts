/**
 * The calendar's reads at size (bench/growth.ts measures them): pages by date and time through
 * a cursor, and estimated counts that stop costing more past ESTIMATED_COUNT_EXACT_UP_TO rows.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { ESTIMATED_COUNT_EXACT_UP_TO } from './count-rows.ts';

async function addEvents(t: TestApp, owner: string, count: number, dates: number) {
  const now = new Date(t.clock.now()).toISOString();
  for (let start = 0; start < count; start += 500) {
    const n = Math.min(500, count - start);
    const params: unknown[] = [];
    for (let i = start; i < start + n; i++) {
      // Few dates and times, so ties are everywhere and the id decides.
      const day = String((i % dates) + 1).padStart(2, '0');
      const hour = String((i * 7) % 3).padStart(2, '0');
      params.push(`e${String(i).padStart(6, '0')}`, owner, `Event ${i}`, `2026-05-${day}`);
      params.push(`${hour}:00`, now, now);
    }
    await t.deps.store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at) VALUES ${Array.from({ length: n }, () => '(?, ?, ?, ?, ?, ?, ?)').join(', ')}`,
      params,
    );
  }
}

describe.each(testStoreKinds)('calendar paging and counts (%s)', (kind) => {
  let t: TestApp;
  let a: TestMember;
  afterEach(async () => t?.close());

  const total = async (query: string, prefer: string) =>
    Number(
      /\/(\d+)$/.exec(
        String(
          (await callRest(t, 'GET', `calendar_events?${query}`, { token: a.token, prefer }))
            .headers['content-range'],
        ),
      )?.[1],
    );

  it('walks every event once by date and time, page after page, either way', async () => {
    t = await buildTestApp({ store: kind });
    a = await addMember(t, 'member-a');
    await addEvents(t, a.id, 257, 5);
    for (const dir of ['asc', 'desc']) {
      const order = `order=event_date.${dir},event_time.${dir}`;
      const all = (
        await callRest(t, 'GET', `calendar_events?select=id&${order}`, { token: a.token })
      ).json<Array<{ id: string }>>();
      const walked: string[] = [];
      let cursor = '';
      for (let page = 0; page < 100; page++) {
        const res = await callRest(
          t,
          'GET',
          `calendar_events?select=id&${order}&limit=20${cursor ? `&cursor=${cursor}` : ''}`,
          { token: a.token },
        );
        walked.push(...res.json<Array<{ id: string }>>().map((r) => r.id));
        cursor = String(res.headers['x-next-cursor'] ?? '');
        if (!cursor) break;
      }
      expect(walked).toHaveLength(257);
      expect(walked).toEqual(all.map((r) => r.id));
    }
  });

  it('counts exactly when few rows match, and estimates beyond', async () => {
    t = await buildTestApp({ store: kind });
    a = await addMember(t, 'member-a');
    const many = ESTIMATED_COUNT_EXACT_UP_TO + 150;
    await addEvents(t, a.id, many, 28);
    const few = 'select=id&limit=1&event_date=eq.2026-05-03';
    expect(await total(few, 'count=estimated')).toBe(await total(few, 'count=exact'));
    expect(await total('select=id&limit=1', 'count=exact')).toBe(many);
    // Before the statistics know the table, a count beyond the threshold is still exact.
    if (kind === 'sqlite') expect(await total('select=id&limit=1', 'count=estimated')).toBe(many);
    // This table only: the shared test database holds every other suite's schemas too.
    await t.deps.store.query('ANALYZE calendar_events');
    const estimate = await total('select=id&limit=1', 'count=estimated');
    if (kind === 'sqlite') expect(estimate).toBe(many);
    else expect(Math.abs(estimate - many)).toBeLessThan(many * 0.1);
    // SQLite has no estimate for a filtered count: beyond the threshold it stays exact.
    const most = 'select=id&limit=1&event_date=gte.2026-05-01';
    if (kind === 'sqlite')
      expect(await total(most, 'count=estimated')).toBe(await total(most, 'count=exact'));
    else expect(await total(most, 'count=estimated')).toBeGreaterThan(ESTIMATED_COUNT_EXACT_UP_TO);
  });
});

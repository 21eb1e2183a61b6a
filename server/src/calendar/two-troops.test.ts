/**
 * Two troops on one server (docs/decisions/065-troops.md): each troop's calendar routes read
 * and change its own rows only, by route and by id, and its feed lives at its own address.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addTroop, joinTroop, readCalendar, troopEvent } from '../../test/calendar.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp, openTestStore, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { migrate } from '../store/migrate.ts';
import type { Store } from '../store/store.ts';

const B = { id: 'troop-b', projectId: 'troop-b-project', timeZone: 'America/Denver' };

describe.each(testStoreKinds)('the calendar of two troops (%s)', (kind) => {
  let t: TestApp;
  /** What this test opened, closed after it. */
  let open: TestApp | Store | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });

  /** Troop A (the first) and B, a leader in both, each troop with one event. */
  async function twoTroops() {
    t = await buildTestApp({ store: kind });
    open = t;
    await addTroop(t, B);
    const leader = await bearer(t, 'lee', 'admin');
    await joinTroop(t, 'lee', B.id, 'admin');
    await troopEvent(t, 'troop-1', {
      id: 'a-meeting',
      user_id: 'lee',
      event_name: 'A meeting',
      event_date: '2026-07-07',
    });
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: 'lee',
      event_name: 'B campout',
      event_date: '2026-07-08',
    });
    const get = (projectId: string, path: string, auth?: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/calendar/${projectId}${path}`,
        headers: auth ? { authorization: auth } : {},
      });
    return { leader, get, a: t.deps.config.projectId };
  }

  const names = (res: { json(): unknown }) =>
    (res.json() as { occurrences: Array<{ name: string }> }).occurrences.map((o) => o.name);

  it("lists each troop's own events in its window, never the other's", async () => {
    const { leader, get, a } = await twoTroops();
    const window = '/occurrences?from=2026-07-01&to=2026-07-31';
    const ofA = await get(a, window, leader);
    const ofB = await get(B.projectId, window, leader);
    expect(ofA.statusCode).toBe(200);
    expect(names(ofA)).toEqual(['A meeting']);
    expect(names(ofB)).toEqual(['B campout']);
  });

  it("answers 404 for the other troop's event by id, and changes nothing through it", async () => {
    const { leader, get, a } = await twoTroops();
    expect((await get(a, '/events/b-campout.ics', leader)).statusCode).toBe(404);
    expect((await get(B.projectId, '/events/b-campout.ics', leader)).statusCode).toBe(200);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${a}/events/b-campout/occurrences/2026-07-08?scope=this`,
      headers: { authorization: leader, 'content-type': 'application/json' },
      payload: JSON.stringify({ changes: { eventName: 'Taken over' } }),
    });
    expect(patch.statusCode, patch.body).toBe(404);
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/calendar/${a}/events/b-campout/occurrences/2026-07-08/cancel?scope=this`,
      headers: { authorization: leader },
    });
    expect(cancel.statusCode).toBe(404);
    const { rows } = await t.deps.store.query<{ event_name: string; status: string | null }>(
      "SELECT event_name, status FROM calendar_events WHERE id = 'b-campout'",
    );
    expect(rows[0]?.event_name).toBe('B campout');
    expect(rows[0]?.status ?? 'confirmed').toBe('confirmed');
  });

  it("keeps a feed per troop at the troop's address, in the troop's time zone; a token is 404 on the other's path", async () => {
    const { leader, get, a } = await twoTroops();
    const urlOf = async (projectId: string) =>
      (await get(projectId, '/feed-url', leader)).json() as { httpsUrl: string };
    const feedA = new URL((await urlOf(a)).httpsUrl).pathname;
    const feedB = new URL((await urlOf(B.projectId)).httpsUrl).pathname;
    expect(feedB).toMatch(new RegExp(`^/api/calendar/${B.projectId}/feed/`));
    expect(feedA).not.toBe(feedB.replace(B.projectId, a));
    const read = async (path: string) => {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(200);
      return readCalendar(res.body);
    };
    expect((await read(feedA)).events.map((e) => e.summary)).toEqual(['A meeting']);
    const b = await read(feedB);
    expect(b.events.map((e) => e.summary)).toEqual(['B campout']);
    expect(b.prop('x-wr-timezone')).toBe(B.timeZone);
    const crossed = await t.app.inject({ method: 'GET', url: feedA.replace(a, B.projectId) });
    expect(crossed.statusCode).toBe(404);
    expect((await t.deps.store.query('SELECT * FROM calendar_feeds')).rows).toHaveLength(2);
  });

  it("shows a member of troop A only nothing of B's calendar: B's address is an unknown project to them", async () => {
    const { get } = await twoTroops();
    const onlyA = await bearer(t, 'amy', 'admin');
    const res = await get(B.projectId, '/occurrences?from=2026-07-01&to=2026-07-31', onlyA);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it("upgrades a one-troop server: its feeds and its events' jobs are the first troop's, and a member may hold a feed in another troop", async () => {
    const store = await openTestStore(kind, { upTo: 41 });
    open = store;
    const at = '2026-05-01T00:00:00.000Z';
    await store.query(
      'INSERT INTO users (id, email, display_name, created_at, updated_at) VALUES (?, ?, ?, ?, ?)',
      ['u1', 'u1@example.org', 'u1', at, at],
    );
    await store.query(
      'INSERT INTO calendar_feeds (user_id, token_hash, token_encrypted, created_at) VALUES (?, ?, ?, ?)',
      ['u1', 'hash-1', 'sealed', at],
    );
    await migrate(store);
    const feeds = await store.query('SELECT user_id, troop_id, token_hash FROM calendar_feeds');
    expect(feeds.rows).toEqual([{ user_id: 'u1', troop_id: 'troop-1', token_hash: 'hash-1' }]);
    await store.query(
      `INSERT INTO calendar_feeds (user_id, troop_id, token_hash, token_encrypted, created_at)
       VALUES ('u1', 'troop-b', 'hash-2', 'sealed', ?)`,
      [at],
    );
    await store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, created_at, updated_at)
       VALUES ('old-style', 'u1', 'Meeting', '2026-07-07', '19:00', ?, ?)`,
      [at, at],
    );
    const jobs = await store.query('SELECT kind, troop_id FROM jobs');
    expect(jobs.rows).toEqual([{ kind: 'event-created', troop_id: 'troop-1' }]);
  });
});

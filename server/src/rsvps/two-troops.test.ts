/**
 * Two troops on one server (docs/decisions/065-troops.md): a family in both has a household in
 * each; answers, household answers and nudges are each troop's, by route and by id.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { addTroop, joinTroop, troopEvent } from '../../test/calendar.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45 Riverside' };

describe.each(testStoreKinds)('answers in two troops (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function twoTroops() {
    t = await buildTestApp({ store: kind });
    await addTroop(t, B);
    const leader = await bearer(t, 'lee', 'admin');
    const parent = await bearer(t, 'pat', 'user');
    await joinTroop(t, 'lee', B.id, 'admin');
    await joinTroop(t, 'pat', B.id, 'user');
    const a = t.deps.config.projectId;
    const call = (
      area: 'calendar' | 'households',
      projectId: string,
      method: 'GET' | 'PUT' | 'POST' | 'DELETE',
      path: string,
      auth: string,
      payload?: object,
    ) =>
      t.app.inject({
        method,
        url: `/api/${area}/${projectId}${path}`,
        headers: { authorization: auth },
        ...(payload ? { payload } : {}),
      });
    const scoutIn = async (projectId: string, firstName: string) => {
      const res = await call('households', projectId, 'POST', '/mine/scouts', parent, {
        firstName,
        lastName: 'Doe',
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().scout.id as string;
    };
    const sam = await scoutIn(a, 'Sam');
    const bo = await scoutIn(B.projectId, 'Bo');
    await troopEvent(t, 'troop-1', {
      id: 'a-hike',
      user_id: 'lee',
      event_name: 'A hike',
      event_date: '2031-04-18',
    });
    await troopEvent(t, B.id, {
      id: 'b-campout',
      user_id: 'lee',
      event_name: 'B campout',
      event_date: '2031-04-19',
    });
    return { a, call, leader, parent, sam, bo };
  }

  it("answers for the troop's own events and scouts only; the other troop's are 404 or not the parent's", async () => {
    const { a, call, parent, sam, bo } = await twoTroops();
    const going = (attendee: string) => ({ attendee, answer: 'going' });
    // B's event from A's address is no event at all, even by its id.
    expect((await call('calendar', a, 'GET', '/events/b-campout/rsvps', parent)).statusCode).toBe(
      404,
    );
    const crossed = await call(
      'calendar',
      a,
      'PUT',
      '/events/b-campout/rsvps',
      parent,
      going(`scout:${bo}`),
    );
    expect(crossed.statusCode).toBe(404);
    // In A, B's scout is nobody the parent answers for.
    const wrongScout = await call(
      'calendar',
      a,
      'PUT',
      '/events/a-hike/rsvps',
      parent,
      going(`scout:${bo}`),
    );
    expect(wrongScout.statusCode).toBe(403);
    const inA = await call(
      'calendar',
      a,
      'PUT',
      '/events/a-hike/rsvps',
      parent,
      going(`scout:${sam}`),
    );
    expect(inA.statusCode, inA.body).toBe(200);
    expect(inA.json().mine.map((p: { name: string }) => p.name)).toEqual(['pat', 'Sam Doe']);
    const inB = await call(
      'calendar',
      B.projectId,
      'PUT',
      '/events/b-campout/rsvps',
      parent,
      going(`scout:${bo}`),
    );
    expect(inB.statusCode, inB.body).toBe(200);
    expect(inB.json().mine.map((p: { name: string }) => p.name)).toEqual(['pat', 'Bo Doe']);
    const { rows } = await t.deps.store.query<{ troop_id: string; attendee: string }>(
      'SELECT troop_id, attendee FROM rsvps ORDER BY troop_id',
    );
    expect(rows).toEqual([
      { troop_id: 'troop-1', attendee: `scout:${sam}` },
      { troop_id: B.id, attendee: `scout:${bo}` },
    ]);
    const window = '/rsvps/mine?from=2031-04-01&to=2031-04-30';
    const mineA = (await call('calendar', a, 'GET', window, parent)).json();
    const mineB = (await call('calendar', B.projectId, 'GET', window, parent)).json();
    expect(mineA.answers.map((r: { eventId: string }) => r.eventId)).toEqual(['a-hike']);
    expect(mineB.answers.map((r: { eventId: string }) => r.eventId)).toEqual(['b-campout']);
  });

  it("nudges the troop's own households for its own event, as its own job, and never the other's by id", async () => {
    const { a, call, leader } = await twoTroops();
    const crossed = await call('calendar', a, 'POST', '/events/b-campout/rsvps/nudge', leader, {});
    expect(crossed.statusCode).toBe(404);
    expect((await t.deps.store.query('SELECT * FROM rsvp_nudges')).rows).toHaveLength(0);
    const nudged = await call(
      'calendar',
      B.projectId,
      'POST',
      '/events/b-campout/rsvps/nudge',
      leader,
      {},
    );
    expect(nudged.statusCode, nudged.body).toBe(200);
    expect(nudged.json()).toMatchObject({ households: 1, adults: 1 });
    const nudges = await t.deps.store.query<{ troop_id: string }>(
      'SELECT troop_id FROM rsvp_nudges',
    );
    expect(nudges.rows).toEqual([{ troop_id: B.id }]);
    const jobs = await t.deps.store.query<{ troop_id: string }>(
      "SELECT troop_id FROM jobs WHERE dedupe_key LIKE 'rsvp-nudge:%'",
    );
    expect(jobs.rows).toEqual([{ troop_id: B.id }]);
    const csv = await call('calendar', a, 'GET', '/events/b-campout/rsvps.csv', leader);
    expect(csv.statusCode).toBe(404);
  });
});

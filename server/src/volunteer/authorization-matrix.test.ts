/**
 * Who reaches the sheets' routes, as data: every caller x every route, each cell asserted, on
 * both stores. The callers are the RSVP matrix's (a leader, an admin, household A's parent,
 * co-parent and scout, household B's parent, a member in no household, a service key, nobody)
 * and a member of another troop only. A refused change changes nothing, a refused nudge
 * claims nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addTroop, joinTroop } from '../../test/calendar.ts';
import {
  householdApp,
  MATRIX_ACTORS,
  matrixTroop,
  statusForAll,
  type HouseholdApp,
  type MatrixActor,
} from '../../test/households.ts';
import { addEvent } from '../../test/rsvps.ts';
import { testStoreKinds } from '../../test/test-app.ts';

const ACTORS = [...MATRIX_ACTORS, 'outsider'] as const;
type Actor = (typeof ACTORS)[number];
const MANAGERS: Actor[] = ['service', 'admin', 'leader'];
/** `status` for every signed-in member of the troop; 401 signed out; from another troop the troop is not found (404). */
const forAll = (status: number, over: Partial<Record<Actor, number>> = {}) =>
  ({ ...statusForAll(status), outsider: 404, ...over }) as Record<Actor, number>;
const managersOnly = (status: number) =>
  forAll(403, Object.fromEntries(MANAGERS.map((a) => [a, status])));
/** Every adult member of the troop takes a place for themself; a service key names nobody. */
const ADULTS: Actor[] = ['admin', 'leader', 'parentA', 'coParentA', 'parentB', 'member'];

describe.each(testStoreKinds)('volunteer authorization matrix (%s)', (kind) => {
  let h: HouseholdApp;
  let auth: Record<Actor, string | undefined>;
  let scoutA: string;
  let event: string;
  /** A slot for adults with a place for every caller, and one open to scouts. */
  let adultsSlot: string;
  let scoutsSlot: string;

  const call = (actor: Actor, method: string, path: string, payload?: unknown) =>
    h.t.app.inject({
      method: method as 'GET',
      url: `/api/volunteer/${h.t.deps.config.projectId}${path}`,
      headers: auth[actor] ? { authorization: auth[actor] } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const places = async () =>
    (
      await h.t.deps.store.query<{ volunteer: string }>('SELECT volunteer FROM volunteer_signups')
    ).rows
      .map((r) => r.volunteer)
      .sort();
  const addSlot = async (body: Record<string, unknown>) => {
    const res = await call('leader', 'POST', `/events/${event}/slots`, {
      title: 'Driver to camp',
      kind: 'driver',
      people: 12,
      seats: 3,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().slot.id as string;
  };
  const expectCells = async (
    expected: Record<Actor, number>,
    request: (actor: Actor) => ReturnType<typeof call>,
    after?: (actor: Actor, res: Awaited<ReturnType<typeof call>>) => Promise<void>,
  ) => {
    for (const actor of ACTORS) {
      const res = await request(actor);
      expect(res.statusCode, `${actor}: ${res.body}`).toBe(expected[actor]);
      if (after) await after(actor, res);
    }
  };

  beforeAll(async () => {
    h = await householdApp(kind);
    const troop = await matrixTroop(h, { firstName: 'Robin', lastName: 'Avery' });
    scoutA = troop.scoutA;
    await addTroop(h.t, { id: 'troop-b', projectId: 'troop-b-project' });
    const outsider = await h.as('outsider');
    await h.t.deps.store.query("DELETE FROM memberships WHERE user_id = 'outsider'");
    await joinTroop(h.t, 'outsider', 'troop-b');
    auth = { ...troop.auth, outsider };
    event = await addEvent(h.t, auth.leader!.slice('Bearer '.length));
    adultsSlot = await addSlot({});
    scoutsSlot = await addSlot({
      kind: 'shift',
      title: 'Service hours',
      seats: null,
      openToScouts: true,
    });
  });
  afterAll(async () => h?.t.close());

  it('add, edit and remove slots: volunteer.manage only; a refused change changes nothing', async () => {
    await expectCells(managersOnly(200), (a) =>
      call(a, 'POST', `/events/${event}/slots`, { title: `Meal ${a}`, kind: 'meal', people: 1 }),
    );
    const { rows } = await h.t.deps.store.query<{ title: string }>(
      "SELECT title FROM volunteer_slots WHERE kind = 'meal' ORDER BY title",
    );
    expect(rows.map((r) => r.title)).toEqual(['Meal admin', 'Meal leader', 'Meal service']);
    await expectCells(managersOnly(200), (a) =>
      call(a, 'PATCH', `/slots/${adultsSlot}`, { note: `Edited by ${a}` }),
    );
    const slots = await Promise.all(ACTORS.map(() => addSlot({ title: 'Gone soon' })));
    await expectCells(managersOnly(200), (a) =>
      call(a, 'DELETE', `/slots/${slots[ACTORS.indexOf(a)]}`),
    );
    const left = await h.t.deps.store.query(
      "SELECT id FROM volunteer_slots WHERE title = 'Gone soon'",
    );
    expect(left.rows).toHaveLength(ACTORS.length - MANAGERS.length);
  });

  it('take for oneself: every adult of the troop; a scout not in a slot for adults; nobody outside', async () => {
    await expectCells(
      forAll(200, { service: 400, scoutA: 403 }),
      (a) => call(a, 'POST', `/slots/${adultsSlot}/take`, {}),
      async (a, res) => {
        if (a === 'scoutA') expect(res.json().code).toBe('VOLUNTEER_ADULTS_ONLY');
      },
    );
    expect(await places()).toEqual(ADULTS.map((a) => `user:${idOf(a)}`).sort());
  });

  it("take for household A's scout, in a slot open to scouts: its adults, the scout, leaders", async () => {
    const expected = forAll(403, {
      service: 200,
      admin: 200,
      leader: 200,
      parentA: 200,
      coParentA: 200,
      scoutA: 200,
    });
    await expectCells(
      expected,
      (a) => call(a, 'POST', `/slots/${scoutsSlot}/take`, { volunteer: `scout:${scoutA}` }),
      async (a, res) => {
        if (res.statusCode !== 200) return;
        // Given back at once, so the next caller finds the scout free again.
        const back = await call(a, 'POST', `/slots/${scoutsSlot}/give-back`, {
          volunteer: `scout:${scoutA}`,
        });
        expect(back.statusCode, back.body).toBe(200);
      },
    );
    expect(await places()).not.toContain(`scout:${scoutA}`);
  });

  it('read the sheet with names, the open slots and one’s commitments: every member of the troop', async () => {
    await expectCells(
      forAll(200),
      (a) => call(a, 'GET', `/events/${event}/slots`),
      async (a, res) => {
        if (res.statusCode !== 200) return expect(res.body).not.toMatch(/parent-a/);
        const slot = res.json().slots.find((s: { id: string }) => s.id === adultsSlot);
        expect(
          slot.places.map((p: { name: string }) => p.name),
          a,
        ).toContain('parent-a');
      },
    );
    const window = '?from=2031-04-01&to=2031-04-30';
    await expectCells(forAll(200), (a) => call(a, 'GET', `/open${window}`));
    await expectCells(
      forAll(200),
      (a) => call(a, 'GET', `/mine${window}`),
      async (a, res) => {
        if (res.statusCode !== 200 || a === 'service') return;
        const mine = res.json().commitments.map((c: { volunteer: string }) => c.volunteer);
        expect(mine, a).toEqual(ADULTS.includes(a) ? [`user:${idOf(a)}`] : []);
      },
    );
  });

  it('the adults a place may be offered to: every member of the troop, ids and names only', async () => {
    await expectCells(
      forAll(200),
      (a) => call(a, 'GET', '/adults'),
      async (a, res) => {
        if (res.statusCode !== 200) return expect(res.body).not.toMatch(/parent-a/);
        const { adults } = res.json() as { adults: Record<string, unknown>[] };
        expect(adults.map((p) => p.userId).sort(), a).toEqual(ADULTS.map(idOf).sort());
        for (const p of adults) expect(Object.keys(p).sort(), a).toEqual(['name', 'userId']);
        // No address, no scout, nothing of households.
        expect(res.body).not.toMatch(/@|scout-a|Robin|household/i);
      },
    );
  });

  it('unfilled slots and the CSV: volunteer.manage only, with the adults’ contacts', async () => {
    await expectCells(managersOnly(200), (a) =>
      call(a, 'GET', '/unfilled?from=2031-04-01&to=2031-04-30'),
    );
    await expectCells(
      managersOnly(200),
      (a) => call(a, 'GET', `/events/${event}/slots.csv`),
      async (_a, res) => {
        if (res.statusCode === 200) expect(res.body).toContain('parent-a@example.org');
        else expect(res.body).not.toMatch(/@example/);
      },
    );
  });

  it('nudge for empty slots: volunteer.manage only; a refused nudge claims nothing', async () => {
    const leaderToken = auth.leader!.slice('Bearer '.length);
    const events: Partial<Record<Actor, string>> = {};
    for (const a of ACTORS) {
      events[a] = await addEvent(h.t, leaderToken, { eventName: `Nudged by ${a}` });
      const slot = await call('leader', 'POST', `/events/${events[a]}/slots`, {
        title: 'Saturday dinner',
        kind: 'meal',
        people: 2,
      });
      expect(slot.statusCode, slot.body).toBe(200);
    }
    await expectCells(managersOnly(200), (a) =>
      call(a, 'POST', `/events/${events[a]}/slots/nudge`, {}),
    );
    const { rows } = await h.t.deps.store.query<{ event_id: string }>(
      'SELECT event_id FROM volunteer_nudges',
    );
    expect(rows.map((r) => r.event_id).sort()).toEqual(MANAGERS.map((a) => events[a]!).sort());
  });

  it("offer and give back parent A's place: parent A and leaders; accept: only the member named", async () => {
    const offer = (a: Actor) =>
      call(a, 'POST', `/slots/${adultsSlot}/offer`, { volunteer: 'user:parent-a', to: 'fresh' });
    await h.as('fresh');
    await expectCells(forAll(403, { service: 200, admin: 200, leader: 200, parentA: 200 }), offer);
    const sheet = (await call('parentA', 'GET', `/events/${event}/slots`)).json();
    const held = sheet.slots
      .find((s: { id: string }) => s.id === adultsSlot)
      .places.find((p: { volunteer: string }) => p.volunteer === 'user:parent-a');
    expect(held.offeredTo).toMatchObject({ userId: 'fresh' });
    const { rows } = await h.t.deps.store.query<{ id: string }>('SELECT id FROM volunteer_offers');
    expect(rows).toHaveLength(1);
    const offerId = rows[0]!.id;
    // The sheet names the offer, so its holder can withdraw it.
    expect(held.offeredTo.offerId).toBe(offerId);
    await expectCells(forAll(404), (a) => call(a, 'POST', `/offers/${offerId}/accept`));
    expect(await places()).toContain('user:parent-a');
    // Declining is the member's or the holder's side's; it withdraws the offer.
    const declined = await call('parentA', 'POST', `/offers/${offerId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);

    // Each caller who may gives parent B's place back, and parent B takes it again after.
    await expectCells(
      forAll(403, { service: 200, admin: 200, leader: 200, parentB: 200 }),
      (a) => call(a, 'POST', `/slots/${adultsSlot}/give-back`, { volunteer: 'user:parent-b' }),
      async (_a, res) => {
        if (res.statusCode !== 200) return;
        expect(await places()).not.toContain('user:parent-b');
        expect((await call('parentB', 'POST', `/slots/${adultsSlot}/take`, {})).statusCode).toBe(
          200,
        );
      },
    );
    expect(await places()).toContain('user:parent-b');
  });
});

const ID: Record<string, string> = {
  admin: 'admin',
  leader: 'leader',
  parentA: 'parent-a',
  coParentA: 'coparent-a',
  scoutA: 'scout-a',
  parentB: 'parent-b',
  member: 'member',
};
const idOf = (actor: Actor | MatrixActor) => ID[actor] ?? actor;

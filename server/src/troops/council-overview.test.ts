/**
 * What a council reads of its troops (docs/decisions/065-troops.md): each troop's members,
 * upcoming events and answer rate, counted exactly from seeded events and answers, and one
 * troop's events of a window, never a name; anyone of no role in the council but the platform
 * admin is refused. On both stores.
 */
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { troopEvent } from '../../test/calendar.ts';
import { addTroopMember, addMember, SERVICE_KEY, serviceKeys } from '../../test/rest.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

/** 12:00 UTC is already the 11th in Kiritimati (UTC+14), troop A's zone. */
const NOW = Date.UTC(2031, 3, 10, 12);
const FIRST = 'troop-12';

describe.each(testStoreKinds)('a council’s view of its troops (%s)', (kind) => {
  const t = sharedTestApp({
    store: kind,
    config: { projectId: FIRST, timezone: 'America/Chicago' },
    deps: { serviceKeys },
  });
  const as: Record<string, string> = {};

  const call = (who: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({
      method,
      url: `/api/troops/${url}`,
      headers: who ? { authorization: `Bearer ${as[who] ?? who}` } : {},
      ...(payload ? { payload } : {}),
    });

  beforeEach(() => t.clock.set(NOW));

  beforeAll(async () => {
    t.clock.set(NOW);
    await addUnit(t, {
      id: 'c1',
      kind: 'council',
      projectId: 'council-1',
      number: '1',
      name: 'Great Lakes',
    });
    await addUnit(t, {
      id: 'c2',
      kind: 'council',
      projectId: 'council-2',
      number: '2',
      name: 'Prairie',
    });
    await addUnit(t, {
      id: 'ta',
      projectId: 'troop-a',
      number: '45',
      name: 'Troop 45',
      timeZone: 'Pacific/Kiritimati',
      councilId: 'c1',
    });
    await addUnit(t, {
      id: 'tb',
      projectId: 'troop-b',
      number: '7',
      name: 'Troop 7',
      councilId: 'c1',
    });
    await addUnit(t, {
      id: 'tc',
      projectId: 'troop-c',
      number: '300',
      name: 'Troop 300',
      councilId: 'c2',
    });
    // Pat: the first troop's admin, so the platform admin; in no council.
    as.pat = (await addMember(t, 'pat', 'admin')).token;
    as.cora = (await addTroopMember(t, 'cora', { c1: 'user' })).token;
    as.lee = (await addTroopMember(t, 'lee', { ta: 'leader' })).token;
    as.ann = (await addTroopMember(t, 'ann', { ta: 'user' })).token;
    await addTroopMember(t, 'bob', { ta: 'user' });
    await addTroopMember(t, 'sue', { ta: 'user' });
    await joinUnit(t, 'sue', 'ta', 'user', 'suspended');
    // Troop A's households: four people (Ann, Bob, Sam, Max); Lee is in none.
    const at = new Date(NOW).toISOString();
    const db = t.deps.store;
    await db.query(
      `INSERT INTO households (id, name, created_by, created_at, troop_id) VALUES ('h1', 'Doe family', 'ann', ?, 'ta')`,
      [at],
    );
    for (const adult of ['ann', 'bob'])
      await db.query(
        `INSERT INTO household_adults (household_id, user_id, joined_at, troop_id) VALUES ('h1', ?, ?, 'ta')`,
        [adult, at],
      );
    for (const [id, first] of [
      ['s1', 'Sam'],
      ['s2', 'Max'],
    ])
      await db.query(
        `INSERT INTO scouts (id, household_id, first_name, last_name, created_at, updated_at, troop_id)
         VALUES (?, 'h1', ?, 'Doe', ?, ?, 'ta')`,
        [id, first, at, at],
      );
    const event = (troopId: string, id: string, date: string, more: Record<string, unknown> = {}) =>
      troopEvent(t, troopId, {
        id,
        user_id: 'lee',
        event_name: `Event ${id}`,
        event_date: date,
        ...more,
      });
    // Troop A's days are 2031-04-11 to 2031-05-10: e1, e2, e5 (cancelled) and three meetings.
    await event('ta', 'e1', '2031-04-12', { creator_name: 'Lee Leader', location: 'Camp Lake' });
    await event('ta', 'e2', '2031-05-10');
    await event('ta', 'e3', '2031-05-11');
    await event('ta', 'e4', '2031-04-10');
    await event('ta', 'e5', '2031-04-20', { status: 'cancelled' });
    await event('ta', 'meet', '2031-04-01', {
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
      exdates: '2031-04-22',
    });
    await event('tb', 'b1', '2031-04-15');
    await event('tc', 'c-hike', '2031-04-15');
    // The council's own event is no troop's.
    await event('c1', 'council-day', '2031-04-16');
    // Five answers count: three for e1, one for e2, one for the meeting of 04-15.
    let n = 0;
    const answer = async (eventId: string, occurrence: string, attendee: string) =>
      db.query(
        `INSERT INTO rsvps (id, event_id, occurrence, attendee, user_id, scout_id, household_id, youth, answer, queued_at, answered_by, answered_at, troop_id)
         VALUES (?, ?, ?, ?, ?, ?, 'h1', ?, 'going', ?, 'ann', ?, 'ta')`,
        [
          `r${++n}`,
          eventId,
          occurrence,
          attendee,
          attendee.startsWith('user:') ? attendee.slice(5) : null,
          attendee.startsWith('scout:') ? attendee.slice(6) : null,
          attendee.startsWith('scout:') ? 1 : 0,
          at,
          at,
        ],
      );
    for (const who of ['user:ann', 'scout:s1', 'scout:s2']) await answer('e1', '', who);
    await answer('e2', '', 'user:bob');
    await answer('meet', '2031-04-15', 'user:ann');
    // Not counted: an event past the window, a cancelled one, someone of no household.
    await answer('e3', '', 'user:ann');
    await answer('e5', '', 'user:ann');
    await answer('e1', '', 'user:lee');
  });

  it('gives a council member each troop’s members, upcoming events and answer rate, and no names', async () => {
    const res = await call('cora', 'GET', 'council-1/overview');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      council: {
        projectId: 'council-1',
        kind: 'council',
        number: '1',
        name: 'Great Lakes',
        timeZone: 'America/Chicago',
      },
      troops: [
        {
          projectId: 'troop-b',
          number: '7',
          name: 'Troop 7',
          timeZone: 'America/Chicago',
          members: 0,
          upcomingEvents: 1,
          // Nobody in a household: no answers to give.
          answerRate: null,
        },
        {
          projectId: 'troop-a',
          number: '45',
          name: 'Troop 45',
          timeZone: 'Pacific/Kiritimati',
          // Lee, Ann and Bob; Sue is suspended.
          members: 3,
          // e1, e2 and the meetings of 04-15, 04-29 and 05-06 (04-22 removed).
          upcomingEvents: 5,
          // 5 answers of 5 events x 4 people.
          answerRate: 0.25,
        },
      ],
    });
    for (const name of ['Sam', 'Doe', 'Member', 'Lee', 'ann', 'bob', 'e1'])
      expect(res.body, name).not.toContain(name);
    // The platform admin reads it too, of no role in the council.
    const pat = await call('pat', 'GET', 'council-1/overview');
    expect(pat.statusCode).toBe(200);
    expect(pat.json()).toEqual(res.json());
  });

  it('refuses the overview to a troop’s leader outside the council, to a key, and on a troop’s project id', async () => {
    const lee = await call('lee', 'GET', 'council-1/overview');
    expect(lee.statusCode).toBe(404);
    expect(lee.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    // A member of another council is a stranger here too.
    const cal = await addTroopMember(t, 'cal', { c2: 'admin' });
    expect((await call(cal.token, 'GET', 'council-1/overview')).statusCode).toBe(404);
    expect((await call(null, 'GET', 'council-1/overview')).statusCode).toBe(401);
    expect((await call(SERVICE_KEY, 'GET', 'council-1/overview')).statusCode).toBe(403);
    const onTroop = await call('lee', 'GET', 'troop-a/overview');
    expect(onTroop.statusCode).toBe(400);
    expect(onTroop.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(onTroop.body).toContain('troop-a is a troop, not a council');
  });

  it('gives a council member one troop’s events and occurrences of a window, nothing of people', async () => {
    const res = await call(
      'cora',
      'GET',
      'council-1/troops/troop-a/events?from=2031-04-01&to=2031-04-30',
    );
    expect(res.statusCode, res.body).toBe(200);
    const event = (id: string, date: string, more: object = {}) => ({
      id,
      title: `Event ${id.split('/')[0]}`,
      date,
      time: '19:00',
      location: null,
      cancelled: false,
      ...more,
    });
    expect(res.json()).toEqual({
      events: [
        event('meet/2031-04-01', '2031-04-01'),
        event('meet/2031-04-08', '2031-04-08'),
        event('e4', '2031-04-10'),
        event('e1', '2031-04-12', { location: 'Camp Lake' }),
        event('meet/2031-04-15', '2031-04-15'),
        event('e5', '2031-04-20', { cancelled: true }),
        event('meet/2031-04-29', '2031-04-29'),
      ],
    });
    expect(res.body).not.toContain('Lee');
    expect(res.body).not.toContain('council-day');
    const other = await call(
      'pat',
      'GET',
      'council-1/troops/troop-b/events?from=2031-04-15&to=2031-04-15',
    );
    expect(other.json()).toEqual({ events: [event('b1', '2031-04-15')] });
  });

  it('answers 404 for a troop of another council or none, and 400 for a bad window', async () => {
    for (const troop of ['troop-c', 'troop-nowhere', 'council-2', FIRST]) {
      const res = await call(
        'cora',
        'GET',
        `council-1/troops/${troop}/events?from=2031-04-01&to=2031-04-30`,
      );
      expect(res.statusCode, troop).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
      expect(res.body).toContain('No troop of this council');
    }
    for (const [query, words] of [
      ['from=2031-02-30&to=2031-03-01', 'YYYY-MM-DD'],
      ['from=2031-04-01', 'YYYY-MM-DD'],
      ['from=2031-04-10&to=2031-04-01', 'not be before'],
      ['from=2031-01-01&to=2032-01-02', 'at most 366 days'],
    ] as const) {
      const res = await call('cora', 'GET', `council-1/troops/troop-a/events?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.body, query).toContain(words);
    }
    // 366 days, both ends included, is a window.
    const year = await call(
      'cora',
      'GET',
      'council-1/troops/troop-a/events?from=2031-01-01&to=2032-01-01',
    );
    expect(year.statusCode).toBe(200);
    expect(
      (await call('lee', 'GET', 'council-1/troops/troop-a/events?from=2031-04-01&to=2031-04-30'))
        .statusCode,
    ).toBe(404);
  });
});

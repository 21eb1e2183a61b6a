/**
 * A council's events in every troop of it (docs/decisions/065-troops.md): troops A and B of the
 * Lakeside Council read its events through the Data API, the occurrences, the feed and an
 * event's file, read-only; troop C of no council (the first troop) reads none; the council's
 * own members write them on the council's path. Each troop keeps its own answers to them.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readCalendar } from '../../test/calendar.ts';
import { addTroopMember, callRest, type CallOptions, type TestMember } from '../../test/rest.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addUnit } from '../../test/troops.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const COUNCIL = { id: 'council-l', projectId: 'lakeside-council', name: 'Lakeside Council' };
const A = { id: 'troop-a', projectId: 'troop-a-project', name: 'Troop 12' };
const B = { id: 'troop-b', projectId: 'troop-b-project', name: 'Troop 45' };

describe.each(testStoreKinds)('council events in its troops (%s)', (kind) => {
  const t = sharedTestApp({ store: kind });
  let lee: TestMember; // the council's leader
  let ann: TestMember; // A's leader
  let bea: TestMember; // B's leader
  let amy: TestMember; // a member of A
  let bob: TestMember; // a member of B
  let cal: TestMember; // a member of C, the first troop, of no council
  let pat: TestMember; // a parent in A and B
  let C: string;
  let n = 0;

  beforeAll(async () => {
    await addUnit(t, { ...COUNCIL, kind: 'council' });
    await addUnit(t, { ...A, councilId: COUNCIL.id });
    await addUnit(t, { ...B, councilId: COUNCIL.id });
    lee = await addTroopMember(t, 'lee', { [COUNCIL.id]: 'admin' });
    ann = await addTroopMember(t, 'ann', { [A.id]: 'admin' });
    bea = await addTroopMember(t, 'bea', { [B.id]: 'admin' });
    amy = await addTroopMember(t, 'amy', { [A.id]: 'user' });
    bob = await addTroopMember(t, 'bob', { [B.id]: 'user' });
    cal = await addTroopMember(t, 'cal', { [FIRST_TROOP_ID]: 'user' });
    pat = await addTroopMember(t, 'pat', { [A.id]: 'user', [B.id]: 'user' });
    C = t.deps.config.projectId;
  });

  const rest = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    who: TestMember,
    projectId: string,
    opts: Omit<CallOptions, 'token' | 'projectId'> = {},
  ) => callRest(t, method, path, { ...opts, token: who.token, projectId });

  const calendar = (
    method: 'GET' | 'PUT' | 'POST',
    projectId: string,
    path: string,
    who?: TestMember,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/calendar/${projectId}${path}`,
      headers: who ? { authorization: `Bearer ${who.token}` } : {},
      ...(payload ? { payload } : {}),
    });

  /** An event made by the council's leader through the Data API, on the council's path. */
  async function councilEvent(fields: Record<string, unknown> = {}) {
    const id = `council_event_${++n}`;
    const res = await rest('POST', 'calendar_events', lee, COUNCIL.projectId, {
      body: {
        id,
        event_name: `Jamboree ${n}`,
        event_date: '2031-05-10',
        event_time: '09:00',
        creator_name: 'Lee',
        ...fields,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  }

  /** An event of troop A, made by its leader on A's path. */
  async function troopAEvent() {
    const id = `a_event_${++n}`;
    const res = await rest('POST', 'calendar_events', ann, A.projectId, {
      body: { id, event_name: `A meeting ${n}`, event_date: '2031-05-11', event_time: '19:00' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return id;
  }

  const ids = (res: { json(): unknown }) => (res.json() as Array<{ id: string }>).map((r) => r.id);
  const stored = async (id: string) =>
    (
      await t.deps.store.query<{ event_name: string; troop_id: string }>(
        'SELECT event_name, troop_id FROM calendar_events WHERE id = ?',
        [id],
      )
    ).rows[0];

  it("lists, counts and finds a council event in each troop of the council, never in another's", async () => {
    const id = await councilEvent();
    expect((await stored(id))?.troop_id).toBe(COUNCIL.id);
    const byId = `calendar_events?id=eq.${id}&select=id,event_name`;
    for (const [who, projectId] of [
      [amy, A.projectId],
      [bob, B.projectId],
    ] as const) {
      const list = await rest('GET', byId, who, projectId, { prefer: 'count=exact' });
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json()).toEqual([{ id, event_name: expect.stringMatching(/^Jamboree/) }]);
      expect(list.headers['content-range']).toBe('0-0/1');
      const one = await rest('GET', byId, who, projectId, {
        headers: { accept: 'application/vnd.pgrst.object+json' },
      });
      expect(one.statusCode, one.body).toBe(200);
      expect(one.json().id).toBe(id);
    }
    // The row's shape is the table's: nothing says whose it is.
    const whole = await rest('GET', `calendar_events?id=eq.${id}`, amy, A.projectId);
    expect(Object.keys(whole.json()[0] as object)).not.toContain('troop_id');
    const inC = await rest('GET', byId, cal, C, { prefer: 'count=exact' });
    expect(inC.statusCode).toBe(200);
    expect(inC.json()).toEqual([]);
    expect(inC.headers['content-range']).toBe('*/0');
  });

  it("keeps a troop's own events out of its sister troop's list", async () => {
    const own = await troopAEvent();
    const councils = await councilEvent();
    const window = 'calendar_events?event_date=gte.2031-05-01&event_date=lte.2031-05-31&select=id';
    expect(ids(await rest('GET', window, amy, A.projectId))).toEqual(
      expect.arrayContaining([own, councils]),
    );
    const inB = ids(await rest('GET', window, bob, B.projectId));
    expect(inB).toContain(councils);
    expect(inB).not.toContain(own);
    // The council reads its own events only, not its troops'.
    const inCouncil = ids(await rest('GET', window, lee, COUNCIL.projectId));
    expect(inCouncil).toContain(councils);
    expect(inCouncil).not.toContain(own);
  });

  it("pages a troop's events and its council's merged in order, by cursor and by offset", async () => {
    // Dates of their own (July 2032), so only these rows are in the window.
    const made: Array<[string, string]> = [];
    for (const [date, time, unit] of [
      ['2032-07-01', '10:00', 'council'],
      ['2032-07-01', '09:00', 'troop'],
      ['2032-07-02', '19:00', 'troop'],
      ['2032-07-03', '08:00', 'council'],
      ['2032-07-03', '08:00', 'troop'],
      ['2032-07-04', '12:00', 'council'],
    ] as const) {
      const id = `paged_${unit}_${++n}`;
      const [who, projectId] = unit === 'council' ? [lee, COUNCIL.projectId] : [ann, A.projectId];
      const res = await rest('POST', 'calendar_events', who, projectId, {
        body: { id, event_name: id, event_date: date, event_time: time },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push([`${date} ${time} ${id}`, id]);
    }
    const expected = made.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, id]) => id);
    const query =
      'calendar_events?select=id&event_date=gte.2032-07-01&event_date=lte.2032-07-31&order=event_date.asc,event_time.asc';
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await rest(
        'GET',
        `${query}&limit=4${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
        amy,
        A.projectId,
      );
      expect(page.statusCode, page.body).toBe(200);
      seen.push(...ids(page));
      cursor = page.headers['x-next-cursor'] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(expected);
    const offset = await rest('GET', `${query}&limit=2&offset=3`, amy, A.projectId);
    expect(ids(offset)).toEqual(expected.slice(3, 5));
  });

  it('answers the occurrences of a council event in its troops, naming the council, and none in C', async () => {
    const id = await councilEvent({ event_date: '2031-06-14' });
    const own = await troopAEvent();
    const window = '/occurrences?from=2031-05-01&to=2031-06-30';
    const inA = await calendar('GET', A.projectId, window, amy);
    expect(inA.statusCode, inA.body).toBe(200);
    const occurrences = inA.json().occurrences as Array<{ eventId: string; council?: string }>;
    expect(occurrences.find((o) => o.eventId === id)?.council).toBe(COUNCIL.name);
    const ownOccurrence = occurrences.find((o) => o.eventId === own);
    expect(ownOccurrence).toBeDefined();
    expect(ownOccurrence).not.toHaveProperty('council');
    const inB = (await calendar('GET', B.projectId, window, bob)).json().occurrences;
    expect(inB.map((o: { eventId: string }) => o.eventId)).toContain(id);
    const inC = (await calendar('GET', C, window, cal)).json().occurrences;
    expect(inC.map((o: { eventId: string }) => o.eventId)).not.toContain(id);
  });

  it("puts a council event in its troops' feeds and files, not in C's", async () => {
    const id = await councilEvent({ event_name: 'Council camporee' });
    const feedOf = async (projectId: string, who: TestMember) => {
      const url = (await calendar('GET', projectId, '/feed-url', who)).json().httpsUrl as string;
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      return readCalendar(res.body).events.map((e) => e.summary);
    };
    expect(await feedOf(A.projectId, amy)).toContain('Council camporee');
    expect(await feedOf(B.projectId, bob)).toContain('Council camporee');
    expect(await feedOf(C, cal)).not.toContain('Council camporee');
    const file = await calendar('GET', A.projectId, `/events/${id}.ics`, amy);
    expect(file.statusCode).toBe(200);
    expect(readCalendar(file.body).events.map((e) => e.summary)).toEqual(['Council camporee']);
    expect((await calendar('GET', C, `/events/${id}.ics`, cal)).statusCode).toBe(404);
  });

  it("refuses a troop's leader every write of a council event, as for an unknown id; the council's leader writes it", async () => {
    const id = await councilEvent();
    const unknown = `no_such_event_${n}`;
    const patch = (target: string, who: TestMember, projectId: string) =>
      rest('PATCH', `calendar_events?id=eq.${target}`, who, projectId, {
        body: { event_name: 'Taken over' },
        prefer: 'return=representation',
      });
    const remove = (target: string, who: TestMember, projectId: string) =>
      rest('DELETE', `calendar_events?id=eq.${target}`, who, projectId, {
        prefer: 'return=representation',
      });
    const write = (target: string, query: string, prefer: string) =>
      rest('POST', `calendar_events${query}`, ann, A.projectId, {
        body: {
          id: target,
          event_name: 'Taken over',
          event_date: '2031-05-10',
          event_time: '09:00',
        },
        prefer,
      });
    for (const w of [patch, remove]) {
      const council = await w(id, ann, A.projectId);
      const none = await w(unknown, ann, A.projectId);
      expect([council.statusCode, council.body]).toEqual([none.statusCode, none.body]);
      expect(council.json()).toEqual([]);
    }
    // An upsert or an insert naming it: answered as one naming a row of another troop (B's).
    const bs = `b_event_${++n}`;
    const made = await rest('POST', 'calendar_events', bob, B.projectId, {
      body: { id: bs, event_name: 'B hike', event_date: '2031-05-12', event_time: '10:00' },
    });
    expect(made.statusCode, made.body).toBe(201);
    for (const [query, prefer] of [
      ['?on_conflict=id', 'resolution=merge-duplicates,return=representation'],
      ['', 'return=representation'],
    ] as const) {
      const council = await write(id, query, prefer);
      const others = await write(bs, query, prefer);
      expect(council.statusCode).toBeGreaterThanOrEqual(400);
      expect(council.statusCode).toBeLessThan(500);
      expect([council.statusCode, council.json().code]).toEqual([
        others.statusCode,
        others.json().code,
      ]);
    }
    expect(await stored(id)).toEqual({
      event_name: expect.stringMatching(/^Jamboree/),
      troop_id: COUNCIL.id,
    });
    // The occurrence routes of a troop change nothing of the council's either.
    const cancel = await calendar(
      'POST',
      A.projectId,
      `/events/${id}/occurrences/2031-05-10/cancel`,
      ann,
    );
    expect(cancel.statusCode).toBe(404);
    const changed = await patch(id, lee, COUNCIL.projectId);
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await stored(id))?.event_name).toBe('Taken over');
    const removed = await remove(id, lee, COUNCIL.projectId);
    expect(ids(removed)).toEqual([id]);
    expect(await stored(id)).toBeUndefined();
  });

  it("keeps each troop's answers to a council event in that troop; a person in two troops answers in each", async () => {
    const id = await councilEvent({ capacity: 1 });
    const answer = (projectId: string, who: TestMember, value: string) =>
      calendar('PUT', projectId, `/events/${id}/rsvps`, who, {
        attendee: `user:${who.id}`,
        answer: value,
      });
    const inA = await answer(A.projectId, pat, 'going');
    expect(inA.statusCode, inA.body).toBe(200);
    const inB = await answer(B.projectId, pat, 'not_going');
    expect(inB.statusCode, inB.body).toBe(200);
    // The capacity is each troop's: B's member takes B's place, A's line is A's.
    const bobs = await answer(B.projectId, bob, 'going');
    expect(bobs.statusCode, bobs.body).toBe(200);
    const { rows } = await t.deps.store.query<{
      troop_id: string;
      attendee: string;
      answer: string;
    }>(
      'SELECT troop_id, attendee, answer FROM rsvps WHERE event_id = ? ORDER BY troop_id, attendee',
      [id],
    );
    expect(rows).toEqual([
      { troop_id: A.id, attendee: 'user:pat', answer: 'going' },
      { troop_id: B.id, attendee: 'user:bob', answer: 'going' },
      { troop_id: B.id, attendee: 'user:pat', answer: 'not_going' },
    ]);
    const summary = async (projectId: string) =>
      (await calendar('GET', projectId, `/events/${id}/rsvps`, pat)).json();
    expect((await summary(A.projectId)).counts).toMatchObject({ adultsGoing: 1, notGoing: 0 });
    expect((await summary(B.projectId)).counts).toMatchObject({
      adultsGoing: 1,
      notGoing: 1,
      waitlisted: 0,
    });
    // The family's answers of a month, in each troop: that troop's answer to the council's event.
    const mine = async (projectId: string) =>
      (
        (await calendar('GET', projectId, '/rsvps/mine?from=2031-05-01&to=2031-05-31', pat)).json()
          .answers as Array<{ eventId: string; answer: string }>
      ).filter((a) => a.eventId === id);
    expect((await mine(A.projectId)).map((a) => a.answer)).toEqual(['going']);
    expect((await mine(B.projectId)).map((a) => a.answer)).toEqual(['not_going']);
    // C does not see the event to answer it.
    expect((await answer(C, cal, 'going')).statusCode).toBe(404);
    // Each troop's leaders nudge their own troop about it, once a day each.
    const nudge = (projectId: string, who: TestMember) =>
      calendar('POST', projectId, `/events/${id}/rsvps/nudge`, who, {});
    expect((await nudge(A.projectId, ann)).statusCode).toBe(200);
    expect((await nudge(B.projectId, bea)).statusCode).toBe(200);
    expect((await nudge(A.projectId, ann)).statusCode).toBe(429);
    const nudges = await t.deps.store.query<{ troop_id: string }>(
      'SELECT troop_id FROM rsvp_nudges WHERE event_id = ? ORDER BY troop_id',
      [id],
    );
    expect(nudges.rows).toEqual([{ troop_id: A.id }, { troop_id: B.id }]);
  });
});

/**
 * Sheets at work, on both stores: the last place taken by two adults at the same moment, slots
 * on every occurrence of a series, the lists across events, seats against the RSVPs, giving a
 * place back after the cut-off, swaps, the rules a schema cannot say, and two troops.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireVolunteerSheet } from '@scout/protocol/volunteer';
import { addTroop, joinTroop, troopEvent } from '../../test/calendar.ts';
import { historyMark } from '../../test/realtime.ts';
import { addMember, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer } from '../../test/rsvps.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

describe.each(testStoreKinds)('volunteer sheets (%s)', (kind) => {
  let t: TestApp;
  let lee: TestMember;
  const parents: TestMember[] = [];

  const call = (token: string, method: string, path: string, payload?: unknown, project?: string) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api/volunteer/${project ?? t.deps.config.projectId}${path}`,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const addSlot = async (event: string, body: Record<string, unknown>) => {
    const res = await call(lee.token, 'POST', `/events/${event}/slots`, {
      title: 'Driver to camp',
      kind: 'driver',
      people: 1,
      seats: 3,
      ...body,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().slot.id as string;
  };
  const take = (i: number, slot: string, body: Record<string, unknown> = {}) =>
    call(parents[i]!.token, 'POST', `/slots/${slot}/take`, body);
  const sheetOf = async (event: string, occurrence?: string) => {
    const q = occurrence ? `?occurrence=${occurrence}` : '';
    const res = await call(lee.token, 'GET', `/events/${event}/slots${q}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireVolunteerSheet;
  };

  beforeAll(async () => {
    t = await buildTestApp({ store: kind });
    lee = await addMember(t, 'lee', 'leader');
    for (const name of ['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']) {
      parents.push(await addMember(t, name));
      await addHousehold(t, `h-${name}`, [name], [{ id: `kid-${name}`, first: 'Kid', last: name }]);
    }
  });
  afterAll(async () => t?.close());

  it('gives the last place to exactly one of two adults taking it at the same moment', async () => {
    const event = await addEvent(t, lee.token, { eventName: 'Last seat' });
    const slot = await addSlot(event, { people: 2 });
    expect((await take(0, slot)).statusCode).toBe(200);
    const [a, b] = await Promise.all([take(1, slot), take(2, slot)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = [a, b].find((r) => r.statusCode === 409)!;
    expect(loser.json()).toMatchObject({ code: 'VOLUNTEER_SLOT_FULL' });
    const seen = (await sheetOf(event)).slots[0]!;
    expect(seen).toMatchObject({ full: true, placesLeft: 0 });
    expect(seen.places).toHaveLength(2);
  });

  it('never fills a slot past its people however many take it at once, and one place a person', async () => {
    const event = await addEvent(t, lee.token, { eventName: 'Rush' });
    const slot = await addSlot(event, { kind: 'meal', seats: null, people: 3 });
    const all = await Promise.all([...parents.map((_, i) => take(i, slot)), take(0, slot)]);
    const codes = all.map((r) => (r.statusCode === 200 ? 'ok' : r.json().code)).sort();
    expect(codes.filter((c) => c === 'ok')).toHaveLength(3);
    expect(new Set(codes.filter((c) => c !== 'ok'))).toEqual(
      new Set(
        codes.includes('VOLUNTEER_ALREADY_SIGNED_UP')
          ? ['VOLUNTEER_SLOT_FULL', 'VOLUNTEER_ALREADY_SIGNED_UP']
          : ['VOLUNTEER_SLOT_FULL'],
      ),
    );
    const { rows } = await t.deps.store.query<{ place: number | string }>(
      'SELECT place FROM volunteer_signups WHERE slot_id = ? ORDER BY place',
      [slot],
    );
    expect(rows.map((r) => Number(r.place))).toEqual([1, 2, 3]);
  });

  it('repeats a slot on every occurrence of a series, with places per occurrence, in the lists soonest first', async () => {
    const series = await addEvent(t, lee.token, {
      eventName: 'Troop meeting',
      eventDate: '2032-03-02',
      eventTime: '19:00',
      rrule: 'FREQ=WEEKLY;COUNT=3',
    });
    const snack = await addSlot(series, {
      kind: 'meal',
      seats: null,
      title: 'Snack',
      people: 1,
      occurrence: '*',
    });
    const oneNight = await addSlot(series, {
      kind: 'shift',
      seats: null,
      title: 'Flag ceremony',
      people: 2,
      occurrence: '2032-03-09',
    });
    // A repeating slot names its occurrence; a date the series does not give is none.
    expect((await take(0, snack)).statusCode).toBe(400);
    expect((await take(0, snack, { occurrence: '2032-03-03' })).statusCode).toBe(404);
    expect((await take(0, snack, { occurrence: '2032-03-09' })).statusCode).toBe(200);
    expect((await take(1, snack, { occurrence: '2032-03-16' })).statusCode).toBe(200);
    expect((await take(1, oneNight)).statusCode).toBe(200);

    const second = await sheetOf(series, '2032-03-09');
    expect(second.slots.map((s) => `${s.title}:${s.places.map((p) => p.name).join()}`)).toEqual([
      'Snack:Member p1',
      'Flag ceremony:Member p2',
    ]);
    expect((await sheetOf(series, '2032-03-02')).slots.map((s) => s.title)).toEqual(['Snack']);

    const window = '?from=2032-03-01&to=2032-03-31';
    const open = (await call(parents[2]!.token, 'GET', `/open${window}`)).json();
    expect(
      open.slots.map(
        (s: { date: string; title: string; empty: boolean }) =>
          `${s.date} ${s.title}${s.empty ? ' (empty)' : ''}`,
      ),
    ).toEqual(['2032-03-02 Snack (empty)', '2032-03-09 Flag ceremony']);
    const mine = (await call(parents[1]!.token, 'GET', `/mine${window}`)).json();
    expect(
      mine.commitments.map((c: { date: string; title: string }) => `${c.date} ${c.title}`),
    ).toEqual(['2032-03-09 Flag ceremony', '2032-03-16 Snack']);
    const unfilled = (await call(lee.token, 'GET', `/unfilled${window}`)).json();
    expect(
      unfilled.events.map((e: { date: string; placesLeft: number }) => `${e.date}:${e.placesLeft}`),
    ).toEqual(['2032-03-02:1', '2032-03-09:1']);
  });

  it('shows seats offered by drivers against the youth and adults going: short by 4, then 2', async () => {
    const event = await addEvent(t, lee.token, { eventName: 'Campout seats' });
    const drivers = await addSlot(event, { people: 3, seats: 2 });
    for (const i of [0, 1, 2, 3, 4])
      expect(
        (
          await answer(t, parents[i]!.token, event, {
            attendee: `scout:kid-p${i + 1}`,
            answer: 'going',
          })
        ).statusCode,
      ).toBe(200);
    // p1 drives and goes: no seat for them; p6 goes and rides.
    await answer(t, parents[0]!.token, event, { attendee: 'user:p1', answer: 'going' });
    await answer(t, parents[5]!.token, event, { attendee: 'user:p6', answer: 'going' });
    expect((await take(0, drivers)).statusCode).toBe(200);
    expect((await sheetOf(event)).seats).toEqual({
      drivers: 1,
      seatsOffered: 2,
      youthGoing: 5,
      adultsGoing: 2,
      riders: 6,
      shortBy: 4,
    });
    expect((await take(1, drivers)).statusCode).toBe(200);
    expect((await sheetOf(event)).seats).toMatchObject({ seatsOffered: 4, shortBy: 2 });
    const csv = await call(lee.token, 'GET', `/events/${event}/slots.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('campout-seats-volunteers.csv');
    expect(csv.body).toContain(
      '"Driver to camp","Driver","","1 of 3","Member p1","Adult","2","p1@troop12.org"',
    );
    expect(csv.body).toContain('"3 of 3","Open"');
  });

  it('lets a place go back before the cut-off quietly, and after it tells the leaders', async () => {
    // Three days from now: a cut-off a day before is ahead, one four days before has passed.
    const day = new Date(t.clock.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const event = await addEvent(t, lee.token, {
      eventName: 'Cut-off hike',
      eventDate: day,
      eventTime: '12:00',
    });
    const slot = await addSlot(event, { kind: 'gear', seats: null, people: 2, cutoffHours: 24 });
    expect(Date.parse((await sheetOf(event)).slots[0]!.cutoffAt!)).toBeGreaterThan(t.clock.now());
    const mark = await historyMark(t, 'volunteer');
    const giveBack = () => call(parents[0]!.token, 'POST', `/slots/${slot}/give-back`, {});
    const jobs = () =>
      t.deps.store.query<{ payload: string }>(
        "SELECT payload FROM jobs WHERE dedupe_key LIKE 'volunteer-late:%'",
      );
    expect((await take(0, slot)).statusCode).toBe(200);
    const early = await giveBack();
    expect(early.statusCode, early.body).toBe(200);
    expect(early.json().late).toBe(false);
    expect((await jobs()).rows).toHaveLength(0);

    expect((await take(0, slot)).statusCode).toBe(200);
    const moved = await call(lee.token, 'PATCH', `/slots/${slot}`, { cutoffHours: 96 });
    expect(Date.parse(moved.json().slot.cutoffAt)).toBeLessThan(t.clock.now());
    const late = await giveBack();
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().late).toBe(true);
    const told = (await jobs()).rows.map((r) => JSON.parse(String(r.payload)));
    expect(told.map((p: { userId: string }) => p.userId)).toEqual(['lee']);
    expect(told[0].content.subject).toContain('Cut-off hike');
    // Nothing to give back twice.
    expect((await giveBack()).statusCode).toBe(404);

    const history = await t.deps.realtime.history('volunteer', {
      start: mark,
      end: 'open',
      limit: 10,
    });
    expect(history.map((m) => (m.data as { change: string }).change)).toEqual([
      'taken',
      'given-back',
      'taken',
      'edited',
      'given-back-late',
    ]);
    expect(history[0]).toMatchObject({ data: { eventId: event, occurrence: '', slotId: slot } });
    expect(JSON.stringify(history.map((m) => m.data))).not.toContain('p1');
  });

  it('hands a place over only when the member named accepts, keeping its number', async () => {
    const event = await addEvent(t, lee.token, { eventName: 'Swap day' });
    const slot = await addSlot(event, { kind: 'shift', seats: null, people: 2 });
    expect((await take(0, slot)).statusCode).toBe(200);
    expect((await take(1, slot)).statusCode).toBe(200);
    // p2 holds a place already: offering them p1's is refused; p3 may have it.
    expect(
      (await call(parents[0]!.token, 'POST', `/slots/${slot}/offer`, { to: 'p2' })).statusCode,
    ).toBe(409);
    expect(
      (await call(parents[0]!.token, 'POST', `/slots/${slot}/offer`, { to: 'nobody' })).statusCode,
    ).toBe(404);
    expect(
      (await call(parents[0]!.token, 'POST', `/slots/${slot}/offer`, { to: 'p3' })).statusCode,
    ).toBe(200);
    const mine = (
      await call(parents[2]!.token, 'GET', '/mine?from=2031-04-01&to=2031-04-30')
    ).json();
    expect(mine.offers).toEqual([
      expect.objectContaining({
        from: 'Member p1',
        slot: expect.objectContaining({ slotId: slot }),
      }),
    ]);
    const accepted = await call(
      parents[2]!.token,
      'POST',
      `/offers/${mine.offers[0].offerId}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const { rows } = await t.deps.store.query<{ volunteer: string; place: number | string }>(
      'SELECT volunteer, place FROM volunteer_signups WHERE slot_id = ? ORDER BY place',
      [slot],
    );
    expect(rows.map((r) => `${Number(r.place)}:${r.volunteer}`)).toEqual([
      '1:user:p3',
      '2:user:p2',
    ]);
    expect(
      (await call(parents[2]!.token, 'POST', `/offers/${mine.offers[0].offerId}/accept`))
        .statusCode,
    ).toBe(404);
  });

  it('refuses what a schema cannot say in words a leader reads, and never a slot below its places', async () => {
    const event = await addEvent(t, lee.token, { eventName: 'Rules' });
    const bad = [
      { title: 'Shift', kind: 'shift', people: 1, timeFrom: '07:00' },
      { title: 'Shift', kind: 'shift', people: 1, timeFrom: '09:00', timeTo: '07:00' },
      { title: 'Soup', kind: 'meal', people: 1, seats: 4 },
      { title: '   ', kind: 'gear', people: 1 },
      { title: 'Soup', kind: 'soup', people: 1 },
      { title: 'Soup', kind: 'meal', people: 0 },
      { title: 'Soup', kind: 'meal', people: 1, occurrence: '*' },
      { title: 'Soup', kind: 'meal', people: 1, occurrence: '2031-04-18' },
    ];
    for (const body of bad) {
      const res = await call(lee.token, 'POST', `/events/${event}/slots`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
    const slot = await addSlot(event, { kind: 'gear', seats: null, people: 2 });
    expect((await take(0, slot)).statusCode).toBe(200);
    expect((await take(1, slot)).statusCode).toBe(200);
    const lower = await call(lee.token, 'PATCH', `/slots/${slot}`, { people: 1 });
    expect(lower.statusCode).toBe(409);
    expect(lower.json().message).toContain('2 people already took places');
    const more = await call(lee.token, 'PATCH', `/slots/${slot}`, { people: 3, title: 'Tarps' });
    expect(more.json().slot).toMatchObject({ people: 3, title: 'Tarps', placesLeft: 1 });
  });

  it("keeps each troop's sheets: another troop's event and slot are 404 by any id", async () => {
    await addTroop(t, { id: 'troop-b', projectId: 'troop-b-project' });
    await joinTroop(t, 'lee', 'troop-b', 'leader');
    await troopEvent(t, 'troop-b', {
      id: 'b-campout',
      user_id: 'lee',
      event_name: 'B campout',
      event_date: '2031-04-19',
    });
    const inB = await call(
      lee.token,
      'POST',
      '/events/b-campout/slots',
      { title: 'Driver', kind: 'driver', people: 1 },
      'troop-b-project',
    );
    expect(inB.statusCode, inB.body).toBe(200);
    const bSlot = inB.json().slot.id as string;
    expect((await call(lee.token, 'GET', '/events/b-campout/slots')).statusCode).toBe(404);
    expect(
      (
        await call(lee.token, 'POST', '/events/b-campout/slots', {
          title: 'X',
          kind: 'gear',
          people: 1,
        })
      ).statusCode,
    ).toBe(404);
    for (const [method, path] of [
      ['POST', `/slots/${bSlot}/take`],
      ['PATCH', `/slots/${bSlot}`],
      ['DELETE', `/slots/${bSlot}`],
    ] as const)
      expect(
        (await call(lee.token, method, path, method === 'DELETE' ? undefined : {})).statusCode,
      ).toBe(404);
    const { rows } = await t.deps.store.query<{ troop_id: string }>(
      'SELECT troop_id FROM volunteer_slots WHERE event_id = ?',
      ['b-campout'],
    );
    expect(rows).toEqual([{ troop_id: 'troop-b' }]);
  });
});

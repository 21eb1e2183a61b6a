/**
 * A list of events shows each of a family's answers without a request per event: the window's
 * answers of the caller and their household's scouts, on both stores.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { WireHouseholdAnswers } from '@scout/protocol/rsvps';
import { addMember, type TestMember } from '../../test/rest.ts';
import { addEvent, addHousehold, answer } from '../../test/rsvps.ts';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)("a household's answers in a window (%s)", (kind) => {
  const t = sharedTestApp({ store: kind, empty: true });
  let ann: TestMember;
  let bob: TestMember;
  let lee: TestMember;

  beforeEach(async () => {
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    await addHousehold(
      t,
      'able',
      ['ann'],
      [
        { id: 'sam', first: 'Sam', last: 'Able' },
        { id: 'tia', first: 'Tia', last: 'Able' },
      ],
    );
    await addHousehold(t, 'baker', ['bob'], [{ id: 'ben', first: 'Ben', last: 'Baker' }]);
  });

  const mine = (token: string, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/calendar/${t.deps.config.projectId}/rsvps/mine?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });

  const byKey = <T extends { eventId: string; occurrence: string; attendee: string }>(list: T[]) =>
    [...list].sort((a, b) =>
      `${a.eventId} ${a.occurrence} ${a.attendee}`.localeCompare(
        `${b.eventId} ${b.occurrence} ${b.attendee}`,
      ),
    );

  const ok = async (token: string, query: string) => {
    const res = await mine(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireHouseholdAnswers;
  };

  it("names the caller and their scouts, and gives only their answers to the window's events", async () => {
    const campout = await addEvent(t, lee.token, {
      eventName: 'Campout',
      eventDate: '2031-04-18',
      endDate: '2031-04-20',
    });
    const later = await addEvent(t, lee.token, { eventName: 'Later', eventDate: '2031-06-01' });
    const meeting = await addEvent(t, lee.token, {
      eventName: 'Meeting',
      eventDate: '2031-04-01',
      rrule: 'FREQ=WEEKLY;COUNT=8',
    });
    for (const [event, who, value, occurrence] of [
      [campout, 'scout:sam', 'going', undefined],
      [campout, 'scout:tia', 'not_going', undefined],
      [later, 'user:ann', 'maybe', undefined],
      [meeting, 'scout:sam', 'going', '2031-04-22'],
      [meeting, 'scout:sam', 'maybe', '2031-05-13'],
    ] as const) {
      const res = await answer(t, ann.token, event, {
        attendee: who,
        answer: value,
        ...(occurrence ? { occurrence } : {}),
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // Another family's answer is never in ann's list.
    await answer(t, bob.token, campout, { attendee: 'scout:ben', answer: 'going' });

    // The campout runs 18 to 20 April: a window starting on the 19th still meets it.
    const april = await ok(ann.token, 'from=2031-04-19&to=2031-04-30');
    expect(april.people).toEqual([
      { attendee: 'user:ann', name: 'Member ann', youth: false },
      { attendee: 'scout:sam', name: 'Sam Able', youth: true },
      { attendee: 'scout:tia', name: 'Tia Able', youth: true },
    ]);
    expect(byKey(april.answers)).toEqual(
      byKey([
        {
          eventId: campout,
          occurrence: '',
          attendee: 'scout:sam',
          answer: 'going',
          waitlisted: false,
        },
        {
          eventId: campout,
          occurrence: '',
          attendee: 'scout:tia',
          answer: 'not_going',
          waitlisted: false,
        },
        {
          eventId: meeting,
          occurrence: '2031-04-22',
          attendee: 'scout:sam',
          answer: 'going',
          waitlisted: false,
        },
      ]),
    );
    const spring = await ok(ann.token, 'from=2031-04-01&to=2031-06-30');
    expect(spring.answers.map((a) => [a.eventId, a.occurrence, a.attendee]).sort()).toEqual(
      [
        [campout, '', 'scout:sam'],
        [campout, '', 'scout:tia'],
        [later, '', 'user:ann'],
        [meeting, '2031-04-22', 'scout:sam'],
        [meeting, '2031-05-13', 'scout:sam'],
      ].sort(),
    );
    // Who is going, counted for every event of the window (not the waiting, not other answers).
    expect(byKey(spring.going.map((g) => ({ ...g, attendee: '' })))).toEqual(
      byKey([
        { eventId: campout, occurrence: '', attendee: '', count: 2 },
        { eventId: meeting, occurrence: '2031-04-22', attendee: '', count: 1 },
      ]),
    );
    // A member without a household has themself only, and their own answers.
    const leader = await ok(lee.token, 'from=2031-04-01&to=2031-06-30');
    expect(leader).toMatchObject({
      people: [{ attendee: 'user:lee', name: 'Member lee', youth: false }],
      answers: [],
    });
    expect(leader.going).toEqual(spring.going);
  });

  it('refuses a window that is not two dates in order, or longer than the limit, and a stranger', async () => {
    for (const query of [
      'from=2031-04-01',
      'from=2031-04-01&to=April',
      'from=2031-05-01&to=2031-04-01',
      'from=2031-01-01&to=2032-12-31',
      'from=2031-04-01&to=2031-04-30&extra=1',
    ]) {
      const res = await mine(ann.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/calendar/${t.deps.config.projectId}/rsvps/mine?from=2031-04-01&to=2031-04-30`,
    });
    expect(res.statusCode).toBe(401);
  });
});

/** calendar_events' details and series columns through the Data API (migration 025). */
import { EVENT_MAX_EXCEPTIONS } from '@scout/protocol/calendar-events';
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const EVENT = { eventName: 'Troop meeting', eventDate: '2026-03-03', eventTime: '19:00' };

describe.each(testStoreKinds)('calendar event details (%s)', (kind) => {
  // Tests count and read the whole table, under one id: each starts on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let a: TestMember;

  beforeEach(async () => {
    a = await addMember(t, 'member-a');
  });

  const create = (body: Record<string, unknown>) =>
    callRest(t, 'POST', 'calendar_events', {
      token: a.token,
      body: { id: 'e1', ...EVENT, ...body },
      prefer: 'return=representation',
    });
  const count = async () =>
    Number(
      (await t.deps.store.query<{ n: number }>('SELECT COUNT(*) AS n FROM calendar_events')).rows[0]
        ?.n,
    );

  it('stores every detail of a weekly meeting in one row', async () => {
    const res = await create({
      endTime: '20:30',
      location: '  Scout Hall, 12 Elm Street ',
      description: 'Bring your handbook.\nUniform: class A',
      category: 'meeting',
      rrule: 'RRULE:freq=weekly;byday=TU;count=10',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({
      end_time: '20:30',
      location: 'Scout Hall, 12 Elm Street',
      description: 'Bring your handbook.\nUniform: class A',
      category: 'meeting',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
      status: 'confirmed',
      all_day: false,
    });
    expect(await count()).toBe(1);
  });

  it('takes an all-day campout over several days without a time', async () => {
    const res = await create({
      eventName: 'Summer camp',
      eventDate: '2026-07-10',
      eventTime: '',
      endDate: '2026-07-17',
      allDay: true,
      category: 'campout',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()[0]).toMatchObject({ event_time: '', end_date: '2026-07-17', all_day: true });
  });

  it('takes a series without an end', async () => {
    expect((await create({ rrule: 'FREQ=WEEKLY;BYDAY=TU' })).statusCode).toBe(201);
  });

  it.each([
    ['a malformed rule', { rrule: 'FREQ=WEEKLY;BYDAY=XX' }, /BYDAY/],
    ['a rule that is not one', { rrule: 'every tuesday' }, /FREQ=WEEKLY/],
    ['an unsupported frequency', { rrule: 'FREQ=HOURLY' }, /FREQ must be/],
    ['a rule with COUNT and UNTIL', { rrule: 'FREQ=DAILY;COUNT=2;UNTIL=20261231' }, /not both/],
    ['a rule ending before the start', { rrule: 'FREQ=WEEKLY;UNTIL=20260101' }, /no occurrence/],
    [
      'a day the months never have',
      { rrule: 'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30' },
      /do not have/,
    ],
    ['a start the rule does not give', { rrule: 'FREQ=WEEKLY;BYDAY=WE' }, /first date/],
    ['an end before the start', { endDate: '2026-03-02' }, /last day cannot be before the first/],
    ['an end time before the start time', { endTime: '18:00' }, /end must be after the start/],
    ['an impossible date', { eventDate: '2026-02-30' }, /YYYY-MM-DD/],
    ['an impossible end of a rule', { rrule: 'FREQ=WEEKLY;UNTIL=20260230' }, /real date/],
    ['an impossible end date', { endDate: '2026-13-01' }, /YYYY-MM-DD/],
    ['an unknown category', { category: 'party' }, /Category must be one of/],
    ['an unknown status', { status: 'postponed' }, /Status must be one of/],
    ['an over-long location', { location: 'x'.repeat(301) }, /at most 300/],
    ['an all-day event with an end time', { allDay: true, endTime: '10:00' }, /no end time/],
    ['a claimed occurrence', { seriesId: 'other', recurrenceDate: '2026-03-10' }, /occurrences/],
    [
      'too many removed occurrences',
      {
        rrule: 'FREQ=DAILY',
        exdates: Array.from({ length: EVENT_MAX_EXCEPTIONS + 1 }, (_, i) =>
          new Date(Date.UTC(2026, 2, 4 + i)).toISOString().slice(0, 10),
        ).join(','),
      },
      /at most 500 removed/,
    ],
    [
      'every occurrence removed',
      { rrule: 'FREQ=WEEKLY;COUNT=2', exdates: '2026-03-03,2026-03-10' },
      /Every occurrence/,
    ],
  ])('refuses %s with a 400 and stores nothing', async (_, body, message) => {
    const res = await create(body);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
    expect(await count()).toBe(0);
  });

  it('refuses an update that would end the event before it starts, keeping the row', async () => {
    await create({ endDate: '2026-03-05' });
    const res = await callRest(t, 'PATCH', 'calendar_events?id=eq.e1', {
      token: a.token,
      body: { eventDate: '2026-03-09' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/last day cannot be before the first/);
    const row = (await t.deps.store.query('SELECT event_date, sequence FROM calendar_events'))
      .rows[0];
    expect(row).toEqual({ event_date: '2026-03-03', sequence: 0 });
  });

  it('refuses an update that gives a series a start its rule skips', async () => {
    await create({ rrule: 'FREQ=WEEKLY;BYDAY=TU' });
    const res = await callRest(t, 'PATCH', 'calendar_events?id=eq.e1', {
      token: a.token,
      body: { eventDate: '2026-03-04' },
    });
    expect(res.statusCode).toBe(400);
    const row = (await t.deps.store.query('SELECT event_date FROM calendar_events')).rows[0];
    expect(row).toEqual({ event_date: '2026-03-03' });
  });

  it('refuses a rule change that would strand a changed occurrence, keeping both rows', async () => {
    await create({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=5' });
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/calendar/${t.deps.config.projectId}/events/e1/occurrences/2026-03-10?scope=this`,
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ changes: { eventTime: '18:00' } }),
    });
    expect(moved.statusCode).toBe(200);
    for (const body of [{ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=1' }, { rrule: null }]) {
      const res = await callRest(t, 'PATCH', 'calendar_events?id=eq.e1', { token: a.token, body });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/changed occurrence on 2026-03-10/);
    }
    const { rows } = await t.deps.store.query('SELECT id, rrule FROM calendar_events ORDER BY id');
    expect(rows).toEqual([
      { id: 'e1', rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=5' },
      { id: 'e1_20260310', rrule: null },
    ]);
    // A rule that still gives the date is taken.
    const longer = await callRest(t, 'PATCH', 'calendar_events?id=eq.e1', {
      token: a.token,
      body: { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=8' },
    });
    expect(longer.statusCode).toBe(200);
  });

  it('cancels an event with a reason, keeping it listed', async () => {
    await create({});
    const res = await callRest(t, 'PATCH', 'calendar_events?id=eq.e1', {
      token: a.token,
      body: { status: 'cancelled', cancelReason: 'Hall flooded' },
      prefer: 'return=representation',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'Hall flooded',
      sequence: 1,
    });
    const list = await callRest(t, 'GET', 'calendar_events?select=id,status', { token: a.token });
    expect(list.json()).toEqual([{ id: 'e1', status: 'cancelled' }]);
  });
});

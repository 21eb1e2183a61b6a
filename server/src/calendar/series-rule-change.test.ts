/**
 * Changing a series' repeat rule from a date on or for the whole series, on both stores: the
 * old series ends the day before, the new rule starts on its first date, a 7 PM meeting stays
 * at 7 PM, exceptions stay only where the new rule gives their date, and refusals store nothing.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const SERIES = {
  id: 'meet',
  eventName: 'Troop meeting',
  eventDate: '2026-03-03',
  eventTime: '19:00',
  endTime: '20:30',
  rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
};

describe.each(testStoreKinds)('changing the repeat rule (%s)', (kind) => {
  // Every test starts from the same series under the same ids: on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let ann: TestMember;

  beforeEach(async () => {
    ann = await addMember(t, 'ann');
    expect(
      (await callRest(t, 'POST', 'calendar_events', { token: ann.token, body: SERIES })).statusCode,
    ).toBe(201);
  });

  const base = () => `/api/calendar/${t.deps.config.projectId}`;
  const read = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/occurrences?from=2026-03-01&to=2026-06-30`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().occurrences as Array<Record<string, unknown>>;
  };
  const send = (method: 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `${base()}/events/${path}`,
      headers: {
        authorization: `Bearer ${ann.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const rows = async () =>
    (
      await t.deps.store.query<{ id: string; rrule: string | null; exdates: string | null }>(
        'SELECT id, rrule, exdates FROM calendar_events ORDER BY id',
      )
    ).rows;
  const dates = (os: Array<Record<string, unknown>>) => os.map((o) => `${o.date} ${o.time}`);

  it('names each occurrence’s rule, a changed occurrence its series’', async () => {
    await send('PATCH', 'meet/occurrences/2026-03-10?scope=this', {
      changes: { location: 'Park' },
    });
    const all = await read();
    expect(all).toHaveLength(10);
    expect(new Set(all.map((o) => o.rrule))).toEqual(new Set(['FREQ=WEEKLY;BYDAY=TU;COUNT=10']));
    expect(all[1]).toMatchObject({ eventId: 'meet_20260310', location: 'Park' });
  });

  it('moves the meetings from Tuesday to Wednesday from a date on, at 7 PM, ten in all', async () => {
    const res = await send('PATCH', 'meet/occurrences/2026-03-31?scope=following', {
      changes: { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=10' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    expect(dates(all)).toEqual([
      '2026-03-03 19:00',
      '2026-03-10 19:00',
      '2026-03-17 19:00',
      '2026-03-24 19:00',
      '2026-04-01 19:00',
      '2026-04-08 19:00',
      '2026-04-15 19:00',
      '2026-04-22 19:00',
      '2026-04-29 19:00',
      '2026-05-06 19:00',
    ]);
    expect(all[3]).toMatchObject({
      seriesId: 'meet',
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260330',
    });
    expect(all[4]).toMatchObject({
      seriesId: 'meet_from_20260331',
      occurrenceDate: '2026-04-01',
      rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=6',
      endTime: '20:30',
    });
  });

  it('changes the whole series’ rule, keeping only the exceptions it still gives', async () => {
    await send('PATCH', 'meet/occurrences/2026-03-10?scope=this', {
      changes: { location: 'Park' },
    });
    await send('DELETE', 'meet/occurrences/2026-03-17?scope=this');
    const res = await send('PATCH', 'meet/occurrences/2026-03-24?scope=all', {
      changes: { rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260402' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    // Tuesdays and Thursdays from the old start; the moved Tuesday keeps its place, the removed one stays removed.
    expect(all.map((o) => o.date)).toEqual([
      '2026-03-03',
      '2026-03-05',
      '2026-03-10',
      '2026-03-12',
      '2026-03-19',
      '2026-03-24',
      '2026-03-26',
      '2026-03-31',
      '2026-04-02',
    ]);
    expect(all[2]).toMatchObject({ location: 'Park' });
    expect(await rows()).toEqual([
      { id: 'meet', rrule: 'FREQ=WEEKLY;BYDAY=TU,TH;UNTIL=20260402', exdates: '2026-03-17' },
      { id: 'meet_20260310', rrule: null, exdates: null },
    ]);
    // To Wednesdays only: the Tuesday exceptions go with the Tuesdays.
    expect(
      (
        await send('PATCH', 'meet/occurrences/2026-03-03?scope=all', {
          changes: { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3' },
        })
      ).statusCode,
    ).toBe(200);
    expect(dates(await read())).toEqual([
      '2026-03-04 19:00',
      '2026-03-11 19:00',
      '2026-03-18 19:00',
    ]);
    expect(await rows()).toEqual([
      { id: 'meet', rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=3', exdates: null },
    ]);
  });

  it('ends the repeating from a date on: the rest is one event', async () => {
    const res = await send('PATCH', 'meet/occurrences/2026-03-17?scope=following', {
      changes: { rrule: null, eventName: 'Last meeting' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    expect(all.map((o) => `${o.date} ${o.name}`)).toEqual([
      '2026-03-03 Troop meeting',
      '2026-03-10 Troop meeting',
      '2026-03-17 Last meeting',
    ]);
    expect(all[2]).toMatchObject({ seriesId: null, rrule: null });
  });

  it('changes from a date on when every earlier meeting was removed: the new series is all', async () => {
    await send('DELETE', 'meet/occurrences/2026-03-03?scope=this');
    const res = await send('PATCH', 'meet/occurrences/2026-03-10?scope=following', {
      changes: { eventTime: '18:00' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    expect(all).toHaveLength(9);
    expect(new Set(all.map((o) => `${o.seriesId} ${o.time}`))).toEqual(
      new Set(['meet_from_20260310 18:00']),
    );
    expect((await rows()).map((r) => r.id)).toEqual(['meet_from_20260310']);
  });

  it.each([
    ['a malformed rule', 'following', { rrule: 'FREQ=WEEKLY;BYDAY=XX' }],
    [
      'a rule with no occurrence from the date',
      'following',
      { rrule: 'FREQ=WEEKLY;BYDAY=WE;UNTIL=20260331' },
    ],
    ['a count the earlier meetings use up', 'following', { rrule: 'FREQ=WEEKLY;BYDAY=WE;COUNT=4' }],
    ['a rule for one occurrence', 'this', { rrule: 'FREQ=WEEKLY;BYDAY=WE' }],
    [
      'a new start the new rule skips',
      'all',
      { rrule: 'FREQ=WEEKLY;BYDAY=WE', eventDate: '2026-03-03' },
    ],
    ['an unsupported part', 'all', { rrule: 'FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1' }],
  ])('refuses %s with a 400, changing nothing', async (_, scope, changes) => {
    const before = await rows();
    const res = await send('PATCH', `meet/occurrences/2026-03-31?scope=${scope}`, { changes });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toEqual(expect.any(String));
    expect(await rows()).toEqual(before);
    expect(await read()).toHaveLength(10);
  });
});

/** Occurrences of a window and changes to one, following or all occurrences, on both stores. */
import { beforeEach, describe, expect, it } from 'vitest';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { historyMark } from '../../test/realtime.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const SERIES = {
  id: 'meet',
  eventName: 'Troop meeting',
  eventDate: '2026-03-03',
  eventTime: '19:00',
  endTime: '20:30',
  location: 'Scout Hall',
  category: 'meeting',
  rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
};

describe.each(testStoreKinds)('calendar occurrences (%s)', (kind) => {
  // Every test starts from the same series under the same ids: on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let ann: TestMember;
  let bob: TestMember;
  let lee: TestMember;

  beforeEach(async () => {
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    const res = await callRest(t, 'POST', 'calendar_events', { token: ann.token, body: SERIES });
    expect(res.statusCode).toBe(201);
  });

  const base = () => `/api/calendar/${t.deps.config.projectId}`;
  const read = async (from = '2026-03-01', to = '2026-05-31', token = bob.token) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/occurrences?from=${from}&to=${to}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().occurrences as Array<Record<string, unknown>>;
  };
  const call = (method: 'PATCH' | 'POST' | 'DELETE', path: string, token: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `${base()}/events/${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const rowCount = async () =>
    Number(
      (await t.deps.store.query<{ n: number }>('SELECT COUNT(*) AS n FROM calendar_events')).rows[0]
        ?.n,
    );
  const brief = (o: Record<string, unknown>) => `${o.date} ${o.time} ${o.status}`;

  it('reads the occurrences of a window from one stored row', async () => {
    const all = await read();
    expect(all).toHaveLength(10);
    expect(all[0]).toMatchObject({
      eventId: 'meet',
      seriesId: 'meet',
      occurrenceDate: '2026-03-03',
      date: '2026-03-03',
      time: '19:00',
      endTime: '20:30',
      location: 'Scout Hall',
      category: 'meeting',
      status: 'confirmed',
      userId: 'ann',
    });
    expect(await rowCount()).toBe(1);
  });

  it('moves one occurrence and cancels another, leaving the rest', async () => {
    const moved = await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', ann.token, {
      changes: { eventDate: '2026-03-12', eventTime: '18:30', endTime: '20:00' },
    });
    expect(moved.statusCode).toBe(200);
    const cancelled = await call(
      'POST',
      'meet/occurrences/2026-03-17/cancel?scope=this',
      ann.token,
      {
        reason: 'Hall closed',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    const march = await read('2026-03-01', '2026-03-31');
    expect(march.map(brief)).toEqual([
      '2026-03-03 19:00 confirmed',
      '2026-03-12 18:30 confirmed',
      '2026-03-17 19:00 cancelled',
      '2026-03-24 19:00 confirmed',
      '2026-03-31 19:00 confirmed',
    ]);
    expect(march[2]).toMatchObject({ cancelReason: 'Hall closed', occurrenceDate: '2026-03-17' });
    const series = (
      await t.deps.store.query<{ sequence: number }>(
        "SELECT sequence FROM calendar_events WHERE id = 'meet'",
      )
    ).rows[0];
    expect(Number(series?.sequence)).toBe(2);
  });

  it('announces every change on the calendar_events channel for open calendars', async () => {
    // The app is the suite's: only the messages published from here on are this test's.
    const mark = await historyMark(t, 'calendar_events');
    await call('POST', 'meet/occurrences/2026-03-17/cancel?scope=this', ann.token, {});
    await call('DELETE', 'meet/occurrences/2026-03-24?scope=this', lee.token);
    // Publishing does not hold up the answer: wait for the messages to land.
    await expect
      .poll(async () =>
        (
          await t.deps.realtime.history('calendar_events', {
            start: mark,
            end: 'open',
            limit: 50,
          })
        ).map((m) => [m.type, (m.data as { ids: string[] }).ids.join(','), m.userId]),
      )
      .toEqual(
        expect.arrayContaining([
          ['updated', 'meet', 'ann'],
          ['created', 'meet_20260317', 'ann'],
          ['updated', 'meet', 'lee'],
        ]),
      );
  });

  it('raises SEQUENCE and LAST-MODIFIED in the event file on every change, overrides included', async () => {
    const file = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${base()}/events/meet.ics`,
          headers: { authorization: `Bearer ${bob.token}` },
        })
      ).body;
    expect(await file()).toContain('SEQUENCE:0\r\n');
    t.clock.set(Date.UTC(2026, 1, 1, 12));
    await call('POST', 'meet/occurrences/2026-03-17/cancel?scope=this', ann.token, {});
    const after = await file();
    expect(after.match(/SEQUENCE:1\r\n/g)).toHaveLength(2);
    expect(after).toContain('LAST-MODIFIED:20260201T120000Z\r\n');
    expect(after).toContain('RECURRENCE-ID;TZID=');
    expect(after).toContain('STATUS:CANCELLED\r\n');
    // The changed occurrence's own file is the whole series.
    const own = await t.app.inject({
      method: 'GET',
      url: `${base()}/events/meet_20260317.ics`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(own.body).toBe(after);
  });

  it('removes one occurrence as an exception of the series', async () => {
    expect(
      (await call('DELETE', 'meet/occurrences/2026-03-10?scope=this', ann.token)).statusCode,
    ).toBe(200);
    expect((await read()).map((o) => o.date)).not.toContain('2026-03-10');
    expect((await read()).length).toBe(9);
    expect(await rowCount()).toBe(1);
  });

  it('changes this and following: earlier meetings keep their time, later ones move', async () => {
    await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', ann.token, {
      changes: { location: 'Park' },
    });
    await call('PATCH', 'meet/occurrences/2026-04-14?scope=this', ann.token, {
      changes: { location: 'Lake' },
    });
    const res = await call('PATCH', 'meet/occurrences/2026-03-31?scope=following', ann.token, {
      changes: { eventTime: '18:00', endTime: '19:30' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    expect(all).toHaveLength(10);
    expect(all.map((o) => o.time)).toEqual([
      '19:00',
      '19:00',
      '19:00',
      '19:00',
      '18:00',
      '18:00',
      '19:00',
      '18:00',
      '18:00',
      '18:00',
    ]);
    expect(all[1]).toMatchObject({ location: 'Park' });
    // The changed occurrence after the date stays changed, now within the new series.
    expect(all[6]).toMatchObject({
      location: 'Lake',
      date: '2026-04-14',
      seriesId: 'meet_from_20260331',
    });
    expect(all[9]?.date).toBe('2026-05-05');
  });

  it('edits the whole series, reaching changed occurrences for what is not about time', async () => {
    await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', ann.token, {
      changes: { eventTime: '18:00' },
    });
    const res = await call('PATCH', 'meet/occurrences/2026-03-24?scope=all', ann.token, {
      changes: { location: 'Church hall' },
    });
    expect(res.statusCode).toBe(200);
    const all = await read();
    expect(new Set(all.map((o) => o.location))).toEqual(new Set(['Church hall']));
    expect(all[1]).toMatchObject({ time: '18:00' });
  });

  it('cancels the whole series and keeps it visible', async () => {
    // Without a body: no reason given.
    const res = await call('POST', 'meet/occurrences/2026-03-03/cancel?scope=all', ann.token);
    expect(res.statusCode).toBe(200);
    expect(new Set((await read()).map((o) => o.status))).toEqual(new Set(['cancelled']));
  });

  it('deletes this and following, and the whole series with its changed occurrences', async () => {
    await call('PATCH', 'meet/occurrences/2026-04-07?scope=this', ann.token, {
      changes: { location: 'Lake' },
    });
    expect(
      (await call('DELETE', 'meet/occurrences/2026-03-31?scope=following', ann.token)).statusCode,
    ).toBe(200);
    expect((await read()).map((o) => o.date)).toEqual([
      '2026-03-03',
      '2026-03-10',
      '2026-03-17',
      '2026-03-24',
    ]);
    expect(await rowCount()).toBe(1);
    await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', ann.token, {
      changes: { location: 'Park' },
    });
    expect(
      (await call('DELETE', 'meet/occurrences/2026-03-03?scope=all', ann.token)).statusCode,
    ).toBe(200);
    expect(await read()).toEqual([]);
    expect(await rowCount()).toBe(0);
  });

  describe('who may change', () => {
    it('another member gets 403 and nothing changes', async () => {
      for (const res of [
        await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', bob.token, {
          changes: { location: 'Mine' },
        }),
        await call('POST', 'meet/occurrences/2026-03-10/cancel?scope=all', bob.token, {}),
        await call('DELETE', 'meet/occurrences/2026-03-10?scope=following', bob.token),
      ])
        expect(res.statusCode).toBe(403);
      expect(await rowCount()).toBe(1);
      expect(
        (await read()).every((o) => o.status === 'confirmed' && o.location === 'Scout Hall'),
      ).toBe(true);
    });

    it('a leader changes any member’s series; the creator stays its owner', async () => {
      const res = await call('POST', 'meet/occurrences/2026-03-10/cancel?scope=this', lee.token, {
        reason: 'Storm',
      });
      expect(res.statusCode).toBe(200);
      const [, second] = await read();
      expect(second).toMatchObject({ status: 'cancelled', cancelReason: 'Storm', userId: 'ann' });
    });

    it('a signed-out caller gets 401', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base()}/occurrences?from=2026-03-01&to=2026-03-31`,
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('bad input', () => {
    it.each([
      ['a date the series does not give', 'meet/occurrences/2026-03-11?scope=this', 404],
      ['an unknown event', 'nope/occurrences/2026-03-10?scope=this', 404],
      ['an unknown scope', 'meet/occurrences/2026-03-10?scope=some', 400],
    ])('%s', async (_, path, status) => {
      const res = await call('PATCH', path, ann.token, { changes: { location: 'X' } });
      expect(res.statusCode).toBe(status);
      expect(await rowCount()).toBe(1);
    });

    it.each([
      ['an end before the start', { endTime: '18:00' }],
      ['an impossible date', { eventDate: '2026-02-30' }],
      ['a repeat rule on one occurrence', { rrule: 'FREQ=DAILY' }],
      ['an unknown field', { colour: 'red' }],
      ['nothing', {}],
    ])('refuses %s with a 400, storing nothing', async (_, changes) => {
      const res = await call('PATCH', 'meet/occurrences/2026-03-10?scope=this', ann.token, {
        changes,
      });
      expect(res.statusCode).toBe(400);
      expect(await rowCount()).toBe(1);
    });

    it('refuses a following change whose new start the rule skips, storing nothing', async () => {
      const res = await call('PATCH', 'meet/occurrences/2026-03-31?scope=following', ann.token, {
        changes: { eventDate: '2026-04-01' },
      });
      expect(res.statusCode).toBe(400);
      expect(await rowCount()).toBe(1);
      expect(await read()).toHaveLength(10);
    });

    it.each([
      ['2026-03-01', '2027-06-01', 'A window is at most 400 days'],
      ['2026-03-31', '2026-03-01', 'to must not be before from'],
      ['2026-02-30', '2026-03-01', 'from and to must be dates written YYYY-MM-DD'],
    ])('refuses the window %s to %s: %s', async (from, to, message) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base()}/occurrences?from=${from}&to=${to}`,
        headers: { authorization: `Bearer ${bob.token}` },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });
  });
});

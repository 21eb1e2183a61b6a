/**
 * The rows the occurrence routes create (a changed occurrence, the new series of "this and
 * following") never take the place of another row, on both stores: Data API clients choose
 * their own ids, and the id a route would pick may already be another member's event, or
 * another series of the same member (docs/decisions/040-recurring-event-storage.md).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

const SERIES = {
  id: 'meet',
  eventName: 'Troop meeting',
  eventDate: '2026-03-03',
  eventTime: '19:00',
  rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10',
};

describe.each(embeddedStore)('ids of rows the occurrence routes create (%s)', (kind) => {
  let t: TestApp;
  let ann: TestMember;
  let bob: TestMember;

  beforeEach(async () => {
    t = await buildTestApp({ store: kind });
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    const res = await callRest(t, 'POST', 'calendar_events', { token: ann.token, body: SERIES });
    expect(res.statusCode).toBe(201);
  });
  afterEach(async () => t?.close());

  const base = () => `/api/calendar/${t.deps.config.projectId}`;
  const call = (method: 'PATCH' | 'POST', path: string, token: string, body: unknown) =>
    t.app.inject({
      method,
      url: `${base()}/events/${path}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  const row = async (id: string) =>
    (await t.deps.store.query('SELECT * FROM calendar_events WHERE id = ?', [id])).rows[0];
  const read = async (from: string, to: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/occurrences?from=${from}&to=${to}`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().occurrences as Array<Record<string, unknown>>;
  };
  const bobsEvent = async (id: string, eventDate: string) => {
    const res = await callRest(t, 'POST', 'calendar_events', {
      token: bob.token,
      body: { id, eventName: 'Bob’s bake sale', eventDate, eventTime: '10:00' },
    });
    expect(res.statusCode).toBe(201);
    return row(id);
  };

  it('a changed occurrence whose id is taken by another member’s event leaves that event be', async () => {
    const before = await bobsEvent('meet_20260317', '2026-05-01');
    const edited = await call('PATCH', 'meet/occurrences/2026-03-17?scope=this', ann.token, {
      changes: { location: 'Park' },
    });
    expect(edited.statusCode).toBe(200);
    const cancelled = await call(
      'POST',
      'meet/occurrences/2026-03-17/cancel?scope=this',
      ann.token,
      {
        reason: 'Storm',
      },
    );
    expect(cancelled.statusCode).toBe(200);
    expect(await row('meet_20260317')).toEqual(before);

    const { rows } = await t.deps.store.query<{ id: string; user_id: string }>(
      "SELECT id, user_id FROM calendar_events WHERE series_id = 'meet'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe('meet_20260317');
    expect(rows[0]?.user_id).toBe('ann');
    const created = (edited.json().changes as Array<{ kind: string; ids: string[] }>).find(
      (c) => c.kind === 'created',
    );
    expect(created?.ids).toEqual([rows[0]?.id]);

    expect(await read('2026-03-17', '2026-03-17')).toEqual([
      expect.objectContaining({
        eventId: rows[0]?.id,
        seriesId: 'meet',
        location: 'Park',
        status: 'cancelled',
        cancelReason: 'Storm',
      }),
    ]);
    expect(await read('2026-05-01', '2026-05-01')).toEqual([
      expect.objectContaining({ eventId: 'meet_20260317', name: 'Bob’s bake sale', userId: 'bob' }),
    ]);
  });

  it('a new series from a date whose id is taken by another member’s event leaves that event be', async () => {
    const before = await bobsEvent('meet_from_20260331', '2026-05-02');
    const res = await call('PATCH', 'meet/occurrences/2026-03-31?scope=following', ann.token, {
      changes: { eventTime: '18:00' },
    });
    expect(res.statusCode).toBe(200);
    expect(await row('meet_from_20260331')).toEqual(before);

    const { rows } = await t.deps.store.query<{ id: string; user_id: string; rrule: string }>(
      "SELECT id, user_id, rrule FROM calendar_events WHERE event_date = '2026-03-31'",
    );
    expect(rows).toEqual([
      {
        id: expect.not.stringMatching(/^meet_from_20260331$/),
        user_id: 'ann',
        rrule: expect.any(String),
      },
    ]);
    const later = await read('2026-03-31', '2026-05-05');
    expect(later.filter((o) => o.userId === 'ann').map((o) => `${o.date} ${o.time}`)).toEqual([
      '2026-03-31 18:00',
      '2026-04-07 18:00',
      '2026-04-14 18:00',
      '2026-04-21 18:00',
      '2026-04-28 18:00',
      '2026-05-05 18:00',
    ]);
    expect(later.filter((o) => o.userId === 'bob')).toEqual([
      expect.objectContaining({ eventId: 'meet_from_20260331', name: 'Bob’s bake sale' }),
    ]);
  });

  it('splitting again on a date already split keeps the first split series', async () => {
    await call('PATCH', 'meet/occurrences/2026-03-31?scope=following', ann.token, {
      changes: { location: 'Park' },
    });
    const first = await row('meet_from_20260331');
    expect(first).toMatchObject({ location: 'Park' });
    // The old series repeats past the split again, and is split on the same date once more.
    const extended = await call('PATCH', 'meet/occurrences/2026-03-03?scope=all', ann.token, {
      changes: { rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=10' },
    });
    expect(extended.statusCode).toBe(200);
    const again = await call('PATCH', 'meet/occurrences/2026-03-31?scope=following', ann.token, {
      changes: { location: 'Lake' },
    });
    expect(again.statusCode).toBe(200);
    expect(await row('meet_from_20260331')).toEqual(first);
    const { rows } = await t.deps.store.query<{ id: string }>(
      "SELECT id FROM calendar_events WHERE location = 'Lake'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toMatch(/^meet_from_20260331_[0-9a-f]{8}$/);
  });
});

/** calendar_events through the Data API: the rules of rules.ts and the checks of row-checks.ts. */
import { beforeEach, describe, expect, it } from 'vitest';
import { EVENT_FIELD_MESSAGES } from '@scout/protocol/event-fields';
import { sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';

const EVENT = { eventName: 'Troop meeting', eventDate: '2026-03-02', eventTime: '19:00' };

describe.each(testStoreKinds)('calendar events (%s)', (kind) => {
  // One app per store; the tests use fixed ids and list every event, so each starts on an
  // empty store.
  const t = sharedTestApp({ store: kind, empty: true });
  let a: TestMember;
  let b: TestMember;
  let admin: TestMember;

  beforeEach(async () => {
    a = await addMember(t, 'member-a');
    b = await addMember(t, 'member-b');
    admin = await addMember(t, 'admin-1', 'admin');
  });

  const create = (token: string, body: Record<string, unknown>, query = '') =>
    callRest(t, 'POST', `calendar_events${query}`, {
      token,
      body,
      prefer: 'return=representation',
    });
  const stored = async (id: string) =>
    (
      await t.deps.store.query<Record<string, unknown>>(
        'SELECT * FROM calendar_events WHERE id = ?',
        [id],
      )
    ).rows[0];

  it('creates the event the app sends, as its creator', async () => {
    const res = await create(a.token, {
      id: 'event_1767225600000',
      ...EVENT,
      hyperlink: '',
      creatorName: 'Member',
      createdAt: '2026-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual([
      {
        id: 'event_1767225600000',
        user_id: a.id,
        event_name: 'Troop meeting',
        event_date: '2026-03-02',
        event_time: '19:00',
        hyperlink: null,
        creator_name: 'Member',
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: expect.any(String),
        sequence: 0,
        // The details and series columns (migration 025), empty for a client that sends none.
        end_date: null,
        end_time: null,
        all_day: false,
        location: null,
        description: null,
        category: null,
        rrule: null,
        status: 'confirmed',
        cancel_reason: null,
        exdates: null,
        series_id: null,
        recurrence_date: null,
        // Answers (migration 030): no deadline, no capacity.
        rsvp_deadline: null,
        capacity: null,
        // Families were told of it (migration 038): notify defaults to true.
        notify: true,
      },
    ]);
  });

  it('lists every member\u2019s events by date for every member', async () => {
    await create(a.token, { ...EVENT, id: 'e2', eventDate: '2026-05-01' });
    await create(b.token, { ...EVENT, id: 'e1', eventDate: '2026-04-01' });
    const res = await callRest(t, 'GET', 'calendar_events?order=event_date.asc&select=id,user_id', {
      token: b.token,
    });
    expect(res.json()).toEqual([
      { id: 'e1', user_id: b.id },
      { id: 'e2', user_id: a.id },
    ]);
  });

  it('refuses to create an event as someone else with 403', async () => {
    const res = await create(a.token, { ...EVENT, id: 'forged', userId: b.id });
    expect(res.statusCode).toBe(403);
    expect(await stored('forged')).toBeUndefined();
  });

  describe('links', () => {
    it.each([
      ['javascript:alert(1)', EVENT_FIELD_MESSAGES.linkScheme],
      ['ftp://files.example/x', EVENT_FIELD_MESSAGES.linkScheme],
      ['data:text/html,hi', EVENT_FIELD_MESSAGES.linkScheme],
      ['not a url', EVENT_FIELD_MESSAGES.linkInvalid],
      [`https://x.org/${'a'.repeat(2040)}`, EVENT_FIELD_MESSAGES.linkTooLong],
    ])('refuses %s with the words the event form shows', async (hyperlink, message) => {
      const res = await create(a.token, { ...EVENT, id: 'linked', hyperlink });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await stored('linked')).toBeUndefined();
    });

    it('stores an empty link as null and keeps an http(s) one', async () => {
      expect(
        (await create(a.token, { ...EVENT, id: 'e1', hyperlink: '  ' })).json()[0].hyperlink,
      ).toBeNull();
      expect(
        (
          await create(a.token, { ...EVENT, id: 'e2', hyperlink: 'https://scouting.org/camp?x=1' })
        ).json()[0].hyperlink,
      ).toBe('https://scouting.org/camp?x=1');
      const patched = await callRest(t, 'PATCH', 'calendar_events?id=eq.e2', {
        token: a.token,
        body: { hyperlink: 'javascript:void(0)' },
      });
      expect(patched.statusCode).toBe(400);
      expect((await stored('e2'))?.hyperlink).toBe('https://scouting.org/camp?x=1');
    });
  });

  it.each([
    [{ eventName: '' }, 'Event name is required'],
    [{ eventName: '   ' }, 'Event name is required'],
    [{ eventName: 'x'.repeat(201) }, 'at most 200'],
    [{ eventDate: '2026-02-30' }, 'YYYY-MM-DD'],
    [{ eventDate: '03/02/2026' }, 'YYYY-MM-DD'],
    [{ eventTime: '24:00' }, 'HH:mm'],
    [{ eventTime: '7:00' }, 'HH:mm'],
    [{ eventTime: null }, 'Event time is required'],
  ])('refuses %o with 400', async (change, message) => {
    const res = await create(a.token, { ...EVENT, id: 'bad', ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain(message);
    expect(await stored('bad')).toBeUndefined();
  });

  it('trims the event name', async () => {
    expect(
      (await create(a.token, { ...EVENT, eventName: '  Campout  ' })).json()[0].event_name,
    ).toBe('Campout');
  });

  it('answers a second event with the same id with 409 and keeps the first', async () => {
    await create(a.token, { ...EVENT, id: 'dup' });
    for (const token of [a.token, b.token]) {
      const res = await create(token, { ...EVENT, id: 'dup', eventName: 'Overwrite' });
      expect(res.statusCode).toBe(409);
    }
    expect((await stored('dup'))?.event_name).toBe('Troop meeting');
  });

  it('lets the owner upsert an existing event, and refuses another member with 403', async () => {
    await create(a.token, { ...EVENT, id: 'up' });
    const own = await create(
      a.token,
      { ...EVENT, id: 'up', eventName: 'Moved' },
      '?on_conflict=id',
    );
    expect(own.statusCode).toBe(201);
    expect(own.json()[0]).toMatchObject({ event_name: 'Moved', user_id: a.id, sequence: 1 });
    const other = await create(
      b.token,
      { ...EVENT, id: 'up', eventName: 'Hijacked' },
      '?on_conflict=id',
    );
    expect(other.statusCode).toBe(403);
    const ignored = await callRest(t, 'POST', 'calendar_events?on_conflict=id', {
      token: b.token,
      body: { ...EVENT, id: 'up', eventName: 'Ignored' },
      prefer: 'return=representation,resolution=ignore-duplicates',
    });
    expect(ignored.json()).toEqual([]);
    expect(await stored('up')).toMatchObject({ event_name: 'Moved', user_id: a.id });
  });

  it('lets only the creator or an admin change or delete an event; others get 403 and change nothing', async () => {
    await create(a.token, { ...EVENT, id: 'mine' });
    await create(b.token, { ...EVENT, id: 'theirs' });
    const before = await stored('mine');
    expect(
      (
        await callRest(t, 'PATCH', 'calendar_events?id=eq.mine', {
          token: b.token,
          body: { eventName: 'No' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await callRest(t, 'DELETE', 'calendar_events?id=eq.mine', { token: b.token })).statusCode,
    ).toBe(403);
    // A filter that reaches someone else's event refuses the whole change, own events included.
    const both = await callRest(t, 'PATCH', 'calendar_events?event_date=eq.2026-03-02', {
      token: b.token,
      body: { eventName: 'No' },
    });
    expect(both.statusCode).toBe(403);
    expect(await stored('mine')).toEqual(before);
    expect((await stored('theirs'))?.event_name).toBe('Troop meeting');

    const byAdmin = await callRest(t, 'PATCH', 'calendar_events?id=eq.mine', {
      token: admin.token,
      body: { eventName: 'Fixed' },
    });
    expect(byAdmin.json()[0]).toMatchObject({ event_name: 'Fixed', user_id: a.id });
    expect(
      (await callRest(t, 'DELETE', 'calendar_events?id=eq.theirs', { token: admin.token })).json(),
    ).toHaveLength(1);
  });

  it('never moves an event to another member, and raises its sequence on every change', async () => {
    await create(a.token, { ...EVENT, id: 'seq' });
    const moved = await callRest(t, 'PATCH', 'calendar_events?id=eq.seq', {
      token: a.token,
      body: { userId: b.id },
    });
    expect(moved.statusCode).toBe(403);
    const same = await callRest(t, 'PATCH', 'calendar_events?id=eq.seq', {
      token: a.token,
      body: { userId: a.id, eventTime: '18:30' },
    });
    expect(same.json()[0]).toMatchObject({ user_id: a.id, event_time: '18:30', sequence: 1 });
    const again = await callRest(t, 'PATCH', 'calendar_events?id=eq.seq', {
      token: a.token,
      body: { eventName: 'Later' },
    });
    expect(again.json()[0].sequence).toBe(2);
  });

  it('stamps every change itself: a stale copy written back still raises SEQUENCE and LAST-MODIFIED', async () => {
    await create(a.token, { ...EVENT, id: 'stale' });
    const before = await callRest(t, 'GET', 'calendar_events?id=eq.stale', { token: a.token });
    const copy = before.json()[0];
    t.clock.advance(60_000);
    const res = await callRest(t, 'PATCH', 'calendar_events?id=eq.stale', {
      token: a.token,
      body: { ...copy, event_name: 'Renamed', sequence: 0, updated_at: '2000-01-01T00:00:00.000Z' },
    });
    expect(res.statusCode).toBe(200);
    const after = res.json()[0];
    expect(after.sequence).toBe(copy.sequence + 1);
    expect(after.updated_at > copy.updated_at).toBe(true);
    expect(after.updated_at).not.toBe('2000-01-01T00:00:00.000Z');
  });

  it('deletes one\u2019s own event by id', async () => {
    await create(a.token, { ...EVENT, id: 'gone' });
    const res = await callRest(t, 'DELETE', 'calendar_events?id=eq.gone', { token: a.token });
    expect(res.statusCode).toBe(200);
    expect(await stored('gone')).toBeUndefined();
  });
});

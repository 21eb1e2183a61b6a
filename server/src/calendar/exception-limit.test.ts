/**
 * The documented limit of exceptions per series (EVENT_MAX_EXCEPTIONS, docs/protocol.md):
 * removed occurrences and changed or cancelled ones together. It holds on the occurrence routes
 * as on the Data API, on both stores: the exception past it is a 400 naming the limit, and
 * nothing is stored.
 */
import { EVENT_MAX_EXCEPTIONS } from '@scout/protocol/calendar-events';
import { afterEach, describe, expect, it } from 'vitest';
import { addMember, callRest } from '../../test/rest.ts';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';

const DAY_MS = 86_400_000;
const day = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * DAY_MS).toISOString().slice(0, 10);

describe.each(testStoreKinds)('removed occurrences past the limit (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('refuses one more removal than the limit, keeping the series as it was', async () => {
    t = await buildTestApp({ store: kind });
    const ann = await addMember(t, 'ann');
    const exdates = Array.from({ length: EVENT_MAX_EXCEPTIONS }, (_, i) => day(i + 1)).join(',');
    const created = await callRest(t, 'POST', 'calendar_events', {
      token: ann.token,
      body: {
        id: 'daily',
        eventName: 'Daily run',
        eventDate: day(0),
        eventTime: '07:00',
        rrule: 'FREQ=DAILY',
        exdates,
      },
    });
    expect(created.statusCode).toBe(201);
    const next = day(EVENT_MAX_EXCEPTIONS + 1);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/calendar/${t.deps.config.projectId}/events/daily/occurrences/${next}?scope=this`,
      headers: { authorization: `Bearer ${ann.token}` },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(`at most ${EVENT_MAX_EXCEPTIONS} removed`);
    const { rows } = await t.deps.store.query<{ exdates: string; sequence: number }>(
      "SELECT exdates, sequence FROM calendar_events WHERE id = 'daily'",
    );
    expect(rows[0]?.exdates).toBe(exdates);
    expect(Number(rows[0]?.sequence)).toBe(0);
  });

  const call = (method: 'PATCH' | 'POST' | 'DELETE', path: string, token: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `/api/calendar/${t.deps.config.projectId}/events/daily/occurrences/${path}`,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
  const stored = async () =>
    (
      await t.deps.store.query<{ id: string; exdates: string | null; sequence: number }>(
        'SELECT id, exdates, sequence FROM calendar_events ORDER BY id',
      )
    ).rows.map((r) => ({ ...r, sequence: Number(r.sequence) }));
  const dailySeries = async (token: string, exdates: string | null) => {
    const created = await callRest(t, 'POST', 'calendar_events', {
      token,
      body: {
        id: 'daily',
        eventName: 'Daily run',
        eventDate: day(0),
        eventTime: '07:00',
        rrule: 'FREQ=DAILY',
        exdates,
      },
    });
    expect(created.statusCode).toBe(201);
  };

  it('counts changed and cancelled occurrences with the removed ones on the occurrence routes', async () => {
    t = await buildTestApp({ store: kind });
    const ann = await addMember(t, 'ann');
    const removed = EVENT_MAX_EXCEPTIONS - 1;
    await dailySeries(ann.token, Array.from({ length: removed }, (_, i) => day(i + 1)).join(','));
    const last = day(removed + 1);
    expect((await call('POST', `${last}/cancel?scope=this`, ann.token, {})).statusCode).toBe(200);
    const full = await stored();
    expect(full).toHaveLength(2);

    for (const refused of [
      await call('POST', `${day(removed + 2)}/cancel?scope=this`, ann.token, { reason: 'Rain' }),
      await call('PATCH', `${day(removed + 3)}?scope=this`, ann.token, {
        changes: { eventTime: '08:00' },
      }),
      await call('DELETE', `${day(removed + 4)}?scope=this`, ann.token),
    ]) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(`at most ${EVENT_MAX_EXCEPTIONS} removed or changed`);
    }
    expect(await stored()).toEqual(full);

    // Changing an exception already there, or removing it, adds none.
    expect(
      (
        await call('PATCH', `${last}?scope=this`, ann.token, {
          changes: { eventTime: '08:00' },
        })
      ).statusCode,
    ).toBe(200);
    expect((await call('DELETE', `${last}?scope=this`, ann.token)).statusCode).toBe(200);
    expect((await stored()).map((r) => r.id)).toEqual(['daily']);
  });

  it('counts changed occurrences when the Data API writes removed ones', async () => {
    t = await buildTestApp({ store: kind });
    const ann = await addMember(t, 'ann');
    await dailySeries(ann.token, null);
    for (const d of [day(1), day(2)])
      expect((await call('POST', `${d}/cancel?scope=this`, ann.token, {})).statusCode).toBe(200);
    const before = await stored();
    const removedFrom = (n: number) => Array.from({ length: n }, (_, i) => day(i + 3)).join(',');

    const refused = await callRest(t, 'PATCH', 'calendar_events?id=eq.daily', {
      token: ann.token,
      body: { exdates: removedFrom(EVENT_MAX_EXCEPTIONS - 1) },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(`at most ${EVENT_MAX_EXCEPTIONS} removed or changed`);
    expect(await stored()).toEqual(before);

    const taken = await callRest(t, 'PATCH', 'calendar_events?id=eq.daily', {
      token: ann.token,
      body: { exdates: removedFrom(EVENT_MAX_EXCEPTIONS - 2) },
    });
    expect(taken.statusCode).toBe(200);
  });
});

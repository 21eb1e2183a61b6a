/**
 * A series' own `.ics` file, read as a calendar app reads it (ical.js expands it, EXDATE and
 * RECURRENCE-ID overrides applied), gives the very occurrences the occurrences read gives for
 * that series, on both stores; the file of one of its changed occurrences is the same file.
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appOccurrences, expectWellFramed } from '../../test/calendar.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

describe.each(embeddedStore)('the event file of a series (%s)', (kind) => {
  let t: TestApp;
  let ann: TestMember;
  let bob: TestMember;

  beforeEach(async () => {
    t = await buildTestApp({
      store: kind,
      config: { publicUrl: 'https://troop.example.org', timezone: 'America/New_York' },
    });
    ann = await addMember(t, 'ann');
    bob = await addMember(t, 'bob');
    for (const [token, body] of [
      [
        ann.token,
        {
          id: 'meet',
          eventName: 'Troop meeting',
          eventDate: '2026-03-03',
          eventTime: '19:00',
          endTime: '20:30',
          rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=8',
        },
      ],
      [
        bob.token,
        { id: 'bake', eventName: 'Bake sale', eventDate: '2026-03-12', eventTime: '10:00' },
      ],
    ] as const) {
      const res = await callRest(t, 'POST', 'calendar_events', { token, body });
      expect(res.statusCode).toBe(201);
    }
  });
  afterEach(async () => t?.close());

  const base = () => `/api/calendar/${t.deps.config.projectId}`;
  const change = async (method: 'PATCH' | 'POST' | 'DELETE', path: string, body?: unknown) => {
    const res = await t.app.inject({
      method,
      url: `${base()}/events/meet/occurrences/${path}`,
      headers: {
        authorization: `Bearer ${ann.token}`,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
    expect(res.statusCode).toBe(200);
    return res.json().changes as Array<{ kind: string; ids: string[] }>;
  };
  const file = async (id: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/events/${id}.ics`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('expands to the occurrences the API reads, removed, moved and cancelled ones included', async () => {
    await change('DELETE', '2026-03-10?scope=this');
    const moved = await change('PATCH', '2026-03-17?scope=this', {
      changes: { eventDate: '2026-03-19', eventTime: '18:00', endTime: '19:30' },
    });
    await change('POST', '2026-03-24/cancel?scope=this', { reason: 'Hall closed' });

    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/occurrences?from=2026-03-01&to=2026-05-31`,
      headers: { authorization: `Bearer ${bob.token}` },
    });
    const api = (res.json().occurrences as WireOccurrence[])
      .filter((o) => o.seriesId === 'meet')
      .map((o) => `${o.date} ${o.time} ${o.status.toUpperCase()} ${o.name}`);
    expect(api).toEqual([
      '2026-03-03 19:00 CONFIRMED Troop meeting',
      '2026-03-19 18:00 CONFIRMED Troop meeting',
      '2026-03-24 19:00 CANCELLED Troop meeting',
      '2026-03-31 19:00 CONFIRMED Troop meeting',
      '2026-04-07 19:00 CONFIRMED Troop meeting',
      '2026-04-14 19:00 CONFIRMED Troop meeting',
      '2026-04-21 19:00 CONFIRMED Troop meeting',
    ]);

    const ics = await file('meet');
    expectWellFramed(ics);
    expect(ics).toContain('EXDATE;TZID=America/New_York:20260310T190000\r\n');
    expect(ics.match(/^RECURRENCE-ID;/gm)).toHaveLength(2);
    expect(ics).not.toContain('Bake sale');
    expect(appOccurrences(ics, '2026-12-31')).toEqual(api);

    // The moved occurrence's own file is its series' file.
    const movedId = moved.find((c) => c.kind === 'created')?.ids[0];
    expect(movedId).toBeDefined();
    expect(await file(movedId ?? '')).toBe(ics);
  });
});

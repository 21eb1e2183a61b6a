/**
 * A meeting at a time the troop's clocks skip, on both stores: 02:30 on 8 March 2026 in New York,
 * where 02:00 EST becomes 03:00 EDT. RFC 5545 reads such a time with the offset before the change
 * (02:30 EST, 07:30Z), which the clocks show as 03:30 EDT. The occurrences read, the list as the
 * web app builds it, and the feed as a calendar app reads it all say 03:30 to 04:15
 * (protocol/src/wall-clock.ts, docs/decisions/041-repeat-rules-and-occurrence-routes.md).
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { calendarList } from '@scout/protocol/calendar-list';
import { snakeToCamel } from '@scout/protocol/case';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appInstants, appOccurrences } from '../../test/calendar.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

const ZONE = 'America/New_York';

describe.each(embeddedStore)('a meeting at a time the clocks skip (%s)', (kind) => {
  let t: TestApp;
  let ann: TestMember;

  beforeEach(async () => {
    t = await buildTestApp({
      store: kind,
      config: { publicUrl: 'https://troop.example.org', timezone: ZONE },
    });
    ann = await addMember(t, 'ann');
    for (const body of [
      {
        id: 'early',
        eventName: 'Early patrol meeting',
        eventDate: '2026-03-01',
        eventTime: '02:30',
        endTime: '03:15',
        rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3',
      },
      {
        id: 'stars',
        eventName: 'Star watch',
        eventDate: '2026-03-08',
        eventTime: '02:30',
        endTime: '03:15',
      },
    ]) {
      const res = await callRest(t, 'POST', 'calendar_events', { token: ann.token, body });
      expect(res.statusCode).toBe(201);
    }
  });
  afterEach(async () => t?.close());

  const base = () => `/api/calendar/${t.deps.config.projectId}`;
  const auth = () => ({ authorization: `Bearer ${ann.token}` });
  const read = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${base()}/occurrences?from=2026-03-01&to=2026-03-31`,
      headers: auth(),
    });
    expect(res.statusCode).toBe(200);
    return res.json().occurrences as WireOccurrence[];
  };
  const feed = async () => {
    const url = (
      await t.app.inject({ method: 'GET', url: `${base()}/feed-url`, headers: auth() })
    ).json().httpsUrl as string;
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  const expected = (status: string) => [
    `2026-03-01 02:30-03:15 CONFIRMED Early patrol meeting`,
    `2026-03-08 03:30-04:15 ${status} Early patrol meeting`,
    `2026-03-08 03:30-04:15 CONFIRMED Star watch`,
    `2026-03-15 02:30-03:15 CONFIRMED Early patrol meeting`,
  ];

  async function expectAllAgree(status: string) {
    // The API.
    const api = await read();
    expect(
      api.map((o) => `${o.date} ${o.time}-${o.endTime} ${o.status.toUpperCase()} ${o.name}`),
    ).toEqual(expected(status));

    // The screen: the list as the web app merges it, from camelCase Data API rows.
    const rows = (
      (await callRest(t, 'GET', 'calendar_events', { token: ann.token })).json() as Record<
        string,
        unknown
      >[]
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [snakeToCamel(k), v])));
    const list = calendarList(rows, api, ZONE).map(
      (e) => `${e.eventDate} ${e.eventTime}-${e.endTime} ${e.status.toUpperCase()} ${e.eventName}`,
    );
    expect(list.sort()).toEqual(expected(status));

    // The feed as a calendar app reads it: the same wall-clock times, at the RFC 5545 instants.
    const ics = await feed();
    expect(appOccurrences(ics, '2026-03-31')).toEqual(
      expected(status).map((line) => line.replace(/-\d\d:\d\d /, ' ')),
    );
    expect(appInstants(ics, '2026-03-31')).toEqual([
      '2026-03-01T07:30:00.000Z/2026-03-01T08:15:00.000Z CONFIRMED Early patrol meeting',
      `2026-03-08T07:30:00.000Z/2026-03-08T08:15:00.000Z ${status} Early patrol meeting`,
      '2026-03-08T07:30:00.000Z/2026-03-08T08:15:00.000Z CONFIRMED Star watch',
      // EDT from 8 March: 02:30 EDT is 06:30Z.
      '2026-03-15T06:30:00.000Z/2026-03-15T07:15:00.000Z CONFIRMED Early patrol meeting',
    ]);
  }

  it('is 03:30 to 04:15 EDT in the API, on the list and in the feed', async () => {
    await expectAllAgree('CONFIRMED');
    // What is stored is what the member typed: next week's meeting is at 02:30 again.
    const { rows } = await t.deps.store.query<{ event_time: string }>(
      "SELECT event_time FROM calendar_events WHERE id = 'early'",
    );
    expect(rows[0]?.event_time).toBe('02:30');
  });

  it('stays 03:30 to 04:15 once that occurrence is cancelled on its own', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${base()}/events/early/occurrences/2026-03-08/cancel?scope=this`,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: JSON.stringify({ reason: 'Clocks change' }),
    });
    expect(res.statusCode).toBe(200);
    await expectAllAgree('CANCELLED');
  });
});

/**
 * Property, on both stores: for random series (weekly, monthly by date and by weekday, daily,
 * some all-day) and single events, changed at random through the occurrence routes (moved,
 * cancelled, removed, changed from a date on, their rule changed), every way a family sees the
 * calendar shows the same occurrences:
 *
 * - the occurrences read over the whole window (the API);
 * - what the screen shows: the list, merged by the web app's own code
 *   (protocol/src/calendar-list.ts, docs/decisions/042-series-in-the-calendar-list.md) from the
 *   Data API's rows and the occurrences read, and the month view's reads month by month;
 * - the subscribed feed, fetched as a calendar app fetches it and expanded by ical.js.
 *
 * Seeded, so a failure names its seed and repeats.
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import { calendarList } from '@scout/protocol/calendar-list';
import { snakeToCamel } from '@scout/protocol/case';
import rrulePackage from 'rrule';
import { afterEach, describe, expect, it } from 'vitest';
import { appOccurrences } from '../../test/calendar.ts';
import { addMember, callRest, type TestMember } from '../../test/rest.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

const { RRule } = rrulePackage;
const ZONE = 'America/New_York';
const FROM = '2026-01-01';
const TO = '2027-01-31';
const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];
const DAY_MS = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const pad = (n: number) => String(n).padStart(2, '0');

function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

type Occ = Record<string, string | boolean | null>;
const brief = (o: Occ) =>
  `${String(o.date)}${o.time ? ` ${String(o.time)}` : ''} ${String(o.status).toUpperCase()} ${String(o.name)}`;

describe.each(embeddedStore)('property: API, screen and feed agree (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it.each([101, 114, 136, 151, 11, 12, 13, 14])('seed %i', async (seed) => {
    t = await buildTestApp({
      store: kind,
      config: { publicUrl: 'https://troop.example.org', timezone: ZONE },
    });
    const ann: TestMember = await addMember(t, 'ann');
    const rand = random(seed);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const base = `/api/calendar/${t.deps.config.projectId}`;
    const auth = { authorization: `Bearer ${ann.token}` };
    const read = async (from: string, to: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${base}/occurrences?from=${from}&to=${to}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      return res.json().occurrences as Occ[];
    };

    for (let i = 0; i < 4; i++) {
      const shape = pick(['weekly', 'monthly-date', 'monthly-nth', 'daily'] as const);
      let rule =
        shape === 'weekly'
          ? `FREQ=WEEKLY;INTERVAL=${1 + Math.floor(rand() * 2)};BYDAY=${[...new Set([pick(DAYS), pick(DAYS)])].join(',')}`
          : shape === 'monthly-date'
            ? `FREQ=MONTHLY;BYMONTHDAY=${1 + Math.floor(rand() * 28)}`
            : shape === 'monthly-nth'
              ? `FREQ=MONTHLY;BYDAY=${pick(['1', '2', '3', '-1'])}${pick(DAYS)}`
              : `FREQ=DAILY;INTERVAL=${2 + Math.floor(rand() * 9)}`;
      rule += pick([`;COUNT=${3 + Math.floor(rand() * 30)}`, `;UNTIL=2026${pad(6 + i)}20`, '']);
      const from = new Date(Date.UTC(2026, Math.floor(rand() * 5), 1 + Math.floor(rand() * 28)));
      const first = new RRule({
        ...RRule.parseString(rule.replace(/;UNTIL=\d+/, '')),
        dtstart: from,
      }).after(from, true)!;
      const allDay = rand() < 0.2;
      const res = await callRest(t, 'POST', 'calendar_events', {
        token: ann.token,
        body: {
          id: `s${i}`,
          eventName: `Series ${i}`,
          eventDate: iso(first.getTime()),
          eventTime: allDay ? '' : pick(['07:30', '19:00', '01:30', '23:15']),
          allDay,
          rrule: rule,
        },
      });
      expect(res.statusCode, rule).toBe(201);
    }
    for (let i = 0; i < 3; i++) {
      const res = await callRest(t, 'POST', 'calendar_events', {
        token: ann.token,
        body: {
          id: `e${i}`,
          eventName: `Event ${i}`,
          eventDate: iso(Date.UTC(2026, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28))),
          eventTime: pick(['10:00', '18:45']),
        },
      });
      expect(res.statusCode).toBe(201);
    }

    // Random changes; a refusal (4xx) changes nothing and is fine, a 500 never is.
    for (let i = 0; i < 8; i++) {
      const series = (await read(FROM, TO)).filter((o) => o.seriesId && o.occurrenceDate);
      if (series.length === 0) break;
      const o = pick(series);
      const at = `${base}/events/${String(o.seriesId)}/occurrences/${String(o.occurrenceDate)}`;
      const day = String(o.date);
      const change = pick([
        {
          method: 'PATCH',
          scope: 'this',
          body: { changes: { eventTime: '17:00', allDay: false } },
        },
        {
          method: 'PATCH',
          scope: 'this',
          body: { changes: { eventDate: iso(Date.parse(day) + DAY_MS) } },
        },
        { method: 'PATCH', scope: 'this', body: { changes: { eventName: 'Moved meeting' } } },
        { method: 'POST', scope: 'this', body: { reason: 'Storm' }, cancel: true },
        { method: 'DELETE', scope: 'this' },
        {
          method: 'PATCH',
          scope: 'following',
          body: { changes: { eventTime: '18:00', allDay: false } },
        },
        {
          method: 'PATCH',
          scope: 'following',
          body: { changes: { rrule: `FREQ=WEEKLY;BYDAY=${pick(DAYS)}` } },
        },
        { method: 'POST', scope: 'following', body: {}, cancel: true },
        { method: 'PATCH', scope: 'all', body: { changes: { eventName: 'Renamed' } } },
      ] as const);
      const res = await t.app.inject({
        method: change.method,
        url: `${at}${'cancel' in change ? '/cancel' : ''}?scope=${change.scope}`,
        headers: 'body' in change ? { ...auth, 'content-type': 'application/json' } : auth,
        ...('body' in change ? { payload: JSON.stringify(change.body) } : {}),
      });
      expect(res.statusCode, `${JSON.stringify(change)}: ${res.body}`).toBeLessThan(500);
    }

    const api = (await read(FROM, TO)).map(brief).sort();
    expect(api.length).toBeGreaterThan(0);

    // The list, built by the web app's own merge (protocol/src/calendar-list.ts) from the Data
    // API's rows (camelCase, as the SDK gives them) and the occurrences read.
    const rows = (
      (await callRest(t, 'GET', 'calendar_events?limit=1000', { token: ann.token })).json() as Occ[]
    ).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [snakeToCamel(k), v])));
    const list = calendarList(rows, (await read(FROM, TO)) as unknown as WireOccurrence[], ZONE)
      .filter((e) => e.eventDate >= FROM && e.eventDate <= TO)
      .map((e) =>
        brief({
          date: e.eventDate,
          time: e.eventTime || null,
          status: e.status,
          name: e.eventName,
        }),
      );
    expect(list.sort()).toEqual(api);

    // The month view: month by month.
    const months: string[] = [];
    for (let m = 0; m < 13; m++) {
      const first = iso(Date.UTC(2026, m, 1));
      const last = iso(Date.UTC(2026, m + 1, 0));
      months.push(...(await read(first, last)).filter((o) => String(o.date) >= first).map(brief));
    }
    expect(months.sort()).toEqual(api);

    // The feed, as a calendar app reads it.
    const url = (
      await t.app.inject({ method: 'GET', url: `${base}/feed-url`, headers: auth })
    ).json().httpsUrl as string;
    const feed = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(feed.statusCode).toBe(200);
    expect(appOccurrences(feed.body, TO, FROM)).toEqual(api);
  });
});

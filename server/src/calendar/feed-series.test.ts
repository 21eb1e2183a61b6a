/**
 * Series in the feed, read back by an independent parser (ical.js) as calendar apps read them:
 * RRULE, EXDATE, RECURRENCE-ID overrides, STATUS, all-day DATE values with the exclusive end,
 * and the same occurrences the occurrences read (and so the screen) shows.
 */
import ICAL from 'ical.js';
import rrulePackage from 'rrule';
import { describe, expect, it } from 'vitest';
import { appInstants, appOccurrences, expectWellFramed } from '../../test/calendar.ts';
import { checkEventShape } from './event-shape.ts';
import { buildCalendarDocument, FEED_CALENDAR_NAME } from './feed.ts';
import { expandOccurrences, isoDate, type EventRecord } from './occurrences.ts';

const { RRule } = rrulePackage;
const TZ = 'America/New_York';
const opts = {
  timeZone: TZ,
  hostname: 'troop.example.org',
  nowMs: Date.UTC(2026, 4, 1, 12),
  calendarName: FEED_CALENDAR_NAME,
};

function row(over: Partial<EventRecord>): EventRecord {
  return {
    id: 'meet',
    user_id: 'u1',
    event_name: 'Troop meeting',
    event_date: '2026-03-03',
    event_time: '19:00',
    hyperlink: null,
    creator_name: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    sequence: 0,
    ...over,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

const screen = (rows: EventRecord[], from: string, to: string) =>
  expandOccurrences(rows, from, to)
    .map((o) => `${o.date}${o.time ? ` ${o.time}` : ''} ${o.status.toUpperCase()} ${o.name}`)
    .sort();

describe('series in the feed', () => {
  it('keeps a 7 PM weekly meeting at 7 PM across the daylight-saving change', () => {
    const ics = buildCalendarDocument(
      [row({ rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=3', event_date: '2026-03-03' })],
      opts,
    );
    expectWellFramed(ics);
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=3\r\n');
    const event = new ICAL.Event(ICAL.Component.fromString(ics).getFirstSubcomponent('vevent')!);
    const it = event.iterator();
    const instants = [it.next(), it.next(), it.next()].map((t) =>
      new Date(t!.toUnixTime() * 1000).toISOString(),
    );
    // EST (UTC-5) before 8 March, EDT (UTC-4) after: the same 7 PM on the wall.
    expect(instants).toEqual([
      '2026-03-04T00:00:00.000Z',
      '2026-03-10T23:00:00.000Z',
      '2026-03-17T23:00:00.000Z',
    ]);
  });

  it('keeps meetings at their wall-clock time across the November change, at real instants', () => {
    const rows = [
      row({
        id: 'evening',
        event_name: 'Evening meeting',
        event_date: '2026-10-25',
        event_time: '19:00',
        end_time: '20:30',
        rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3',
      }),
      // 01:30 happens twice on 1 November (EDT, then EST): RFC 5545 means the first.
      row({
        id: 'night',
        event_name: 'Night hike',
        event_date: '2026-10-25',
        event_time: '01:30',
        end_time: '02:30',
        rrule: 'FREQ=WEEKLY;BYDAY=SU;COUNT=3',
      }),
    ];
    const ics = buildCalendarDocument(rows, opts);
    expectWellFramed(ics);
    expect(appInstants(ics, '2026-11-30')).toEqual([
      '2026-10-25T05:30:00.000Z/2026-10-25T06:30:00.000Z CONFIRMED Night hike',
      '2026-10-25T23:00:00.000Z/2026-10-26T00:30:00.000Z CONFIRMED Evening meeting',
      '2026-11-01T05:30:00.000Z/2026-11-01T07:30:00.000Z CONFIRMED Night hike',
      '2026-11-02T00:00:00.000Z/2026-11-02T01:30:00.000Z CONFIRMED Evening meeting',
      '2026-11-08T06:30:00.000Z/2026-11-08T07:30:00.000Z CONFIRMED Night hike',
      '2026-11-09T00:00:00.000Z/2026-11-09T01:30:00.000Z CONFIRMED Evening meeting',
    ]);
    const shown = expandOccurrences(rows, '2026-10-01', '2026-11-30', TZ);
    expect(shown.map((o) => `${o.date} ${o.time}-${o.endTime} ${o.name}`)).toEqual([
      '2026-10-25 01:30-02:30 Night hike',
      '2026-10-25 19:00-20:30 Evening meeting',
      '2026-11-01 01:30-02:30 Night hike',
      '2026-11-01 19:00-20:30 Evening meeting',
      '2026-11-08 01:30-02:30 Night hike',
      '2026-11-08 19:00-20:30 Evening meeting',
    ]);
    expect(appOccurrences(ics, '2026-11-30')).toEqual(screen(rows, '2026-10-01', '2026-11-30'));
  });

  it('writes EXDATE, RECURRENCE-ID overrides and STATUS so apps show what the screen shows', () => {
    const series = row({
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20260331',
      exdates: '2026-03-10',
      location: 'Scout Hall',
      category: 'meeting',
      sequence: 4,
    });
    const moved = row({
      id: 'meet_20260317',
      event_date: '2026-03-19',
      event_time: '18:00',
      series_id: 'meet',
      recurrence_date: '2026-03-17',
      sequence: 4,
    });
    const cancelled = row({
      id: 'meet_20260324',
      event_date: '2026-03-24',
      status: 'cancelled',
      cancel_reason: 'Hall closed',
      series_id: 'meet',
      recurrence_date: '2026-03-24',
      sequence: 4,
    });
    const ics = buildCalendarDocument([series, moved, cancelled], opts);
    expectWellFramed(ics);
    expect(ics).toContain('EXDATE;TZID=America/New_York:20260310T190000\r\n');
    expect(ics).toContain('RECURRENCE-ID;TZID=America/New_York:20260317T190000\r\n');
    // UNTIL beside a zoned start is UTC: the end of 31 March in New York.
    expect(ics).toContain('RRULE:FREQ=WEEKLY;BYDAY=TU;UNTIL=20260401T035959Z\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics).toContain('LOCATION:Scout Hall\r\n');
    expect(ics).toContain('CATEGORIES:Meeting\r\n');
    expect(ics).toContain('SEQUENCE:4\r\n');
    const rows = [series, moved, cancelled];
    expect(appOccurrences(ics, '2026-12-31')).toEqual(screen(rows, '2026-01-01', '2026-12-31'));
    expect(screen(rows, '2026-01-01', '2026-12-31')).toEqual([
      '2026-03-03 19:00 CONFIRMED Troop meeting',
      '2026-03-19 18:00 CONFIRMED Troop meeting',
      '2026-03-24 19:00 CANCELLED Troop meeting',
      '2026-03-31 19:00 CONFIRMED Troop meeting',
    ]);
  });

  it('writes an all-day multi-day event as DATE values with the exclusive end', () => {
    const camp = row({
      id: 'camp',
      event_date: '2026-07-10',
      event_time: '',
      all_day: true,
      end_date: '2026-07-17',
      category: 'campout',
    });
    const ics = buildCalendarDocument([camp], opts);
    expect(ics).toContain('DTSTART;VALUE=DATE:20260710\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20260718\r\n');
  });

  it('writes an all-day series with a DATE UNTIL and DATE exceptions', () => {
    const days = row({
      event_date: '2026-06-06',
      event_time: '',
      all_day: true,
      rrule: 'FREQ=MONTHLY;BYDAY=1SA;UNTIL=20261231',
      exdates: '2026-08-01',
    });
    const ics = buildCalendarDocument([days], opts);
    expect(ics).toContain('RRULE:FREQ=MONTHLY;BYDAY=1SA;UNTIL=20261231\r\n');
    expect(ics).toContain('EXDATE;VALUE=DATE:20260801\r\n');
    expect(appOccurrences(ics, '2027-12-31')).toEqual(screen([days], '2026-01-01', '2027-12-31'));
  });

  it('writes an end time as DTEND in the troop zone', () => {
    const ics = buildCalendarDocument([row({ end_time: '20:30' })], opts);
    expect(ics).toContain('DTEND;TZID=America/New_York:20260303T203000\r\n');
  });
});

/** A small deterministic generator, so a failure names its seed and repeats. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe('property: the screen and the feed agree on occurrences', () => {
  const DAYS = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'];

  function series(rand: () => number, i: number): EventRecord {
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const shape = pick(['weekly', 'monthly-date', 'monthly-nth', 'daily'] as const);
    let rule =
      shape === 'weekly'
        ? `FREQ=WEEKLY;INTERVAL=${1 + Math.floor(rand() * 3)};BYDAY=${[...new Set([pick(DAYS), pick(DAYS)])].join(',')}`
        : shape === 'monthly-date'
          ? `FREQ=MONTHLY;BYMONTHDAY=${1 + Math.floor(rand() * 28)}`
          : shape === 'monthly-nth'
            ? `FREQ=MONTHLY;BYDAY=${pick(['1', '2', '3', '4', '-1'])}${pick(DAYS)}`
            : `FREQ=DAILY;INTERVAL=${1 + Math.floor(rand() * 10)}`;
    rule +=
      rand() < 0.5
        ? `;COUNT=${1 + Math.floor(rand() * 40)}`
        : `;UNTIL=2027${pad(1 + Math.floor(rand() * 12))}15`;
    // The start is the rule's first date on or after a random day, as the checks require.
    const from = new Date(Date.UTC(2026, Math.floor(rand() * 12), 1 + Math.floor(rand() * 28)));
    const first = new RRule({
      ...RRule.parseString(rule.replace(/;UNTIL=\d+/, '')),
      dtstart: from,
    }).after(from, true)!;
    const allDay = rand() < 0.2;
    const r = row({
      id: `s${i}`,
      event_date: isoDate(first.getTime()),
      event_time: allDay ? '' : pick(['07:30', '19:00', '01:30', '23:15']),
      all_day: allDay,
      rrule: rule,
    });
    const dates = expandOccurrences([r], '2026-01-01', '2027-12-31').map((o) => o.date);
    if (dates.length > 2 && rand() < 0.7) r.exdates = dates[1];
    return r;
  }

  it.each([1, 2, 3, 4, 5, 6, 7, 8])('seed %i', (seed) => {
    const rand = random(seed);
    const rows = Array.from({ length: 6 }, (_, i) => series(rand, i));
    const withOccurrences = rows.filter((r) => {
      try {
        checkEventShape(r);
        return true;
      } catch {
        return false;
      }
    });
    expect(withOccurrences.length).toBeGreaterThan(0);
    const ics = buildCalendarDocument(withOccurrences, opts);
    expect(appOccurrences(ics, '2027-12-31')).toEqual(
      screen(withOccurrences, '2026-01-01', '2027-12-31'),
    );
  });
});

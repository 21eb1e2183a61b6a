import { describe, expect, it } from 'vitest';
import {
  buildCalendarDocument,
  eventFileName,
  FEED_CALENDAR_NAME,
  parseEventStart,
  safeLink,
  type CalendarEventRow,
} from './feed.ts';
import { expectWellFramed, readCalendar } from '../../test/calendar.ts';

const NOW = Date.UTC(2026, 4, 1, 12, 0, 0);
const feedOptions = {
  timeZone: 'America/New_York',
  hostname: 'troop.example.org',
  nowMs: NOW,
  calendarName: FEED_CALENDAR_NAME,
};

function row(overrides: Partial<CalendarEventRow> = {}): CalendarEventRow {
  return {
    id: 'event_1767225600000',
    event_name: 'Troop meeting',
    event_date: '2026-07-04',
    event_time: '18:30',
    hyperlink: null,
    creator_name: 'Alex Scout',
    created_at: '2026-04-01T10:00:00.000Z',
    updated_at: '2026-04-02T11:30:00.000Z',
    sequence: 0,
    ...overrides,
  };
}

describe('buildCalendarDocument', () => {
  it('writes a VCALENDAR that names the troop calendar and its zone', () => {
    const ics = buildCalendarDocument([row()], feedOptions);
    const lines = expectWellFramed(ics);
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(lines.at(-1)).toBe('END:VCALENDAR');
    const { prop, calendar } = readCalendar(ics);
    expect(prop('version')).toBe('2.0');
    expect(prop('prodid')).toBe('-//Scout Leadership Platform//Troop Calendar//EN');
    expect(prop('calscale')).toBe('GREGORIAN');
    expect(prop('method')).toBe('PUBLISH');
    expect(prop('x-wr-calname')).toBe('Scout Leadership Platform Troop Calendar');
    expect(prop('x-wr-timezone')).toBe('America/New_York');
    expect(
      calendar.getAllSubcomponents('vtimezone').map((z) => z.getFirstPropertyValue('tzid')),
    ).toEqual(['America/New_York']);
  });

  it('writes every field of an event', () => {
    const ics = buildCalendarDocument(
      [row({ hyperlink: 'https://scouts.example/camp?x=1&y=2', sequence: 3 })],
      feedOptions,
    );
    const [e] = readCalendar(ics).events;
    expect(e).toEqual({
      uid: 'event_1767225600000@troop.example.org',
      summary: 'Troop meeting',
      description: 'Created by Alex Scout\nhttps://scouts.example/camp?x=1&y=2',
      url: 'https://scouts.example/camp?x=1&y=2',
      sequence: 3,
      start: '2026-07-04T22:30:00.000Z',
      end: '2026-07-04T23:30:00.000Z',
      dtstamp: '2026-05-01T12:00:00.000Z',
      lastModified: '2026-04-02T11:30:00.000Z',
      created: '2026-04-01T10:00:00.000Z',
      tzid: 'America/New_York',
      allDay: false,
    });
    expect(ics).toContain('DTSTART;TZID=America/New_York:20260704T183000\r\n');
    expect(ics).toContain('DURATION:PT1H\r\n');
  });

  it.each([
    ['America/New_York', '2026-07-04', '18:30', '2026-07-04T22:30:00.000Z'],
    ['America/New_York', '2026-01-10', '09:00', '2026-01-10T14:00:00.000Z'],
    ['Europe/Berlin', '2026-07-04', '18:30', '2026-07-04T16:30:00.000Z'],
    ['Europe/Berlin', '2026-01-10', '09:00', '2026-01-10T08:00:00.000Z'],
    ['Australia/Sydney', '2026-01-10', '09:00', '2026-01-09T22:00:00.000Z'],
    ['Australia/Sydney', '2026-07-04', '18:30', '2026-07-04T08:30:00.000Z'],
    ['Asia/Kolkata', '2027-03-15', '07:15', '2027-03-15T01:45:00.000Z'],
    ['UTC', '2026-07-04', '18:30', '2026-07-04T18:30:00.000Z'],
  ])('reads %s %s %s as the right instant', (timeZone, date, time, utc) => {
    const ics = buildCalendarDocument([row({ event_date: date, event_time: time })], {
      ...feedOptions,
      timeZone,
    });
    const [e] = readCalendar(ics).events;
    expect(e?.tzid).toBe(timeZone);
    expect(e?.start).toBe(utc);
  });

  it('keeps summer and winter apart in one document, across years', () => {
    const ics = buildCalendarDocument(
      [
        row({ id: 'a', event_date: '2026-07-04', event_time: '18:30' }),
        row({ id: 'b', event_date: '2026-01-10', event_time: '09:00' }),
        row({ id: 'c', event_date: '2030-12-24', event_time: '17:00' }),
        row({ id: 'd', event_date: '2024-06-01', event_time: '08:00' }),
      ],
      feedOptions,
    );
    const starts = Object.fromEntries(
      readCalendar(ics).events.map((e) => [e.uid.split('@')[0], e.start]),
    );
    expect(starts).toEqual({
      a: '2026-07-04T22:30:00.000Z',
      b: '2026-01-10T14:00:00.000Z',
      c: '2030-12-24T22:00:00.000Z',
      d: '2024-06-01T12:00:00.000Z',
    });
  });

  it('keeps names with separators, line breaks and any script intact', () => {
    const names = [
      'Camp, cook; clean',
      'Back\\slash and "quotes"',
      'Line one\nLine two\r\nLine three',
      'Café crème à la fête',
      'スカウトの集会 野営',
      '🏕️ Campout 🔥🌲 with 👨‍👩‍👧 families',
    ];
    const ics = buildCalendarDocument(
      names.map((n, i) => row({ id: `e${i}`, event_name: n, creator_name: `${n} (creator)` })),
      feedOptions,
    );
    expectWellFramed(ics);
    expect(ics).toContain('SUMMARY:Camp\\, cook\\; clean\r\n');
    expect(ics).toContain('SUMMARY:Back\\\\slash and "quotes"\r\n');
    expect(ics).toContain('SUMMARY:Line one\\nLine two\\nLine three\r\n');
    const events = readCalendar(ics).events;
    const normalise = (s: string) => s.replace(/\r\n/g, '\n');
    expect(events.map((e) => e.summary)).toEqual(names.map(normalise));
    expect(events.map((e) => e.description)).toEqual(
      names.map((n) => `Created by ${normalise(n)} (creator)`),
    );
  });

  it('folds long names into lines of at most 75 octets that unfold to the name', () => {
    const names = [
      'Summer camp '.repeat(30),
      'é'.repeat(100),
      '野営'.repeat(60),
      '🏕️🔥'.repeat(40),
      `x${'ü'.repeat(37)}`,
    ];
    const ics = buildCalendarDocument(
      names.map((n, i) => row({ id: `e${i}`, event_name: n })),
      feedOptions,
    );
    const lines = expectWellFramed(ics);
    expect(lines.some((l) => l.startsWith(' '))).toBe(true);
    expect(readCalendar(ics).events.map((e) => e.summary)).toEqual(names.map((n) => n.trim()));
  });

  it('links only http and https addresses', () => {
    const ics = buildCalendarDocument(
      [
        row({ id: 'js', hyperlink: 'javascript:alert(1)' }),
        row({ id: 'data', hyperlink: 'data:text/html,<b>x</b>' }),
        row({ id: 'junk', hyperlink: 'not a url' }),
        row({ id: 'http', hyperlink: 'http://example.org/a b' }),
      ],
      feedOptions,
    );
    const byId = Object.fromEntries(readCalendar(ics).events.map((e) => [e.uid.split('@')[0], e]));
    for (const id of ['js', 'data', 'junk']) {
      expect(byId[id]?.url).toBeUndefined();
      expect(byId[id]?.description).toBe('Created by Alex Scout');
    }
    expect(byId.http?.url).toBe('http://example.org/a%20b');
  });

  it('makes a whole-day event of a row without a usable time and leaves out rows without a date', () => {
    const ics = buildCalendarDocument(
      [
        row({ id: 'no-time', event_time: '' }),
        row({ id: 'bad-time', event_time: '25:99' }),
        row({ id: 'bad-date', event_date: '2026-02-30' }),
        row({ id: 'no-date', event_date: null }),
        row({ id: 'iso-date', event_date: '2026-08-01T00:00:00.000Z', event_time: '10:00:30' }),
      ],
      feedOptions,
    );
    const events = readCalendar(ics).events;
    expect(events.map((e) => [e.uid.split('@')[0], e.allDay, e.start, e.end])).toEqual([
      ['no-time', true, '2026-07-04', '2026-07-05'],
      ['bad-time', true, '2026-07-04', '2026-07-05'],
      ['iso-date', false, '2026-08-01T14:00:30.000Z', '2026-08-01T15:00:30.000Z'],
    ]);
  });

  it('writes an empty but valid calendar when there are no events', () => {
    const ics = buildCalendarDocument([], feedOptions);
    expectWellFramed(ics);
    const { events, calendar } = readCalendar(ics);
    expect(events).toEqual([]);
    expect(calendar.getAllSubcomponents('vtimezone')).toHaveLength(1);
  });

  it('gives a single-event file no calendar name, so apps import it into a calendar of the user’s choice', () => {
    const ics = buildCalendarDocument([row()], {
      timeZone: 'Europe/Berlin',
      hostname: 'h.example',
      nowMs: NOW,
    });
    const { prop, events } = readCalendar(ics);
    expect(prop('x-wr-calname')).toBeUndefined();
    expect(events).toHaveLength(1);
    expect(events[0]?.start).toBe('2026-07-04T16:30:00.000Z');
  });

  it('falls back to created_at for LAST-MODIFIED and to 0 for a missing SEQUENCE', () => {
    const [e] = readCalendar(
      buildCalendarDocument([row({ updated_at: null, sequence: null })], feedOptions),
    ).events;
    expect(e?.lastModified).toBe('2026-04-01T10:00:00.000Z');
    expect(e?.sequence).toBe(0);
  });
});

describe('parts', () => {
  it('parses dates and times strictly', () => {
    expect(parseEventStart('2026-07-04', '18:30')).toEqual({
      date: { year: 2026, month: 7, day: 4 },
      time: { hour: 18, minute: 30, second: 0 },
    });
    expect(parseEventStart('2026-13-01', '18:30')).toBeUndefined();
    expect(parseEventStart('July 4', '18:30')).toBeUndefined();
    expect(parseEventStart('2026-07-04', '6:30 PM')).toEqual({
      date: { year: 2026, month: 7, day: 4 },
    });
  });

  it('accepts only web links', () => {
    expect(safeLink(' https://example.org/x ')).toBe('https://example.org/x');
    expect(safeLink('JAVASCRIPT:alert(1)')).toBeUndefined();
    expect(safeLink('')).toBeUndefined();
  });

  it('makes download names that cannot break out of the header', () => {
    expect(eventFileName('Troop meeting, summer')).toBe('Troop meeting summer.ics');
    expect(eventFileName('Café "night"\r\nX-Evil: 1')).toBe('Cafe night X-Evil 1.ics');
    expect(eventFileName('野営 🏕️')).toBe('event.ics');
    expect(eventFileName(null)).toBe('event.ics');
    expect(eventFileName('a'.repeat(300))).toBe(`${'a'.repeat(80)}.ics`);
  });
});

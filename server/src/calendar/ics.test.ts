import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { buildCalendarDocument, FEED_CALENDAR_NAME } from './feed.ts';
import type { EventRecord } from './occurrences.ts';
import {
  contentLine,
  escapeText,
  foldLine,
  formatUtcDateTime,
  formatUtcOffset,
  MAX_LINE_OCTETS,
  paramValue,
} from './ics.ts';

const utf8 = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });
const unfold = (text: string) => text.replace(/\r\n[ \t]/g, '');

/** Parses one property the way a calendar app would and gives back its text value. */
function parseTextProperty(line: string): string {
  const doc = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//t//t//EN',
    'BEGIN:VEVENT',
    line,
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  const vevent = ICAL.Component.fromString(doc).getFirstSubcomponent('vevent');
  return String(vevent?.getFirstPropertyValue('summary'));
}

describe('escapeText (RFC 5545 3.3.11)', () => {
  it('escapes backslash, semicolon, comma and every kind of line break', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
  });

  it('drops control characters that TEXT does not allow but keeps tabs', () => {
    expect(escapeText('a\u0000b\u0007c\td\u007f')).toBe('abc\td');
  });

  it('round-trips any text through an independent parser', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 120 }), (s) => {
        // eslint-disable-next-line no-control-regex -- the same characters escapeText drops
        const controls = new RegExp('[\\u0000-\\u0008\\u000b-\\u001f\\u007f]', 'g');
        const expected = s.replace(/\r\n|\r/g, '\n').replace(controls, '');
        expect(parseTextProperty(contentLine('SUMMARY', escapeText(s)))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe('foldLine (RFC 5545 3.1)', () => {
  it('leaves a line of 75 octets alone and folds one of 76', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    expect(foldLine('x'.repeat(76))).toBe(`${'x'.repeat(75)}\r\n x`);
  });

  it('counts octets, not characters, and never splits a multi-byte character', () => {
    const line = `SUMMARY:${'é'.repeat(40)}${'日本語'.repeat(10)}${'🏕️'.repeat(10)}`;
    const folded = foldLine(line);
    for (const physical of folded.split('\r\n')) {
      const bytes = utf8.encode(physical);
      expect(bytes.length).toBeLessThanOrEqual(MAX_LINE_OCTETS);
      expect(() => strictDecoder.decode(bytes)).not.toThrow();
    }
    expect(unfold(folded)).toBe(line);
  });

  it('folds every line within 75 octets and unfolds to the original, for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (s) => {
        const line = `DESCRIPTION:${s.replace(/[\r\n]/g, '')}`;
        const folded = foldLine(line);
        for (const physical of folded.split('\r\n')) {
          const bytes = utf8.encode(physical);
          expect(bytes.length).toBeLessThanOrEqual(MAX_LINE_OCTETS);
          expect(strictDecoder.decode(bytes)).toBe(physical);
        }
        expect(unfold(folded)).toBe(line);
      }),
      { numRuns: 300 },
    );
  });
});

describe('values', () => {
  it('formats instants in UTC with a Z', () => {
    expect(formatUtcDateTime(Date.UTC(2026, 6, 4, 22, 30, 5))).toBe('20260704T223005Z');
  });

  it('formats UTC offsets with a sign, never -0000', () => {
    expect(formatUtcOffset(-5 * 3600)).toBe('-0500');
    expect(formatUtcOffset(5.5 * 3600)).toBe('+0530');
    expect(formatUtcOffset(0)).toBe('+0000');
    expect(formatUtcOffset(-(4 * 3600 + 56 * 60 + 2))).toBe('-045602');
  });

  it('quotes parameter values with separators and drops quotes', () => {
    expect(paramValue('America/New_York')).toBe('America/New_York');
    expect(paramValue('a;b"c')).toBe('"a;bc"');
  });
});

describe('STATUS (RFC 5545 3.8.1.11)', () => {
  const event = (over: Partial<EventRecord>): EventRecord => ({
    id: 'meet',
    user_id: 'u1',
    event_name: 'Troop meeting',
    event_date: '2026-03-03',
    event_time: '19:00',
    hyperlink: null,
    creator_name: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-02T00:00:00.000Z',
    sequence: 1,
    ...over,
  });

  it('marks a cancelled event and a cancelled meeting of a series CANCELLED, so apps strike them', () => {
    const ics = buildCalendarDocument(
      [
        event({ rrule: 'FREQ=WEEKLY;COUNT=3' }),
        event({
          id: 'meet_20260310',
          event_date: '2026-03-10',
          series_id: 'meet',
          recurrence_date: '2026-03-10',
          status: 'cancelled',
          cancel_reason: 'Hall closed',
        }),
        event({ id: 'hike', event_name: 'Hike', event_date: '2026-03-07', status: 'cancelled' }),
      ],
      {
        timeZone: 'America/New_York',
        hostname: 'troop.example.org',
        nowMs: Date.UTC(2026, 1, 1),
        calendarName: FEED_CALENDAR_NAME,
      },
    );
    const statuses = ICAL.Component.fromString(ics)
      .getAllSubcomponents('vevent')
      .map((v) => {
        const recurrence = v.getFirstPropertyValue('recurrence-id');
        const summary = String(v.getFirstPropertyValue('summary'));
        const status = String(v.getFirstPropertyValue('status'));
        return `${summary}${recurrence ? ` on ${String(recurrence).slice(0, 10)}` : ''}: ${status}`;
      })
      .sort();
    expect(statuses).toEqual([
      'Hike: CANCELLED',
      'Troop meeting on 2026-03-10: CANCELLED',
      'Troop meeting: CONFIRMED',
    ]);
  });
});

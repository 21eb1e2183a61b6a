import fc from 'fast-check';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
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

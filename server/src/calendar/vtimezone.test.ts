import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { serialize } from './ics.ts';
import { buildVTimezone, offsetChangesInYear, utcOffsetAt } from './vtimezone.ts';

const HOUR = 3_600_000;

/** The zone as a calendar app sees it: parsed by ical.js from a document holding only it. */
function parsedZone(timeZone: string, years: number[]) {
  const doc = serialize([
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//t//t//EN',
    ...buildVTimezone(timeZone, years),
    'END:VCALENDAR',
  ]);
  return ICAL.Component.fromString(doc).getTimeZoneByID(timeZone);
}

/** The instant a calendar app computes for a wall-clock time in the zone. */
function appInstant(zone: ReturnType<typeof parsedZone>, localMs: number): number {
  const d = new Date(localMs);
  const t = ICAL.Time.fromData(
    {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: 0,
    },
    zone,
  );
  return t.toUnixTime() * 1000;
}

describe('utcOffsetAt', () => {
  it('reads offsets west, east and on the half hour', () => {
    expect(utcOffsetAt('America/New_York', Date.UTC(2026, 6, 4, 12))).toBe(-4 * 3600);
    expect(utcOffsetAt('America/New_York', Date.UTC(2026, 0, 10, 12))).toBe(-5 * 3600);
    expect(utcOffsetAt('Europe/Berlin', Date.UTC(2026, 6, 4, 12))).toBe(2 * 3600);
    expect(utcOffsetAt('Asia/Kolkata', Date.UTC(2026, 6, 4, 12))).toBe(5.5 * 3600);
    expect(utcOffsetAt('UTC', Date.UTC(2026, 6, 4, 12))).toBe(0);
  });
});

describe('offsetChangesInYear', () => {
  it('finds the 2026 US changes to the second', () => {
    expect(offsetChangesInYear('America/New_York', 2026)).toEqual([
      { at: Date.UTC(2026, 2, 8, 7), from: -5 * 3600, to: -4 * 3600 },
      { at: Date.UTC(2026, 10, 1, 6), from: -4 * 3600, to: -5 * 3600 },
    ]);
  });

  it('finds none in a zone without summer time', () => {
    expect(offsetChangesInYear('Asia/Tokyo', 2026)).toEqual([]);
  });
});

describe('buildVTimezone', () => {
  it('names the zone and marks summer time as DAYLIGHT', () => {
    const lines = buildVTimezone('America/New_York', [2026]);
    expect(lines[0]).toBe('BEGIN:VTIMEZONE');
    expect(lines).toContain('TZID:America/New_York');
    const text = lines.join('\n');
    expect(text).toContain(
      'BEGIN:DAYLIGHT\nDTSTART:20260308T020000\nTZOFFSETFROM:-0500\nTZOFFSETTO:-0400\nEND:DAYLIGHT',
    );
    expect(text).toContain(
      'BEGIN:STANDARD\nDTSTART:20261101T020000\nTZOFFSETFROM:-0400\nTZOFFSETTO:-0500\nEND:STANDARD',
    );
  });

  it('gives a zone without changes one observance, so it still parses', () => {
    const zone = parsedZone('Asia/Tokyo', [2026]);
    expect(appInstant(zone, Date.UTC(2026, 6, 4, 18, 30))).toBe(Date.UTC(2026, 6, 4, 9, 30));
  });

  it('refuses to build a zone that covers no year', () => {
    expect(() => buildVTimezone('UTC', [])).toThrow();
  });

  // Zones west and east, southern hemisphere (summer time across the new year), quarter-hour
  // offsets, summer time abolished (Sao Paulo 2019), negative summer time (Dublin) and
  // changes twice a year for Ramadan (Casablanca).
  const zones = [
    'America/New_York',
    'Europe/Berlin',
    'Australia/Sydney',
    'Pacific/Chatham',
    'Asia/Kolkata',
    'America/Sao_Paulo',
    'Europe/Dublin',
    'Africa/Casablanca',
    'UTC',
  ];
  const years = [2018, 2019, 2026, 2027];

  it.each(zones)(
    'gives ical.js the same instant as the runtime for every wall-clock time (%s)',
    (timeZone) => {
      const zone = parsedZone(timeZone, years);
      const changes = years.flatMap((y) => offsetChangesInYear(timeZone, y));
      // Around a change a wall-clock time is missing or happens twice; both readings are valid there.
      const nearChange = (ms: number) => changes.some((c) => Math.abs(c.at - ms) < 3 * HOUR);
      let checked = 0;
      for (const year of years) {
        for (let u = Date.UTC(year, 0, 1, 3); u < Date.UTC(year + 1, 0, 1); u += 5 * HOUR) {
          if (nearChange(u)) continue;
          const local = u + utcOffsetAt(timeZone, u) * 1000;
          // The zone covers the years asked for, in local time; the last hours of 31 December UTC
          // may already be next year there.
          if (new Date(local).getUTCFullYear() !== year) continue;
          expect(appInstant(zone, local), new Date(local).toISOString()).toBe(u);
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(6000);
    },
  );

  it('keeps a year after a gap right even when the rules changed in between', () => {
    // Sao Paulo had summer time in 2018 and none after 2019: July and January 2026 are both -03.
    const zone = parsedZone('America/Sao_Paulo', [2018, 2026]);
    expect(appInstant(zone, Date.UTC(2026, 0, 10, 9))).toBe(Date.UTC(2026, 0, 10, 12));
    expect(appInstant(zone, Date.UTC(2018, 0, 10, 9))).toBe(Date.UTC(2018, 0, 10, 11));
  });
});

/**
 * Reads iCalendar text back the way a calendar app would, with an independent parser (ical.js),
 * for the calendar tests. Also checks the framing every physical line must have.
 */
import ICAL from 'ical.js';
import { expect } from 'vitest';

export interface ReadEvent {
  uid: string;
  summary: string;
  description: string | undefined;
  url: string | undefined;
  sequence: number;
  /** Instants, as ISO strings in UTC. */
  start: string;
  end: string;
  dtstamp: string | undefined;
  lastModified: string | undefined;
  created: string | undefined;
  tzid: string | undefined;
  allDay: boolean;
}

const iso = (v: unknown) =>
  v instanceof ICAL.Time ? new Date(v.toUnixTime() * 1000).toISOString() : undefined;
const text = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

export function readCalendar(ics: string) {
  const calendar = ICAL.Component.fromString(ics);
  const prop = (name: string) => text(calendar.getFirstPropertyValue(name));
  const events: ReadEvent[] = calendar.getAllSubcomponents('vevent').map((vevent) => {
    const e = new ICAL.Event(vevent);
    return {
      uid: e.uid,
      summary: e.summary,
      description: text(vevent.getFirstPropertyValue('description')),
      url: text(vevent.getFirstPropertyValue('url')),
      sequence: e.sequence,
      start: e.startDate.isDate ? e.startDate.toString() : (iso(e.startDate) ?? ''),
      end: e.endDate.isDate ? e.endDate.toString() : (iso(e.endDate) ?? ''),
      dtstamp: iso(vevent.getFirstPropertyValue('dtstamp')),
      lastModified: iso(vevent.getFirstPropertyValue('last-modified')),
      created: iso(vevent.getFirstPropertyValue('created')),
      tzid: text(vevent.getFirstProperty('dtstart')?.getParameter('tzid')),
      allDay: e.startDate.isDate,
    };
  });
  return { calendar, prop, events };
}

const utf8 = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true });

/** CRLF after every line, no bare CR or LF, every physical line at most 75 octets of whole characters. */
export function expectWellFramed(ics: string) {
  expect(ics.endsWith('\r\n')).toBe(true);
  const lines = ics.slice(0, -2).split('\r\n');
  for (const line of lines) {
    expect(line).not.toMatch(/[\r\n]/);
    const bytes = utf8.encode(line);
    expect(bytes.length, line).toBeLessThanOrEqual(75);
    expect(strictDecoder.decode(bytes)).toBe(line);
  }
  return lines;
}

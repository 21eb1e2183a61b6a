/**
 * Reads iCalendar text back the way a calendar app would, with an independent parser (ical.js),
 * for the calendar tests. Also checks the framing every physical line must have.
 */
import ICAL from 'ical.js';
import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';
import { addUnit, joinUnit } from './troops.ts';

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

const pad = (n: number) => String(n).padStart(2, '0');
const wall = (t: ICAL.Time) =>
  `${t.year}-${pad(t.month)}-${pad(t.day)}${t.isDate ? '' : ` ${pad(t.hour)}:${pad(t.minute)}`}`;

interface AppOccurrence {
  start: ICAL.Time;
  end: ICAL.Time;
  item: ICAL.Event;
}

/**
 * Every occurrence a calendar app expands from the document up to `until` (a local date):
 * series with their RECURRENCE-ID overrides applied, as ical.js (an independent parser) reads them.
 */
function expandAsApps(root: ICAL.Component, until: string): AppOccurrence[] {
  const vevents = root.getAllSubcomponents('vevent');
  const byUid = new Map<string, ICAL.Event>();
  for (const v of vevents) {
    if (v.hasProperty('recurrence-id')) continue;
    // Without `exceptions`, ical.js relates every RECURRENCE-ID in the calendar to the event,
    // whatever its UID; each series gets its own below.
    byUid.set(
      String(v.getFirstPropertyValue('uid')),
      new ICAL.Event(v, { strictExceptions: true, exceptions: [] }),
    );
  }
  for (const v of vevents)
    if (v.hasProperty('recurrence-id'))
      byUid.get(String(v.getFirstPropertyValue('uid')))?.relateException(v);
  const out: AppOccurrence[] = [];
  // A changed occurrence may lie a few days from the date its series gives it.
  const last = new Date(Date.parse(`${until}T00:00:00Z`) + 70 * 86_400_000)
    .toISOString()
    .slice(0, 10);
  for (const event of byUid.values()) {
    if (!event.isRecurring()) {
      out.push({ start: event.startDate, end: event.endDate, item: event });
      continue;
    }
    const it = event.iterator();
    for (let next = it.next(); next; next = it.next()) {
      if (wall(next).slice(0, 10) > last) break;
      const d = event.getOccurrenceDetails(next);
      out.push({ start: d.startDate, end: d.endDate, item: d.item });
    }
  }
  return out;
}

const statusOf = (item: ICAL.Event) => String(item.component.getFirstPropertyValue('status'));

/**
 * Every occurrence a calendar app expands from the document starting from `from` to `until`
 * (local dates), as `YYYY-MM-DD[ HH:mm] STATUS summary` in the troop's wall-clock time, sorted.
 */
export function appOccurrences(ics: string, until: string, from = '0000-00-00'): string[] {
  const root = ICAL.Component.fromString(ics);
  // A time written in UTC (one the troop's clocks show twice) is read on the troop's clocks,
  // through Intl: ical.js's own conversion looks the offset up as if the UTC time were local.
  const tzid = root.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid');
  const onClocks = (t: ICAL.Time) =>
    tzid && !t.isDate && t.zone?.tzid === 'UTC'
      ? new Date(t.toUnixTime() * 1000)
          .toLocaleString('sv-SE', { timeZone: String(tzid) })
          .slice(0, 16)
      : wall(t);
  return expandAsApps(root, until)
    .map((o) => ({ shown: onClocks(o.start), o }))
    .filter(({ shown }) => shown.slice(0, 10) >= from && shown.slice(0, 10) <= until)
    .map(({ shown, o }) => `${shown} ${statusOf(o.item)} ${o.item.summary}`)
    .sort();
}

/**
 * The instants calendar apps put each timed occurrence at, up to `until`: `start/end STATUS
 * summary` with both in UTC ISO, sorted.
 */
export function appInstants(ics: string, until: string): string[] {
  const at = (t: ICAL.Time) => new Date(t.toUnixTime() * 1000).toISOString();
  return expandAsApps(ICAL.Component.fromString(ics), until)
    .filter((o) => !o.start.isDate)
    .map((o) => `${at(o.start)}/${at(o.end)} ${statusOf(o.item)} ${o.item.summary}`)
    .sort();
}

/** A second troop beside the first (docs/decisions/065-troops.md). */
export async function addTroop(
  t: TestApp,
  troop: { id: string; projectId: string; name?: string; timeZone?: string },
): Promise<void> {
  await addUnit(t, troop);
}

/** Makes `userId` an active member of the troop with `role` there (the account must exist). */
export const joinTroop = (t: TestApp, userId: string, troopId: string, role = 'user') =>
  joinUnit(t, userId, troopId, role);

/** An event row of the troop written straight to the store (its notice triggers run). */
export async function troopEvent(
  t: TestApp,
  troopId: string,
  row: { id: string; user_id: string; event_name: string; event_date: string } & Record<
    string,
    unknown
  >,
): Promise<void> {
  const at = new Date(t.clock.now()).toISOString();
  const fields = { event_time: '19:00', created_at: at, updated_at: at, ...row, troop_id: troopId };
  const names = Object.keys(fields);
  await t.deps.store.query(
    `INSERT INTO calendar_events (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`,
    Object.values(fields),
  );
}

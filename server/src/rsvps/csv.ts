/**
 * The answers of one occurrence as CSV for leaders (permission slips, drivers, food, chasing
 * the rest): one line per person of a household, answered or not, then anyone else who
 * answered. UTF-8 with a byte-order mark and CRLF lines, so Excel, Numbers and LibreOffice read
 * the names as written; RFC 4180 quoting, and no cell a spreadsheet would run as a formula: a
 * cell starting with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading `'` (OWASP,
 * CSV injection), so a name like `=HYPERLINK(...)` is shown as the text it is. Times are the
 * troop's wall clock, as the app shows them.
 */
import { RSVP_ANSWER_LABELS } from '@scout/protocol/rsvps';
import { nameOf, type PersonRow } from './non-responders.ts';
import type { StoredRsvp } from './summary.ts';

const CSV_HEADER = [
  'Household',
  'Person',
  'Youth or adult',
  'Patrol',
  'Answer',
  'Note',
  'Answered at',
  "Parents' contacts",
];

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

/** "Fri, Apr 10, 2026, 8:00 PM" in the troop's time zone. */
export function troopTime(iso: string, timeZone: string): string {
  return new Date(iso).toLocaleString('en-US', {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
  });
}

const answerText = (a: StoredRsvp | undefined) =>
  !a
    ? 'No answer yet'
    : a.waitlisted
      ? `Going (waitlist ${a.waitlistPosition ?? '?'})`
      : RSVP_ANSWER_LABELS[a.answer];

export function answersCsv(
  answers: readonly StoredRsvp[],
  people: readonly PersonRow[],
  timeZone: string,
): string {
  const byAttendee = new Map(answers.map((a) => [a.attendee, a]));
  const contacts = new Map<string, string[]>();
  for (const p of people)
    if (Number(p.youth) !== 1 && p.email)
      contacts.set(p.household_id, [
        ...(contacts.get(p.household_id) ?? []),
        `${nameOf(p)} <${p.email}>`,
      ]);
  const line = (
    household: string,
    name: string,
    youth: boolean,
    patrol: string,
    a: StoredRsvp | undefined,
    contact: string,
  ) => [
    household,
    name,
    youth ? 'Youth' : 'Adult',
    patrol,
    answerText(a),
    a?.note ?? '',
    a ? troopTime(a.answeredAt, timeZone) : '',
    contact,
  ];
  const sorted = [...people].sort(
    (a, b) =>
      a.household.localeCompare(b.household) ||
      a.household_id.localeCompare(b.household_id) ||
      Number(b.youth) - Number(a.youth) ||
      nameOf(a).localeCompare(nameOf(b)),
  );
  const counted = new Set(people.map((p) => p.attendee));
  const lines = [
    CSV_HEADER,
    ...sorted.map((p) =>
      line(
        p.household,
        nameOf(p),
        Number(p.youth) === 1,
        p.patrol ?? '',
        byAttendee.get(p.attendee),
        (contacts.get(p.household_id) ?? []).sort().join('; '),
      ),
    ),
    ...answers
      .filter((a) => !counted.has(a.attendee))
      .map((a) => line('', a.name, a.youth, '', a, '')),
  ];
  return csvFile(lines);
}

/** The file: UTF-8 with a byte-order mark, CRLF line ends, every cell quoted as csvCell does. */
export function csvFile(lines: readonly (readonly string[])[]): string {
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `<event name>-<date>-<what>.csv`, from letters, digits and dashes only. */
export function eventFileName(eventName: string, occurrence: string, what: string): string {
  const base =
    eventName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'event';
  return `${base}${occurrence ? `-${occurrence}` : ''}-${what}.csv`;
}

/** `<event name>-<date>-rsvps.csv`. */
export const csvFileName = (eventName: string, occurrence: string): string =>
  eventFileName(eventName, occurrence, 'rsvps');

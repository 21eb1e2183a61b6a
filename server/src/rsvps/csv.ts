/**
 * The answers of one occurrence as CSV for leaders (permission slips, drivers, food). RFC 4180
 * quoting, and no cell a spreadsheet would run as a formula: a cell starting with `=`, `+`, `-`,
 * `@`, a tab or a carriage return gets a leading `'` (OWASP, CSV injection), so a name like
 * `=HYPERLINK(...)` is shown as the text it is.
 */
import { RSVP_ANSWER_LABELS } from '@scout/protocol/rsvps';
import type { StoredRsvp } from './summary.ts';

const HEADER = ['Name', 'Youth or adult', 'Answer', 'Waitlist position', 'Note', 'Answered at'];

export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${safe.replace(/"/g, '""')}"`;
}

export function answersCsv(answers: readonly StoredRsvp[]): string {
  const lines = [
    HEADER,
    ...answers.map((a) => [
      a.name,
      a.youth ? 'Youth' : 'Adult',
      a.waitlisted ? 'Going (waitlist)' : RSVP_ANSWER_LABELS[a.answer],
      a.waitlistPosition === null ? '' : String(a.waitlistPosition),
      a.note ?? '',
      a.answeredAt,
    ]),
  ];
  // A byte-order mark, so spreadsheet apps read the names as UTF-8.
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** `<event name>-<date>-rsvps.csv`, from letters, digits and dashes only. */
export function csvFileName(eventName: string, occurrence: string): string {
  const base =
    eventName
      .normalize('NFKD')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .toLowerCase() || 'event';
  return `${base}${occurrence ? `-${occurrence}` : ''}-rsvps.csv`;
}

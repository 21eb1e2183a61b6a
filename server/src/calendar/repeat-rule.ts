/**
 * Reading a series' RRULE value (RFC 5545 3.3.10) into the `rrule` library's options, and
 * refusing rules the calendar does not take (docs/decisions/041-repeat-rules-and-occurrence-routes.md).
 *
 * The library walks a rule period by period until it finds an occurrence, and a rule that can
 * never match (`FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30`) makes it walk to the year 9999. So the
 * accepted shape is narrowed until every accepted rule matches again and again: the parts below
 * only, BYMONTHDAY only with an existing day of a listed month, a numbered weekday ("2nd
 * Saturday") only within the month or year, never with BYMONTHDAY. Then the series' start must
 * be its first occurrence, as RFC 5545 asks of DTSTART, which keeps this library and every
 * calendar app in agreement.
 */
import { EVENT_RRULE_FREQUENCIES, EVENT_RRULE_MAX_LENGTH } from '@scout/protocol/calendar-events';
import { isoDay } from '@scout/protocol/wall-clock';
import rrulePackage, { type Options } from 'rrule';

const { RRule } = rrulePackage;

export const MAX_COUNT = 5000;
export const MAX_INTERVAL = 99;

const PARTS = new Set([
  'FREQ',
  'INTERVAL',
  'COUNT',
  'UNTIL',
  'BYDAY',
  'BYMONTHDAY',
  'BYMONTH',
  'WKST',
]);
const WEEKDAYS = new Set(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU']);
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A rule the calendar refuses; `message` is shown to the person who wrote it. */
export class RepeatRuleError extends Error {}

export interface RepeatRule {
  /** The value as stored: upper case, parts in the order given, UNTIL as a date. */
  text: string;
  freq: (typeof EVENT_RRULE_FREQUENCIES)[number];
  count: number | null;
  /** The last local date an occurrence may fall on, `YYYY-MM-DD`. */
  until: string | null;
}

const fail = (message: string): never => {
  throw new RepeatRuleError(message);
};

function integers(value: string, part: string, min: number, max: number): number[] {
  return value.split(',').map((v) => {
    if (!/^[+-]?\d{1,3}$/.test(v)) fail(`${part} must list whole numbers`);
    const n = Number(v);
    if (n === 0 || Math.abs(n) < min || Math.abs(n) > max)
      fail(`${part} values must be between ${min} and ${max} (or -${max} to -${min})`);
    return n;
  });
}

function checkByDay(value: string, freq: string, byMonthDay: boolean): void {
  for (const item of value.split(',')) {
    const m = /^([+-]?\d{1,2})?([A-Z]{2})$/.exec(item);
    if (!m || !WEEKDAYS.has(m[2] ?? '')) fail('BYDAY must list weekdays such as MO, TU or 2SA');
    if (m?.[1] === undefined) continue;
    const n = Math.abs(Number(m[1]));
    const max = freq === 'MONTHLY' ? 5 : freq === 'YEARLY' ? 53 : 0;
    if (max === 0) fail('A numbered weekday (such as 2SA) needs FREQ=MONTHLY or FREQ=YEARLY');
    if (n === 0 || n > max) fail(`A numbered weekday must be 1 to ${max} (or -1 to -${max})`);
    if (byMonthDay) fail('A numbered weekday cannot be combined with BYMONTHDAY');
  }
}

/** `20261231` or `20261231T235959[Z]` -> `2026-12-31`. */
function untilDate(value: string): string {
  const m = /^(\d{4})(\d{2})(\d{2})(?:T\d{6}Z?)?$/.exec(value);
  if (!m) return fail('UNTIL must be a date written YYYYMMDD');
  const iso = `${m[1]}-${m[2]}-${m[3]}`;
  if (isoDay(Date.parse(`${iso}T00:00:00Z`) || 0) !== iso) fail('UNTIL must be a real date');
  return iso;
}

/** Parses and checks the shape of a rule; throws RepeatRuleError with a message for people. */
export function readRepeatRule(raw: string): RepeatRule {
  const text = raw
    .trim()
    .replace(/^RRULE:/i, '')
    .toUpperCase();
  if (text === '') fail('The repeat rule is empty');
  if (text.length > EVENT_RRULE_MAX_LENGTH)
    fail(`The repeat rule must be at most ${EVENT_RRULE_MAX_LENGTH} characters`);
  const parts = new Map<string, string>();
  for (const piece of text.split(';')) {
    const m = /^([A-Z]+)=([A-Z0-9,+-]+)$/.exec(piece);
    if (!m?.[1] || !m[2]) return fail('The repeat rule must be written like FREQ=WEEKLY;BYDAY=TU');
    if (!PARTS.has(m[1])) fail(`The repeat rule part ${m[1]} is not supported`);
    if (parts.has(m[1])) fail(`The repeat rule names ${m[1]} twice`);
    parts.set(m[1], m[2]);
  }
  const freq = parts.get('FREQ');
  if (!freq) return fail('The repeat rule needs FREQ');
  if (!(EVENT_RRULE_FREQUENCIES as readonly string[]).includes(freq))
    fail(`FREQ must be one of ${EVENT_RRULE_FREQUENCIES.join(', ')}`);
  if (parts.has('COUNT') && parts.has('UNTIL')) fail('A repeat rule has COUNT or UNTIL, not both');
  const interval = parts.get('INTERVAL');
  if (interval !== undefined && !(integers(interval, 'INTERVAL', 1, MAX_INTERVAL)[0]! > 0))
    fail(`INTERVAL must be between 1 and ${MAX_INTERVAL}`);
  const countText = parts.get('COUNT');
  const count = countText === undefined ? null : integers(countText, 'COUNT', 1, MAX_COUNT)[0]!;
  if (count !== null && count < 0) fail(`COUNT must be between 1 and ${MAX_COUNT}`);
  const untilText = parts.get('UNTIL');
  const until = untilText === undefined ? null : untilDate(untilText);
  if (until) parts.set('UNTIL', until.replaceAll('-', ''));
  const wkst = parts.get('WKST');
  if (wkst !== undefined && !WEEKDAYS.has(wkst)) fail('WKST must be a weekday such as MO');
  const months = parts.has('BYMONTH')
    ? integers(parts.get('BYMONTH') ?? '', 'BYMONTH', 1, 12)
    : null;
  if (months?.some((n) => n < 0)) fail('BYMONTH values must be between 1 and 12');
  const monthDays = parts.get('BYMONTHDAY');
  if (monthDays !== undefined) {
    if (freq === 'WEEKLY') fail('BYMONTHDAY cannot be used with FREQ=WEEKLY');
    const days = integers(monthDays, 'BYMONTHDAY', 1, 31);
    const longest = Math.max(...(months ?? [1]).map((mo) => DAYS_IN_MONTH[mo - 1] ?? 31));
    if (!days.some((d) => Math.abs(d) <= longest))
      fail('BYMONTHDAY names a day that the months of the rule do not have');
  }
  const byDay = parts.get('BYDAY');
  if (byDay !== undefined) checkByDay(byDay, freq, monthDays !== undefined);
  const stored = [...parts].map(([k, v]) => `${k}=${v}`).join(';');
  return { text: stored, freq: freq as RepeatRule['freq'], count, until };
}

/**
 * The library's options for a rule whose first occurrence is `start`. Dates are "floating":
 * a UTC Date whose fields are the wall-clock time in the troop's zone, so a 7 PM meeting is
 * 7 PM on both sides of a daylight-saving change (docs/decisions/040-recurring-event-storage.md).
 */
export function ruleOptions(rule: RepeatRule, start: Date): Partial<Options> {
  const options: Partial<Options> = {
    ...RRule.parseString(rule.text.replace(/;?UNTIL=\d{8}/, '')),
    dtstart: start,
  };
  if (rule.until) {
    const [y, m, d] = rule.until.split('-').map(Number) as [number, number, number];
    options.until = new Date(Date.UTC(y, m - 1, d, 23, 59, 59));
  }
  return options;
}

/** The same rule ending after `count` occurrences or on the date `until` (`YYYY-MM-DD`), or never. */
export function withEnd(text: string, end: { count?: number; until?: string }): string {
  const kept = text.split(';').filter((p) => !/^(COUNT|UNTIL)=/.test(p));
  if (end.count !== undefined) kept.push(`COUNT=${end.count}`);
  if (end.until !== undefined) kept.push(`UNTIL=${end.until.replaceAll('-', '')}`);
  return kept.join(';');
}

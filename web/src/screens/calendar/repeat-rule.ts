/**
 * The create dialog's Repeat setting as an RFC 5545 RRULE value, in the shape the server takes
 * (docs/decisions/041-repeat-rules-and-occurrence-routes.md): DAILY, WEEKLY with BYDAY, MONTHLY
 * with BYMONTHDAY or one numbered BYDAY ("2nd Saturday"; never BYSETPOS), ending with UNTIL
 * (a date) or COUNT, or never. The start date must be the rule's first occurrence, so a weekly
 * rule has to include the start's weekday and a monthly one is read off the start date.
 */
import { parseLocalDate } from '../../lib/event-format.ts';

export type RepeatKind = 'none' | 'daily' | 'weekly' | 'monthlyDate' | 'monthlyWeekday';
export type RepeatEnd = 'never' | 'until' | 'count';

/** RFC 5545 weekday codes, Sunday first as Date.getUTCDay counts. */
export const WEEKDAY_CODES = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
export type WeekdayCode = (typeof WEEKDAY_CODES)[number];

/** "Sunday" to "Saturday", as the calendar's dates write them: 1 January 2023 was a Sunday. */
const dayName = new Intl.DateTimeFormat('en-US', { weekday: 'long', timeZone: 'UTC' });
export const WEEKDAY_NAMES = Object.fromEntries(
  WEEKDAY_CODES.map((code, i) => [code, dayName.format(Date.UTC(2023, 0, 1 + i))]),
) as Record<WeekdayCode, string>;

/** The server's COUNT limit (decision 041). */
export const REPEAT_COUNT_MAX = 5000;

export interface RepeatValues {
  kind: RepeatKind;
  /** For weekly: the chosen weekdays. */
  weekdays: WeekdayCode[];
  end: RepeatEnd;
  /** YYYY-MM-DD, the last day an occurrence may fall on (inclusive). */
  until: string;
  /** How many occurrences, as typed. */
  count: string;
}

export const noRepeat: RepeatValues = {
  kind: 'none',
  weekdays: [],
  end: 'never',
  until: '',
  count: '',
};

export const REPEAT_MESSAGES = {
  weekdaysRequired: 'Choose at least one weekday',
  weekdaysMissStart: (day: string) =>
    `The first date is a ${day}: include ${day} or change the date`,
  untilRequired: 'Choose the last date',
  untilInvalid: 'Enter a real date',
  untilBeforeStart: 'The series cannot end before its first date',
  countInvalid: `Enter a number of times from 1 to ${REPEAT_COUNT_MAX}`,
} as const;

export type RepeatErrors = Partial<Record<'weekdays' | 'until' | 'count', string>>;
export type RepeatResult = { ok: true; rrule: string | null } | { ok: false; errors: RepeatErrors };

/** The weekday of a YYYY-MM-DD day, or null for no real date. */
export function weekdayOf(date: string): WeekdayCode | null {
  if (!parseLocalDate(date)) return null;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return WEEKDAY_CODES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()] ?? null;
}

/**
 * Which of its weekday in the month the date is: 1 to 4, or -1 when it is the month's last
 * (a fifth Saturday is always the last, and "last" also names the fourth when no fifth follows
 * it, as calendar apps offer; this picks the number for days 1-28 and "last" after).
 */
export function nthWeekdayOf(date: string): number | null {
  if (!parseLocalDate(date)) return null;
  const day = Number(date.slice(8, 10));
  const nth = Math.ceil(day / 7);
  return nth >= 5 ? -1 : nth;
}

const ORDINALS: Record<number, string> = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', [-1]: 'last' };

/** "2nd Saturday", "last Friday": how the monthly weekday choice is named for a start date. */
export function nthWeekdayLabel(date: string): string | null {
  const nth = nthWeekdayOf(date);
  const day = weekdayOf(date);
  return nth && day ? `${ORDINALS[nth]} ${WEEKDAY_NAMES[day]}` : null;
}

/**
 * Builds the rule for a series starting on `startDate`; null when the event does not repeat.
 * `startMayMove`: an edit of a series' rule, which the server starts on its first date from
 * `startDate` on, so the weekdays need not include the start's.
 */
export function buildRepeatRule(
  values: RepeatValues,
  startDate: string,
  { startMayMove = false }: { startMayMove?: boolean } = {},
): RepeatResult {
  if (values.kind === 'none') return { ok: true, rrule: null };
  const errors: RepeatErrors = {};
  const startDay = weekdayOf(startDate);
  const parts: string[] = [];

  if (values.kind === 'daily') parts.push('FREQ=DAILY');
  else if (values.kind === 'weekly') {
    const chosen = WEEKDAY_CODES.filter((c) => values.weekdays.includes(c));
    if (chosen.length === 0) errors.weekdays = REPEAT_MESSAGES.weekdaysRequired;
    else if (startDay && !startMayMove && !chosen.includes(startDay))
      errors.weekdays = REPEAT_MESSAGES.weekdaysMissStart(WEEKDAY_NAMES[startDay]);
    // Monday first, as RFC 5545's default week start reads.
    const ordered = [...chosen.filter((c) => c !== 'SU'), ...chosen.filter((c) => c === 'SU')];
    parts.push('FREQ=WEEKLY', `BYDAY=${ordered.join(',')}`);
  } else if (values.kind === 'monthlyDate') {
    parts.push('FREQ=MONTHLY', `BYMONTHDAY=${Number(startDate.slice(8, 10))}`);
  } else {
    const nth = nthWeekdayOf(startDate);
    parts.push('FREQ=MONTHLY', `BYDAY=${nth ?? 1}${startDay ?? 'MO'}`);
  }

  if (values.end === 'until') {
    const until = values.until.trim();
    if (!until) errors.until = REPEAT_MESSAGES.untilRequired;
    else if (!parseLocalDate(until)) errors.until = REPEAT_MESSAGES.untilInvalid;
    else if (startDay && until < startDate) errors.until = REPEAT_MESSAGES.untilBeforeStart;
    else parts.push(`UNTIL=${until.replaceAll('-', '')}`);
  } else if (values.end === 'count') {
    const text = values.count.trim();
    const count = Number(text);
    if (!/^\d+$/.test(text) || count < 1 || count > REPEAT_COUNT_MAX)
      errors.count = REPEAT_MESSAGES.countInvalid;
    else parts.push(`COUNT=${count}`);
  }

  // Without a start date the date field reports it; the rule waits for it.
  if (!startDay) return { ok: false, errors };
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, rrule: parts.join(';') };
}

/** Two rules alike but for the order of their parts (null: no repeating). */
export function sameRule(a: string | null | undefined, b: string | null | undefined): boolean {
  const parts = (r: string | null | undefined) => (r ? r.split(';').sort().join(';') : '');
  return parts(a) === parts(b);
}

/**
 * The Repeat setting showing a series' rule, for an edit of its occurrence on `date`; null when
 * the setting cannot show the rule as it is (an interval, a yearly rule...), which then stays.
 */
export function repeatValuesOf(rrule: string, date: string): RepeatValues | null {
  const parts = new Map(rrule.split(';').map((p) => p.split('=') as [string, string]));
  const freq = parts.get('FREQ');
  const kind: RepeatKind | null =
    freq === 'DAILY'
      ? 'daily'
      : freq === 'WEEKLY'
        ? 'weekly'
        : freq === 'MONTHLY'
          ? parts.has('BYMONTHDAY')
            ? 'monthlyDate'
            : 'monthlyWeekday'
          : null;
  if (!kind) return null;
  const until = parts.get('UNTIL');
  const count = parts.get('COUNT');
  const values: RepeatValues = {
    kind,
    weekdays:
      kind === 'weekly'
        ? WEEKDAY_CODES.filter((c) => (parts.get('BYDAY') ?? '').split(',').includes(c))
        : [],
    end: until ? 'until' : count ? 'count' : 'never',
    until: until ? `${until.slice(0, 4)}-${until.slice(4, 6)}-${until.slice(6, 8)}` : '',
    count: count ?? '',
  };
  // Shown only when the setting gives the same rule back.
  const again = buildRepeatRule(values, date, { startMayMove: true });
  return again.ok && sameRule(again.rrule, rrule) ? values : null;
}

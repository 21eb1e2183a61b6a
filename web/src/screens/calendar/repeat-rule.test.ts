import { describe, expect, it } from 'vitest';
import {
  buildRepeatRule,
  noRepeat,
  nthWeekdayLabel,
  nthWeekdayOf,
  REPEAT_MESSAGES,
  repeatValuesOf,
  sameRule,
  weekdayOf,
  WEEKDAY_CODES,
  WEEKDAY_NAMES,
  type RepeatValues,
} from './repeat-rule.ts';

const repeat = (over: Partial<RepeatValues>): RepeatValues => ({ ...noRepeat, ...over });
// 2026-12-01 is a Tuesday; 2026-12-12 the 2nd Saturday of December.
const TUESDAY = '2026-12-01';

describe('weekday names', () => {
  it('names each RFC 5545 weekday code in full, Sunday first', () => {
    expect(WEEKDAY_CODES.map((c) => `${c} ${WEEKDAY_NAMES[c]}`)).toEqual([
      'SU Sunday',
      'MO Monday',
      'TU Tuesday',
      'WE Wednesday',
      'TH Thursday',
      'FR Friday',
      'SA Saturday',
    ]);
  });
});

describe('buildRepeatRule', () => {
  it('gives no rule for an event that does not repeat', () => {
    expect(buildRepeatRule(noRepeat, TUESDAY)).toEqual({ ok: true, rrule: null });
  });

  it('builds a daily rule that never ends', () => {
    expect(buildRepeatRule(repeat({ kind: 'daily' }), TUESDAY)).toEqual({
      ok: true,
      rrule: 'FREQ=DAILY',
    });
  });

  it('builds a weekly rule on the chosen weekdays, Monday first, ending after a count', () => {
    const values = repeat({
      kind: 'weekly',
      weekdays: ['SU', 'TU', 'TH'],
      end: 'count',
      count: '10',
    });
    expect(buildRepeatRule(values, TUESDAY)).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=TU,TH,SU;COUNT=10',
    });
  });

  it('ends a rule on a date, inclusive, written as UNTIL=YYYYMMDD', () => {
    const values = repeat({ kind: 'weekly', weekdays: ['TU'], end: 'until', until: '2027-06-29' });
    expect(buildRepeatRule(values, TUESDAY)).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=TU;UNTIL=20270629',
    });
  });

  it('refuses weekly days that leave out the start day, naming it', () => {
    const result = buildRepeatRule(repeat({ kind: 'weekly', weekdays: ['WE'] }), TUESDAY);
    expect(result).toEqual({
      ok: false,
      errors: { weekdays: REPEAT_MESSAGES.weekdaysMissStart('Tuesday') },
    });
  });

  it('refuses a weekly rule without weekdays', () => {
    expect(buildRepeatRule(repeat({ kind: 'weekly' }), TUESDAY)).toEqual({
      ok: false,
      errors: { weekdays: REPEAT_MESSAGES.weekdaysRequired },
    });
  });

  it('repeats monthly on the start date', () => {
    expect(buildRepeatRule(repeat({ kind: 'monthlyDate' }), '2026-12-31')).toEqual({
      ok: true,
      rrule: 'FREQ=MONTHLY;BYMONTHDAY=31',
    });
  });

  it('repeats monthly on the nth weekday of the start date, never with BYSETPOS', () => {
    expect(buildRepeatRule(repeat({ kind: 'monthlyWeekday' }), '2026-12-12')).toEqual({
      ok: true,
      rrule: 'FREQ=MONTHLY;BYDAY=2SA',
    });
    expect(buildRepeatRule(repeat({ kind: 'monthlyWeekday' }), '2026-12-29')).toEqual({
      ok: true,
      rrule: 'FREQ=MONTHLY;BYDAY=-1TU',
    });
  });

  it('refuses an end before the start, a missing or impossible end date, and a bad count', () => {
    const daily = (over: Partial<RepeatValues>) =>
      buildRepeatRule(repeat({ kind: 'daily', ...over }), TUESDAY);
    expect(daily({ end: 'until', until: '2026-11-30' })).toEqual({
      ok: false,
      errors: { until: REPEAT_MESSAGES.untilBeforeStart },
    });
    expect(daily({ end: 'until', until: '' })).toEqual({
      ok: false,
      errors: { until: REPEAT_MESSAGES.untilRequired },
    });
    expect(daily({ end: 'until', until: '2027-02-30' })).toEqual({
      ok: false,
      errors: { until: REPEAT_MESSAGES.untilInvalid },
    });
    for (const count of ['0', '5001', '2.5', 'ten', ''])
      expect(daily({ end: 'count', count })).toEqual({
        ok: false,
        errors: { count: REPEAT_MESSAGES.countInvalid },
      });
    expect(daily({ end: 'count', count: '5000' })).toEqual({
      ok: true,
      rrule: 'FREQ=DAILY;COUNT=5000',
    });
  });

  it('gives no rule while the start date is missing', () => {
    expect(buildRepeatRule(repeat({ kind: 'daily' }), '').ok).toBe(false);
  });
});

describe('weekday helpers', () => {
  it('names the weekday and its place in the month', () => {
    expect(weekdayOf(TUESDAY)).toBe('TU');
    expect(weekdayOf('2026-02-30')).toBeNull();
    expect(nthWeekdayOf('2026-12-07')).toBe(1);
    expect(nthWeekdayOf('2026-12-28')).toBe(4);
    expect(nthWeekdayOf('2026-12-29')).toBe(-1);
    expect(nthWeekdayLabel('2026-12-12')).toBe('2nd Saturday');
    expect(nthWeekdayLabel('2026-12-31')).toBe('last Thursday');
  });
});

describe('repeatValuesOf', () => {
  it('shows a series’ rule in the Repeat setting, which gives the same rule back', () => {
    for (const [rule, date] of [
      ['FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10', TUESDAY],
      ['FREQ=DAILY;UNTIL=20261231', TUESDAY],
      ['FREQ=MONTHLY;BYDAY=2SA', '2026-12-12'],
      ['FREQ=MONTHLY;BYMONTHDAY=12', '2026-12-12'],
      ['FREQ=WEEKLY;COUNT=4;BYDAY=WE', TUESDAY],
    ] as const) {
      const values = repeatValuesOf(rule, date);
      expect(values, rule).not.toBeNull();
      const again = buildRepeatRule(values!, date, { startMayMove: true });
      expect(again.ok && sameRule(again.rrule, rule), rule).toBe(true);
    }
    expect(repeatValuesOf('FREQ=WEEKLY;BYDAY=TU,TH;COUNT=10', TUESDAY)).toEqual({
      kind: 'weekly',
      weekdays: ['TU', 'TH'],
      end: 'count',
      until: '',
      count: '10',
    });
  });

  it('leaves rules the setting cannot show to stay as they are', () => {
    expect(repeatValuesOf('FREQ=WEEKLY;INTERVAL=2;BYDAY=TU', TUESDAY)).toBeNull();
    expect(repeatValuesOf('FREQ=YEARLY', TUESDAY)).toBeNull();
    // The last Saturday on a day that reads as the 4th would come back as 4SA.
    expect(repeatValuesOf('FREQ=MONTHLY;BYDAY=-1SA', '2026-12-26')).toBeNull();
  });

  it('lets an edited rule leave out the weekday of the date it is changed from', () => {
    const wednesdays = { ...noRepeat, kind: 'weekly' as const, weekdays: ['WE' as const] };
    expect(buildRepeatRule(wednesdays, TUESDAY).ok).toBe(false);
    expect(buildRepeatRule(wednesdays, TUESDAY, { startMayMove: true })).toEqual({
      ok: true,
      rrule: 'FREQ=WEEKLY;BYDAY=WE',
    });
  });
});

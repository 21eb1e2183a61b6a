import { describe, expect, it } from 'vitest';
import { EVENT_MAX_SPAN_DAYS } from './calendar-events.ts';
import {
  checkEventLink,
  EVENT_FIELD_MESSAGES as M,
  eventEndProblem,
  isEventCategory,
  isEventDate,
  isEventTime,
  readEventDescription,
  readEventLocation,
  readEventName,
} from './event-fields.ts';
import { EVENT_LINK_MAX_LENGTH, EVENT_NAME_MAX_LENGTH } from './limits.ts';

describe('event fields', () => {
  it('trims the name, and refuses a blank or over-long one', () => {
    expect(readEventName('  Campout ')).toEqual({ ok: true, value: 'Campout' });
    expect(readEventName('   ')).toEqual({ ok: false, message: M.nameRequired });
    expect(readEventName('x'.repeat(EVENT_NAME_MAX_LENGTH + 1))).toEqual({
      ok: false,
      message: M.nameTooLong,
    });
  });

  it('takes days that exist, written YYYY-MM-DD, and 24-hour HH:mm times', () => {
    for (const d of ['2026-07-04', '2028-02-29', '0050-01-01']) expect(isEventDate(d)).toBe(true);
    for (const d of ['2026-02-29', '2026-13-01', '03/02/2026', '2026-7-4', ''])
      expect(isEventDate(d)).toBe(false);
    for (const t of ['00:00', '07:30', '23:59']) expect(isEventTime(t)).toBe(true);
    for (const t of ['24:00', '7:30', '07:30:00', '7pm', '']) expect(isEventTime(t)).toBe(false);
  });

  it('reads location and description as trimmed text with one kind of line break, empty as none', () => {
    expect(readEventLocation(' Hall \r\n B ')).toEqual({ ok: true, value: 'Hall \n B' });
    expect(readEventDescription('   ')).toEqual({ ok: true, value: null });
    expect(readEventLocation('x'.repeat(301))).toEqual({ ok: false, message: M.locationTooLong });
    expect(readEventDescription('x'.repeat(5001))).toEqual({
      ok: false,
      message: M.descriptionTooLong,
    });
  });

  it('knows the categories', () => {
    expect(isEventCategory('campout')).toBe(true);
    expect(isEventCategory('party')).toBe(false);
    expect(M.categoryUnknown).toContain('court_of_honor');
  });

  describe('the end of an event', () => {
    const start = {
      date: '2026-07-04',
      time: '19:00',
      allDay: false,
      endDate: null,
      endTime: null,
    };
    it('may be absent, later the same day, or on a later day at any time', () => {
      expect(eventEndProblem(start)).toBeNull();
      expect(eventEndProblem({ ...start, endTime: '20:30' })).toBeNull();
      expect(eventEndProblem({ ...start, endDate: '2026-07-05', endTime: '08:00' })).toBeNull();
    });
    it('is refused before or at the start, past the longest span, or as a time on an all-day event', () => {
      expect(eventEndProblem({ ...start, endTime: '19:00' })).toEqual({
        field: 'endTime',
        message: M.endBeforeStart,
      });
      expect(eventEndProblem({ ...start, endDate: '2026-07-03' })).toEqual({
        field: 'endDate',
        message: M.endDateBeforeStart,
      });
      const far = new Date(Date.UTC(2026, 6, 4 + EVENT_MAX_SPAN_DAYS + 1)).toISOString();
      expect(eventEndProblem({ ...start, endDate: far.slice(0, 10) })).toEqual({
        field: 'endDate',
        message: M.spanTooLong,
      });
      expect(eventEndProblem({ ...start, time: '', allDay: true, endTime: '10:00' })).toEqual({
        field: 'endTime',
        message: M.allDayEndTime,
      });
    });
  });
});

describe('checkEventLink', () => {
  it('accepts no link, and http and https addresses (trimmed)', () => {
    expect(checkEventLink('')).toEqual({ ok: true, value: null });
    expect(checkEventLink('   ')).toEqual({ ok: true, value: null });
    expect(checkEventLink(' https://troop.example/camp?day=1 ')).toEqual({
      ok: true,
      value: 'https://troop.example/camp?day=1',
    });
    expect(checkEventLink('http://troop.example')).toEqual({
      ok: true,
      value: 'http://troop.example',
    });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.cookie)',
    ' javascript:void(0)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'file:///etc/passwd',
    'ftp://troop.example/file',
    'mailto:leader@troop.example',
    'webcal://troop.example/feed.ics',
  ])('refuses %s with the scheme message', (link) => {
    expect(checkEventLink(link)).toEqual({ ok: false, message: M.linkScheme });
  });

  it('asks for a full address when there is no scheme, and refuses links over the limit', () => {
    expect(checkEventLink('troop.example/camp')).toEqual({
      ok: false,
      message: M.linkInvalid,
    });
    expect(checkEventLink('https://')).toEqual({ ok: false, message: M.linkScheme });
    const long = `https://troop.example/${'a'.repeat(EVENT_LINK_MAX_LENGTH)}`;
    expect(checkEventLink(long)).toEqual({ ok: false, message: M.linkTooLong });
    const atLimit = `https://t.example/${'a'.repeat(EVENT_LINK_MAX_LENGTH - 18)}`;
    expect(atLimit).toHaveLength(EVENT_LINK_MAX_LENGTH);
    expect(checkEventLink(atLimit).ok).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { LINK_SCHEME_MESSAGE } from './event-link.ts';
import { emptyEventForm, EVENT_FORM_MESSAGES, validateEventForm } from './event-form.ts';

const valid = {
  eventName: ' Court of Honor ',
  eventDate: '2026-07-04',
  eventTime: '19:30',
  hyperlink: '',
};

describe('validateEventForm', () => {
  it('answers the trimmed input with no link as null', () => {
    expect(validateEventForm(valid)).toEqual({
      ok: true,
      input: {
        eventName: 'Court of Honor',
        eventDate: '2026-07-04',
        eventTime: '19:30',
        hyperlink: null,
      },
    });
  });

  it('requires name, date and time, each with its own message', () => {
    expect(validateEventForm({ ...emptyEventForm, eventName: '   ' })).toEqual({
      ok: false,
      errors: {
        eventName: EVENT_FORM_MESSAGES.nameRequired,
        eventDate: EVENT_FORM_MESSAGES.dateRequired,
        eventTime: EVENT_FORM_MESSAGES.timeRequired,
      },
    });
  });

  it('refuses a javascript: link before anything is sent', () => {
    const result = validateEventForm({ ...valid, hyperlink: 'javascript:alert(1)' });
    expect(result).toEqual({ ok: false, errors: { hyperlink: LINK_SCHEME_MESSAGE } });
  });

  it('refuses days that do not exist, times that are not HH:mm and over-long names', () => {
    const result = validateEventForm({
      eventName: 'x'.repeat(EVENT_NAME_MAX_LENGTH + 1),
      eventDate: '2026-02-30',
      eventTime: '7pm',
      hyperlink: 'https://troop.example',
    });
    expect(result).toEqual({
      ok: false,
      errors: {
        eventName: EVENT_FORM_MESSAGES.nameTooLong,
        eventDate: EVENT_FORM_MESSAGES.dateInvalid,
        eventTime: EVENT_FORM_MESSAGES.timeInvalid,
      },
    });
  });

  it('keeps HH:mm when the time input sends seconds, and keeps a valid link', () => {
    const result = validateEventForm({
      ...valid,
      eventTime: '08:05:00',
      hyperlink: 'https://troop.example/x',
    });
    expect(result).toEqual({
      ok: true,
      input: {
        eventName: 'Court of Honor',
        eventDate: '2026-07-04',
        eventTime: '08:05',
        hyperlink: 'https://troop.example/x',
      },
    });
  });
});

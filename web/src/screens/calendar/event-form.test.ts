import { describe, expect, it } from 'vitest';
import { EVENT_NAME_MAX_LENGTH } from '@scout/protocol/limits';
import { errorsAfterEdit } from '../../lib/field-errors.ts';
import {
  emptyEventForm,
  EVENT_FORM_MESSAGES,
  eventFormProblems,
  formValuesOf,
  validateEventForm,
  type EventFormValues,
} from './event-form.ts';

const valid = {
  ...emptyEventForm,
  eventName: ' Court of Honor ',
  eventDate: '2026-07-04',
  eventTime: '19:30',
};
const NO_DETAILS = {
  allDay: false,
  endDate: null,
  endTime: null,
  location: null,
  description: null,
  category: null,
  rsvpDeadline: null,
  capacity: null,
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
        ...NO_DETAILS,
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
    expect(result).toEqual({ ok: false, errors: { hyperlink: EVENT_FORM_MESSAGES.linkScheme } });
  });

  it('refuses days that do not exist, times that are not HH:mm and over-long names', () => {
    const result = validateEventForm({
      ...emptyEventForm,
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
        ...NO_DETAILS,
      },
    });
  });

  it('takes the details trimmed, with an end after the start and a known category', () => {
    const result = validateEventForm({
      ...valid,
      endTime: '21:00:00',
      location: ' Scout Hall ',
      description: ' Bring a torch\nand boots ',
      category: 'court_of_honor',
    });
    expect(result).toMatchObject({
      ok: true,
      input: {
        endTime: '21:00',
        location: 'Scout Hall',
        description: 'Bring a torch\nand boots',
        category: 'court_of_honor',
      },
    });
  });

  it('refuses an end at or before the start, and an end that is not a time', () => {
    expect(validateEventForm({ ...valid, endTime: '19:30' })).toEqual({
      ok: false,
      errors: { endTime: EVENT_FORM_MESSAGES.endBeforeStart },
    });
    expect(validateEventForm({ ...valid, endTime: 'late' })).toEqual({
      ok: false,
      errors: { endTime: EVENT_FORM_MESSAGES.endTimeInvalid },
    });
  });
});

describe('all-day and multi-day events', () => {
  it('takes an all-day event over several days without a time', () => {
    const result = validateEventForm({
      ...valid,
      eventTime: '',
      endTime: '20:00',
      allDay: 'true',
      endDate: '2026-07-06',
    });
    expect(result).toMatchObject({
      ok: true,
      input: { eventTime: '', allDay: true, endDate: '2026-07-06', endTime: null },
    });
  });

  it('refuses a last day before the first, and lets a timed event end earlier on a later day', () => {
    expect(validateEventForm({ ...valid, endDate: '2026-07-03' })).toEqual({
      ok: false,
      errors: { endDate: EVENT_FORM_MESSAGES.endDateBeforeStart },
    });
    expect(validateEventForm({ ...valid, endDate: '2026-07-05', endTime: '10:00' })).toMatchObject({
      ok: true,
      input: { endDate: '2026-07-05', endTime: '10:00' },
    });
  });
});

describe('notifying families of a new event', () => {
  const inputOf = (values: EventFormValues) => {
    const result = validateEventForm(values);
    if (!result.ok) throw new Error(JSON.stringify(result.errors));
    return result.input;
  };

  it('leaves notify out while the box is checked, as it starts, so the server tells families', () => {
    expect(emptyEventForm.notify).toBe('true');
    expect(Object.keys(inputOf(valid))).not.toContain('notify');
  });

  it('sends notify: false once the box is unchecked', () => {
    expect(inputOf({ ...valid, notify: '' })).toEqual({
      eventName: 'Court of Honor',
      eventDate: '2026-07-04',
      eventTime: '19:30',
      hyperlink: null,
      ...NO_DETAILS,
      notify: false,
    });
  });

  it('never sends it for an edit, whose values start from the event', () => {
    const values = formValuesOf({
      eventName: 'Hike',
      eventDate: '2026-07-04',
      eventTime: '09:00',
      hyperlink: null,
      allDay: false,
      endDate: null,
      endTime: null,
      location: null,
      description: null,
      category: null,
    });
    expect(values.notify).toBe('true');
    expect(Object.keys(inputOf(values))).not.toContain('notify');
  });
});

describe("the form's messages as the member fixes the fields", () => {
  const edit =
    (shown: Partial<Record<keyof EventFormValues, string>>, values: EventFormValues) =>
    (name: keyof EventFormValues, value: string) =>
      errorsAfterEdit(shown, name, { ...values, [name]: value }, eventFormProblems);

  it('an end before the start goes whether the end or the start is moved, and stays otherwise', () => {
    const values = { ...valid, endTime: '18:00' };
    const shown = eventFormProblems(values);
    expect(shown).toEqual({ endTime: EVENT_FORM_MESSAGES.endBeforeStart });
    expect(edit(shown, values)('eventTime', '17:00')).toEqual({});
    expect(edit(shown, values)('endTime', '20:00')).toEqual({});
    expect(edit(shown, values)('eventTime', '18:30')).toEqual(shown);
    expect(edit(shown, values)('allDay', 'true')).toEqual({});
  });

  it('a last day before the first goes when the first day is moved back', () => {
    const values = { ...valid, endDate: '2026-07-03' };
    const shown = eventFormProblems(values);
    expect(shown).toEqual({ endDate: EVENT_FORM_MESSAGES.endDateBeforeStart });
    expect(edit(shown, values)('eventDate', '2026-07-02')).toEqual({});
  });

  it("each field's own message goes with its first edit; the others wait for theirs", () => {
    const values = { ...emptyEventForm };
    const shown = eventFormProblems(values);
    expect(Object.keys(shown)).toEqual(['eventName', 'eventDate', 'eventTime']);
    expect(edit(shown, values)('eventName', 'H')).toEqual({
      eventDate: EVENT_FORM_MESSAGES.dateRequired,
      eventTime: EVENT_FORM_MESSAGES.timeRequired,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { NewEventInput } from './calendar-event.ts';
import { changedFields } from './occurrence-edit.ts';

const meeting: NewEventInput = {
  eventName: 'Troop meeting',
  eventDate: '2026-12-08',
  eventTime: '19:00',
  hyperlink: null,
  allDay: false,
  endDate: null,
  endTime: '20:30',
  location: 'Scout Hall',
  description: null,
  category: 'meeting',
};

describe('changedFields', () => {
  it('sends only what the member changed, so the series keeps its own dates', () => {
    expect(changedFields(meeting, { ...meeting, eventTime: '18:30', location: 'Park' })).toEqual({
      eventTime: '18:30',
      location: 'Park',
    });
  });

  it('sends a cleared field as null and nothing when nothing changed', () => {
    expect(changedFields(meeting, { ...meeting, location: null, endTime: null })).toEqual({
      location: null,
      endTime: null,
    });
    expect(changedFields(meeting, { ...meeting })).toEqual({});
  });

  it('reads a missing optional field as none', () => {
    const { allDay: _a, category: _c, ...bare } = meeting;
    expect(changedFields({ ...bare, category: null, allDay: undefined }, meeting)).toEqual({
      allDay: false,
      category: 'meeting',
    });
  });

  it('sends a new repeat rule, and null to end the repeating, only when the dialog gives one', () => {
    expect(changedFields(meeting, { ...meeting, rrule: 'FREQ=WEEKLY;BYDAY=WE' })).toEqual({
      rrule: 'FREQ=WEEKLY;BYDAY=WE',
    });
    expect(changedFields(meeting, { ...meeting, rrule: null })).toEqual({ rrule: null });
  });
});

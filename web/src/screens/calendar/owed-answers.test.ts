import { describe, expect, it } from 'vitest';
import type { HouseholdAnswers } from '@scout/sdk/rsvps';
import { eventFromRow } from '@scout/protocol/calendar-list';
import type { CalendarEvent } from './calendar-event.ts';
import { owedEvents, owedMonths } from './owed-answers.ts';

const TODAY = '2031-04-10';
const NOW = Date.parse('2031-04-10T12:00:00Z');

const event = (id: string, eventDate: string, extra: Record<string, unknown> = {}): CalendarEvent =>
  eventFromRow({ id, eventName: id, eventDate, eventTime: '19:00', ...extra });

const events: CalendarEvent[] = [
  event('last-week', '2031-03-28'),
  event('camp', '2031-04-18'),
  event('hike', '2031-07-04', { status: 'cancelled' }),
  event('court', '2031-08-28', { rsvpDeadline: '2031-04-09T12:00:00Z' }),
  // A meeting of a series moved from 30 April to 2 May: its answers are April's.
  {
    ...event('meet__2031-04-30', '2031-05-02'),
    occurrence: { seriesId: 'meet', date: '2031-04-30' },
  },
  event('fair', '2031-06-06'),
];

const april: HouseholdAnswers = {
  people: [
    { attendee: 'user:ann', name: 'Ann Able', youth: false },
    { attendee: 'scout:sam', name: 'Sam Able', youth: true },
  ],
  answers: [
    // Both answered the campout; only Ann the moved meeting.
    { eventId: 'camp', occurrence: '', attendee: 'user:ann', answer: 'going', waitlisted: false },
    {
      eventId: 'camp',
      occurrence: '',
      attendee: 'scout:sam',
      answer: 'not_going',
      waitlisted: false,
    },
    {
      eventId: 'meet',
      occurrence: '2031-04-30',
      attendee: 'user:ann',
      answer: 'maybe',
      waitlisted: false,
    },
  ],
  going: [],
};
const june: HouseholdAnswers = { ...april, answers: [] };

describe('the list filtered to the events that need an answer', () => {
  it('reads only the months of events still taking answers', () => {
    // Past, cancelled and closed events are owed nothing, so their months are not read.
    expect(owedMonths(events, TODAY, NOW)).toEqual(['2031-04', '2031-06']);
  });

  it('keeps the events someone of the household has not answered, by the months read', () => {
    const read = new Map([
      ['2031-04', april],
      ['2031-06', june],
    ]);
    expect(owedEvents(events, read, TODAY, NOW).map((e) => e.id)).toEqual([
      'meet__2031-04-30',
      'fair',
    ]);
    // A month not read yet claims nothing.
    expect(owedEvents(events, new Map([['2031-04', april]]), TODAY, NOW).map((e) => e.id)).toEqual([
      'meet__2031-04-30',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { HouseholdAnswers } from '@scout/sdk/rsvps';
import {
  answersMonth,
  awaitsAnswer,
  goingTo,
  placesFact,
  monthWindow,
  needsAnswer,
  peopleAnswers,
  shortName,
  withAnswer,
} from './household-answers.ts';

const data: HouseholdAnswers = {
  people: [
    { attendee: 'user:ann', name: 'Ann Able', youth: false },
    { attendee: 'scout:sam', name: 'Sam Able', youth: true },
    { attendee: 'scout:tia', name: 'Tia Able', youth: true },
  ],
  answers: [
    { eventId: 'camp', occurrence: '', attendee: 'scout:sam', answer: 'going', waitlisted: true },
    {
      eventId: 'meet',
      occurrence: '2031-04-22',
      attendee: 'user:ann',
      answer: 'maybe',
      waitlisted: false,
    },
  ],
  going: [{ eventId: 'camp', occurrence: '', count: 11 }],
};

describe("a family's answers on a row", () => {
  it('reads a month by the date answers are stored under: an occurrence by its series date', () => {
    expect(answersMonth({ eventId: 'camp', occurrence: '' }, '2031-04-18')).toBe('2031-04');
    // Moved from 30 April to 2 May: its answers are still April's.
    expect(answersMonth({ eventId: 'meet', occurrence: '2031-04-30' }, '2031-05-02')).toBe(
      '2031-04',
    );
    expect(monthWindow('2031-02')).toEqual({ from: '2031-02-01', to: '2031-02-28' });
    expect(monthWindow('2032-02')).toEqual({ from: '2032-02-01', to: '2032-02-29' });
    expect(monthWindow('2031-12')).toEqual({ from: '2031-12-01', to: '2031-12-31' });
  });

  it("gives each person's answer to the event, no answer where none, and says when one is owed", () => {
    const camp = peopleAnswers(data, { eventId: 'camp', occurrence: '' });
    expect(camp.map((p) => [p.attendee, p.answer, p.waitlisted])).toEqual([
      ['user:ann', null, false],
      ['scout:sam', 'going', true],
      ['scout:tia', null, false],
    ]);
    expect(needsAnswer(camp)).toBe(true);
    // Another occurrence of the same series has none of the 22nd's answers.
    expect(
      peopleAnswers(data, { eventId: 'meet', occurrence: '2031-04-29' }).map((p) => p.answer),
    ).toEqual([null, null, null]);
    const all = ['user:ann', 'scout:sam', 'scout:tia'].reduce(
      (d, who) => withAnswer(d, { eventId: 'camp', occurrence: '' }, who, 'not_going'),
      data,
    );
    expect(needsAnswer(peopleAnswers(all, { eventId: 'camp', occurrence: '' }))).toBe(false);
  });

  it('marks an event the household still owes an answer, only while it takes answers', () => {
    const now = Date.parse('2031-04-10T12:00:00Z');
    const open = { cancelled: false, rsvpDeadline: null, past: false };
    const camp = { eventId: 'camp', occurrence: '' };
    // Ann and Tia have not answered the campout.
    expect(awaitsAnswer(data, camp, open, now)).toBe(true);
    expect(awaitsAnswer(data, camp, { ...open, rsvpDeadline: '2031-04-11T00:00:00Z' }, now)).toBe(
      true,
    );
    // Cancelled, past its day, or past its deadline: nobody can answer, so nothing is owed.
    expect(awaitsAnswer(data, camp, { ...open, cancelled: true }, now)).toBe(false);
    expect(awaitsAnswer(data, camp, { ...open, past: true }, now)).toBe(false);
    expect(awaitsAnswer(data, camp, { ...open, rsvpDeadline: '2031-04-10T12:00:00Z' }, now)).toBe(
      false,
    );
    // Everyone answered (one of them No): nothing owed. Answers not read yet: nothing claimed.
    const all = ['user:ann', 'scout:sam', 'scout:tia'].reduce(
      (d, who) => withAnswer(d, camp, who, who === 'scout:tia' ? 'not_going' : 'going'),
      data,
    );
    expect(awaitsAnswer(all, camp, open, now)).toBe(false);
    expect(awaitsAnswer(undefined, camp, open, now)).toBe(false);
    // A member answering for nobody owes nothing.
    expect(awaitsAnswer({ ...data, people: [] }, camp, open, now)).toBe(false);
  });

  it('sets one answer at once, replacing the earlier one, leaving the others', () => {
    const next = withAnswer(data, { eventId: 'camp', occurrence: '' }, 'scout:sam', 'not_going');
    expect(next.answers).toHaveLength(2);
    expect(peopleAnswers(next, { eventId: 'camp', occurrence: '' })[1]).toMatchObject({
      answer: 'not_going',
      waitlisted: false,
    });
    expect(peopleAnswers(next, { eventId: 'meet', occurrence: '2031-04-22' })[0]?.answer).toBe(
      'maybe',
    );
    expect(data.answers).toHaveLength(2);
    expect(data.answers[0]?.answer).toBe('going');
  });

  it('names the member "You" and the others by first name', () => {
    expect(shortName({ name: 'Ann Able' }, true)).toBe('You');
    expect(shortName({ name: 'Sam Able' }, false)).toBe('Sam');
    expect(shortName({ name: 'Madonna' }, false)).toBe('Madonna');
  });
});

describe('places on a row', () => {
  it('counts who is going to the event, and says what is left of its places', () => {
    expect(goingTo(data, { eventId: 'camp', occurrence: '' })).toBe(11);
    expect(goingTo(data, { eventId: 'meet', occurrence: '2031-04-22' })).toBe(0);
    expect(placesFact(12, 11)).toBe('12 places, 1 left');
    expect(placesFact(12, 12)).toBe('12 places, full');
    expect(placesFact(1, 0)).toBe('1 place, 1 left');
    expect(placesFact(1500, 2)).toBe('1,500 places, 1,498 left');
    expect(placesFact(12, null)).toBe('12 places');
  });
});

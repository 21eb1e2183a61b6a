import { describe, expect, it } from 'vitest';
import { countsText, personState, placesText } from './rsvp-text.ts';

describe('rsvp text', () => {
  it('names every count in words, the waitlist only when someone waits', () => {
    const counts = {
      youthGoing: 1,
      adultsGoing: 2,
      maybe: 0,
      notGoing: 3,
      noAnswer: 4,
      waitlisted: 0,
    };
    expect(countsText(counts)).toBe(
      '1 youth and 2 adults going, 0 maybe, 3 not going, 4 no answer yet',
    );
    expect(countsText({ ...counts, adultsGoing: 1, waitlisted: 2 })).toBe(
      '1 youth and 1 adult going, 0 maybe, 3 not going, 4 no answer yet, 2 on the waitlist',
    );
  });

  it('says how many places are left, and when the event is full', () => {
    expect(placesText({ capacity: null, placesLeft: null })).toBeNull();
    expect(placesText({ capacity: 12, placesLeft: 4 })).toBe('4 of 12 places left');
    expect(placesText({ capacity: 1, placesLeft: 0 })).toBe(
      'Full (1 place): new Going answers join the waitlist',
    );
  });

  it("states a person's answer and place in line", () => {
    expect(personState({ answer: null, waitlisted: false, waitlistPosition: null })).toBe(
      'No answer yet',
    );
    expect(personState({ answer: 'not_going', waitlisted: false, waitlistPosition: null })).toBe(
      'Not going',
    );
    expect(personState({ answer: 'going', waitlisted: true, waitlistPosition: 2 })).toBe(
      'Going, waitlist position 2',
    );
  });
});

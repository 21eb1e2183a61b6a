import { describe, expect, it } from 'vitest';
import { ScoutError } from '@scout/sdk/errors';
import { nudgeFailureText, nudgeSentText, removeSlotText } from './volunteer-leader-text.ts';

const refused = (status: number, code: string, userMessage: string, details?: string) =>
  new ScoutError({ kind: 'network', status, code, message: userMessage, userMessage, details });

describe("a leader's nudge and slot removal", () => {
  it('says who the nudge went to and when the next may go', () => {
    const text = nudgeSentText({
      adults: 1,
      openSlots: 2,
      placesLeft: 3,
      nextAt: '2026-12-12T15:00:00Z',
    });
    expect(text).toMatch(
      /^Nudge sent to 1 adult about 2 slots \(3 places left\)\. The next can go /,
    );
  });

  it('says a second nudge in a day waits, and until when, in the troop’s time zone', () => {
    // The server's words name another time; the instant in `details` is what is said.
    const tooSoon = refused(
      429,
      'VOLUNTEER_NUDGE_TOO_SOON',
      'A nudge for these slots went out less than a day ago. The next may go after Fri, Dec 11, 1:00 AM.',
      '2026-12-12T17:00:00.000Z',
    );
    expect(nudgeFailureText(tooSoon, 'America/Los_Angeles')).toBe(
      'Already nudged today. The next nudge can go after Sat, Dec 12, 9:00 AM.',
    );
    expect(nudgeFailureText(tooSoon, 'Europe/Berlin')).toBe(
      'Already nudged today. The next nudge can go after Sat, Dec 12, 6:00 PM.',
    );
    expect(nudgeFailureText(refused(429, 'VOLUNTEER_NUDGE_TOO_SOON', ''), 'UTC')).toBe(
      'Already nudged today. The next nudge can go a day after the last one.',
    );
  });

  it('says every slot is full, or the event cancelled, on a 409', () => {
    expect(nudgeFailureText(refused(409, 'CONFLICT', 'Every slot has its people'), 'UTC')).toBe(
      'Every slot is full: there is nothing to nudge for.',
    );
    expect(nudgeFailureText(refused(409, 'CONFLICT', 'This event is cancelled'), 'UTC')).toBe(
      'This event is cancelled: there is nobody to nudge.',
    );
    expect(nudgeFailureText(new Error('boom'), 'UTC')).toBe('Could not send the nudge.');
  });

  it('asks before removing a slot, naming who held its places', () => {
    const place = (name: string) => ({
      signupId: name,
      volunteer: `user:${name}`,
      name,
      youth: false,
      mine: false,
      offeredTo: null,
    });
    expect(
      removeSlotText({
        title: 'Saturday dinner',
        slotOccurrence: '',
        places: [place('Ann'), place('Ben')],
      }),
    ).toBe(
      '"Saturday dinner" goes from the sheet with its 2 places, held by Ann, Ben. They are not told; let them know.',
    );
    expect(removeSlotText({ title: 'Snack', slotOccurrence: '*', places: [] })).toBe(
      '"Snack" goes from the sheet. Nobody holds a place in it. It is on every meeting of the series: the places on the other dates go too.',
    );
  });
});

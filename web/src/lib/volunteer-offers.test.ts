import { describe, expect, it } from 'vitest';
import { offerCandidates, pendingOffer, sheetCandidates } from './volunteer-offers.ts';

const member = (id: string, displayName: string | null, status = 'active') => ({
  id,
  status,
  displayName,
  email: `${id}@example.test`,
});

describe('offering a place', () => {
  it('goes to an active member of the troop, not oneself nor one who holds a place in the slot', () => {
    const members = [
      member('me', 'Me'),
      member('zed', 'Zed Stone'),
      member('ann', 'Ann Lake'),
      member('ben', 'Ben Holder'),
      member('sue', 'Sue Waiting', 'pending'),
      member('noname', null),
    ];
    expect(
      offerCandidates(members, [{ volunteer: 'user:ben' }, { volunteer: 'scout:ann' }], 'me'),
    ).toEqual([
      { userId: 'ann', name: 'Ann Lake' },
      { userId: 'noname', name: 'noname@example.test' },
      { userId: 'zed', name: 'Zed Stone' },
    ]);
  });

  it('finds the offer still waiting on a place', () => {
    const places = [
      { signupId: 'p1', offeredTo: null },
      { signupId: 'p2', offeredTo: { offerId: 'o1', userId: 'ann', name: 'Ann Lake' } },
    ];
    expect(pendingOffer(places, 'p2')).toEqual({ offerId: 'o1', userId: 'ann', name: 'Ann Lake' });
    expect(pendingOffer(places, 'p1')).toBeNull();
    expect(pendingOffer(undefined, 'p1')).toBeNull();
  });

  it('without the member list, offers to the adults holding places in the other slots of the event', () => {
    const place = (volunteer: string, name: string, youth = false) => ({ volunteer, name, youth });
    const slots = [
      { id: 'drive', places: [place('user:me', 'Me'), place('user:ben', 'Ben')] },
      {
        id: 'meal',
        places: [
          place('user:zoe', 'Zoe'),
          place('scout:kid', 'Kid', true),
          place('user:ben', 'Ben'),
        ],
      },
      { id: 'gear', places: [place('user:ann', 'Ann')] },
    ];
    expect(sheetCandidates(slots, 'drive', 'me')).toEqual([
      { userId: 'ann', name: 'Ann' },
      { userId: 'zoe', name: 'Zoe' },
    ]);
  });
});

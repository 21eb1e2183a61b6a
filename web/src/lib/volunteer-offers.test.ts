import { describe, expect, it } from 'vitest';
import { offerCandidates, pendingOffer } from './volunteer-offers.ts';

const adult = (userId: string, name: string) => ({ userId, name });

describe('offering a place', () => {
  it('goes to an adult of the troop, not oneself nor one who holds a place in the slot', () => {
    const adults = [
      adult('me', 'Me'),
      adult('zed', 'Zed Stone'),
      adult('ann', 'Ann Lake'),
      adult('ben', 'Ben Holder'),
    ];
    expect(
      offerCandidates(adults, [{ volunteer: 'user:ben' }, { volunteer: 'scout:ann' }], 'me'),
    ).toEqual([
      { userId: 'ann', name: 'Ann Lake' },
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
});

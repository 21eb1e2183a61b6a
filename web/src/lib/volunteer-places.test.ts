import { describe, expect, it } from 'vitest';
import type { WireVolunteerPlace } from '@scout/protocol/volunteer';
import { placeActions } from './volunteer-places.ts';

const mine = [
  { volunteer: 'scout:s1', name: 'Sam Rivera', youth: true },
  { volunteer: 'user:u1', name: 'Ann Rivera', youth: false },
];
const place = (volunteer: string, name: string, own: boolean): WireVolunteerPlace => ({
  signupId: `p-${volunteer}`,
  volunteer,
  name,
  youth: volunteer.startsWith('scout:'),
  mine: own,
  offeredTo: null,
});
const slot = (over: Partial<Parameters<typeof placeActions>[1]> = {}) => ({
  places: [],
  full: false,
  openToScouts: false,
  ...over,
});
const who = (list: { volunteer: string }[]) => list.map((p) => p.volunteer);

describe('what a member may do on a slot', () => {
  it('takes for themself only, in a slot for adults', () => {
    const out = placeActions({ mine }, slot(), 'user:u1');
    expect(who(out.take)).toEqual(['user:u1']);
    expect(out.giveBack).toEqual([]);
  });

  it('takes for a scout of the household too where the slot is open to scouts, themself first', () => {
    expect(who(placeActions({ mine }, slot({ openToScouts: true }), 'user:u1').take)).toEqual([
      'user:u1',
      'scout:s1',
    ]);
  });

  it('gives back what their people hold and takes for the others, never a second place', () => {
    const out = placeActions(
      { mine },
      slot({
        openToScouts: true,
        places: [place('user:u9', 'Ben Ortiz', false), place('scout:s1', 'Sam Rivera', true)],
      }),
      'user:u1',
    );
    expect(out.giveBack).toEqual([{ volunteer: 'scout:s1', name: 'Sam Rivera', self: false }]);
    expect(who(out.take)).toEqual(['user:u1']);
  });

  it('takes nothing in a full slot, but still gives back', () => {
    const out = placeActions(
      { mine },
      slot({ full: true, places: [place('user:u1', 'Ann Rivera', true)] }),
      'user:u1',
    );
    expect(out.take).toEqual([]);
    expect(who(out.giveBack)).toEqual(['user:u1']);
  });
});

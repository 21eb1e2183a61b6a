import { describe, expect, it } from 'vitest';
import type { WireMyTroop } from '@scout/protocol/troops';
import { headerTroopName, troopLabel, troopSwitch } from './troop-switch.ts';

const troop = (projectId: string, more: Partial<WireMyTroop> = {}): WireMyTroop => ({
  projectId,
  kind: 'troop',
  number: null,
  name: null,
  timeZone: 'America/Chicago',
  role: 'user',
  status: 'active',
  ...more,
});

describe('the troop switcher', () => {
  it('is offered only to a person with more than one troop', () => {
    expect(troopSwitch(undefined, 'troop-12')).toBeNull();
    expect(troopSwitch([troop('troop-12')], 'troop-12')).toBeNull();
    expect(
      troopSwitch(
        [
          troop('troop-12', { name: 'Troop 12 Lakeside' }),
          troop('troop-45', {
            name: 'Troop 45 Riverside',
            role: 'leader',
            timeZone: 'America/Denver',
          }),
        ],
        'troop-45',
      ),
    ).toEqual({
      current: 'Troop 45 Riverside',
      choices: [
        {
          projectId: 'troop-12',
          label: 'Troop 12 Lakeside',
          role: 'user',
          timeZone: 'America/Chicago',
        },
        {
          projectId: 'troop-45',
          label: 'Troop 45 Riverside',
          role: 'leader',
          timeZone: 'America/Denver',
        },
      ],
    });
  });

  it('offers no troop the person is suspended from, unless it is the one called with', () => {
    const mine = [troop('troop-12'), troop('troop-45', { status: 'suspended' })];
    expect(troopSwitch(mine, 'troop-12')).toBeNull();
    expect(troopSwitch(mine, 'troop-45')?.choices.map((c) => c.projectId)).toEqual([
      'troop-12',
      'troop-45',
    ]);
    // One still waiting for approval may go and see what they can there.
    const waiting = [troop('troop-12'), troop('troop-45', { status: 'pending' })];
    expect(troopSwitch(waiting, 'troop-12')?.choices).toHaveLength(2);
  });

  it('names an unnamed troop by its number, else its project id', () => {
    expect(troopLabel(troop('troop-12', { number: '12' }))).toBe('Troop 12');
    expect(troopLabel(troop('scout-troop'))).toBe('scout-troop');
  });

  it('names no troop in the header while it has no name, as before troops', () => {
    expect(headerTroopName(undefined)).toBeNull();
    expect(headerTroopName(troop('troop-12', { number: '12' }))).toBeNull();
    expect(headerTroopName(troop('troop-12', { name: 'Troop 12 Lakeside' }))).toBe(
      'Troop 12 Lakeside',
    );
  });
});

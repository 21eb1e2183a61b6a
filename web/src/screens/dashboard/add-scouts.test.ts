import { describe, expect, it } from 'vitest';
import { isParent, showsAddScouts, troopRoleOf } from './add-scouts.ts';

const parent = { metadata: JSON.stringify({ firstName: 'Ann', troopRole: 'Parent' }) };
const scout = { metadata: JSON.stringify({ firstName: 'Ria', troopRole: 'Scout' }) };
const leader = { metadata: JSON.stringify({ troopRole: 'Scoutmaster' }) };
const empty = { role: 'adult' as const, scouts: [] };
const one = { role: 'adult' as const, scouts: [{ id: 's1' }] };

describe('the Add your scouts prompt', () => {
  it('shows to a parent whose household has no scouts yet', () => {
    expect(showsAddScouts(parent, empty)).toBe(true);
  });

  it('goes away once a scout is added', () => {
    expect(showsAddScouts(parent, one)).toBe(false);
  });

  it('never shows to a youth, nor to a scout of a parent household', () => {
    expect(showsAddScouts(scout, empty)).toBe(false);
    expect(showsAddScouts(parent, { role: 'scout', scouts: [] })).toBe(false);
  });

  it('leaves leaders and members who gave no troop role without a household', () => {
    expect(showsAddScouts(leader, empty)).toBe(false);
    expect(showsAddScouts({ metadata: '{}' }, empty)).toBe(false);
    expect(isParent(leader)).toBe(false);
    expect(isParent({ metadata: '{}' })).toBe(false);
  });

  it('waits for the household before showing', () => {
    expect(showsAddScouts(parent, undefined)).toBe(false);
  });

  it('reads the troop role from metadata text or an object, and shrugs at anything else', () => {
    expect(troopRoleOf(scout.metadata)).toBe('Scout');
    expect(troopRoleOf({ troopRole: 'Parent' })).toBe('Parent');
    expect(troopRoleOf('not json')).toBeNull();
    expect(troopRoleOf('null')).toBeNull();
    expect(troopRoleOf(JSON.stringify({ troopRole: 3 }))).toBeNull();
    expect(isParent(parent)).toBe(true);
    expect(isParent(scout)).toBe(false);
  });
});

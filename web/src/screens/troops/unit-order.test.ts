import { describe, expect, it } from 'vitest';
import { councilChoices, councilNameOf, sortUnits } from './unit-order.ts';

const unit = (
  kind: 'troop' | 'council',
  number: string | null,
  name: string | null,
  projectId: string,
) => ({ kind, number, name, projectId });

describe('the server’s units in order', () => {
  const units = [
    unit('troop', '10', 'Troop 10', 'troop-10'),
    unit('troop', '2', 'Troop 2', 'troop-2'),
    unit('council', '7', 'Prairie Council', 'council-7'),
    unit('troop', null, null, 'scout-app'),
    unit('council', '3', 'Lake Council', 'council-3'),
    unit('troop', '2', 'Troop 2 Annex', 'troop-2a'),
  ];

  it('puts councils first, then troops by number as people count, then by name', () => {
    expect(sortUnits(units).map((u) => u.projectId)).toEqual([
      'council-3',
      'council-7',
      'scout-app',
      'troop-2',
      'troop-2a',
      'troop-10',
    ]);
  });

  it('offers the councils by name and project id, and names a troop’s council', () => {
    expect(councilChoices(units)).toEqual([
      { value: 'council-3', label: 'Lake Council (council-3)' },
      { value: 'council-7', label: 'Prairie Council (council-7)' },
    ]);
    expect(councilNameOf(units, 'council-7')).toBe('Prairie Council');
    expect(councilNameOf(units, null)).toBe('—');
    expect(councilNameOf(units, 'gone')).toBe('gone');
  });
});

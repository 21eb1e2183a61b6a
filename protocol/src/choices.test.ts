import { describe, expect, it } from 'vitest';
import { EVENT_CATEGORIES, EVENT_CATEGORY_LABELS } from './calendar-events.ts';
import { keysOf } from './choices.ts';

describe('a closed set written as a table of labels', () => {
  it('lists its values in the order the table gives them', () => {
    expect(keysOf({ b: 'Bee', a: 'Ay', c: 'See' })).toEqual(['b', 'a', 'c']);
  });

  it('offers the event categories in the order the create dialog shows them, each with its label', () => {
    expect(EVENT_CATEGORIES.map((c) => EVENT_CATEGORY_LABELS[c])).toEqual([
      'Meeting',
      'Campout',
      'Service',
      'Fundraiser',
      'Court of honor',
      'Other',
    ]);
  });
});

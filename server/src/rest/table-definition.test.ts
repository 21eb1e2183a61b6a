/** The registry of every capability's tables (table-definition.ts): mistakes stop the start. */
import { describe, expect, it } from 'vitest';
import { tableDefinitions, type ServedTable } from './table-definition.ts';

const table = (name: string, extra: Partial<ServedTable> = {}): ServedTable => ({
  name,
  columns: [
    ['id', 'text'],
    ['owner', 'text'],
  ],
  ...extra,
});

describe('the table registry', () => {
  it('lists served tables as the Data API reads them, and reserves every name', () => {
    const defs = tableDefinitions([
      { served: [table('badges', { rows: { owner: ['owner'] } })], serverOwned: ['badge_log'] },
    ]);
    expect(defs.served.get('badges')).toMatchObject({
      name: 'badges',
      dynamic: false,
      uniqueKeys: [['id']],
      rows: { owner: ['owner'] },
      announced: false,
    });
    expect([...defs.reserved].sort()).toEqual(['badge_log', 'badges']);
    expect(defs.served.has('badge_log')).toBe(false);
  });

  it('gives a table the rows of others that go with its own', () => {
    const defs = tableDefinitions([
      { served: [table('parents')] },
      { served: [table('children', { references: [{ column: 'owner', table: 'parents' }] })] },
    ]);
    expect(defs.served.get('parents')?.cascades).toEqual([{ table: 'children', column: 'owner' }]);
    expect(defs.served.get('children')?.cascades).toBeUndefined();
  });

  it('refuses a name declared twice, a reference to nobody, and a channel of another table', () => {
    expect(() =>
      tableDefinitions([{ served: [table('badges')] }, { serverOwned: ['badges'] }]),
    ).toThrow('Table "badges" is declared twice');
    expect(() =>
      tableDefinitions([
        { served: [table('children', { references: [{ column: 'owner', table: 'ghosts' }] })] },
      ]),
    ).toThrow('Table "children" references "ghosts", which nobody declares');
    expect(() =>
      tableDefinitions([{ served: [table('badges', { announce: 'calendar_events' })] }]),
    ).toThrow('Table "badges" announces on the channel of "calendar_events"');
  });
});

/** The registry of every capability's tables (table-definition.ts): mistakes stop the start. */
import { describe, expect, it } from 'vitest';
import { tableDefinitions, type ServedTable } from './table-definition.ts';

const table = (name: string, extra: Partial<ServedTable> = {}): ServedTable => ({
  name,
  tenancy: 'troop',
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
      tenancy: 'troop',
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

  it('refuses a served table of no tenancy, a troop table serving troop_id, and accounts by no column', () => {
    const { tenancy: _, ...untenanted } = table('badges');
    expect(() => tableDefinitions([{ served: [untenanted as ServedTable] }])).toThrow(
      'Table "badges" declares no tenancy',
    );
    expect(() =>
      tableDefinitions([
        {
          served: [
            table('badges', {
              columns: [
                ['id', 'text'],
                ['troop_id', 'text'],
              ],
            }),
          ],
        },
      ]),
    ).toThrow('Table "badges" serves "troop_id", which only the server sets');
    expect(() =>
      tableDefinitions([
        { served: [table('profiles', { tenancy: 'accounts', account: 'user_id' })] },
      ]),
    ).toThrow('Table "profiles" names its accounts by a column it does not serve');
    const accounts = tableDefinitions([
      { served: [table('profiles', { tenancy: 'accounts', account: 'owner' })] },
    ]);
    expect(accounts.served.get('profiles')).toMatchObject({
      tenancy: 'accounts',
      account: 'owner',
    });
  });

  it("shares a council's rows only of a troop table, and the calendar's are shared", async () => {
    expect(() =>
      tableDefinitions([{ served: [table('notes', { tenancy: 'global', councilShared: true })] }]),
    ).toThrow('Table "notes" shares its council\'s rows but is not a troop table');
    const notes = tableDefinitions([{ served: [table('notes', { councilShared: true })] }]);
    expect(notes.served.get('notes')?.councilShared).toBe(true);
    expect(tableDefinitions([{ served: [table('notes')] }]).served.get('notes')).not.toHaveProperty(
      'councilShared',
    );
    const { TABLES } = await import('../tables.ts');
    const shared = [...TABLES.served].filter(([, t]) => t.councilShared).map(([name]) => name);
    expect(shared).toEqual(['calendar_events']);
  });

  it('declares the tenancy of every table the server serves', async () => {
    const { TABLES } = await import('../tables.ts');
    const tenancy = Object.fromEntries(
      [...TABLES.served].map(([name, t]) => [name, [t.tenancy, t.account]]),
    );
    expect(tenancy).toEqual({
      users: ['accounts', 'id'],
      custom_users: ['accounts', 'user_id'],
      calendar_events: ['troop', undefined],
    });
  });
});

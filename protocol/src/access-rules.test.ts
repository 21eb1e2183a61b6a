import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG, parseRolesConfig } from './permissions.ts';

const roles = { roles: { user: { permissions: [] } }, defaultRole: 'user' };

function refusal(input: unknown): string | undefined {
  try {
    parseRolesConfig(input);
  } catch (e) {
    return (e as Error).message;
  }
  return undefined;
}

describe('table and storage rules in the roles configuration', () => {
  it('the defaults carry every rule the server used to hard-code', () => {
    expect(DEFAULT_ROLES_CONFIG.tables?.calendar_events).toEqual({
      read: 'signed-in',
      create: 'owner',
      update: ['owner', 'events.manage'],
      delete: ['owner', 'events.manage'],
    });
    expect(DEFAULT_ROLES_CONFIG.tables?.['*dynamic*']?.read).toBe('owner');
    expect(DEFAULT_ROLES_CONFIG.storage?.troop).toEqual({
      read: 'signed-in',
      write: 'storage.troop.write',
    });
    // Tables the Data API does not serve get no rule.
    expect(Object.keys(DEFAULT_ROLES_CONFIG.tables ?? {}).sort()).toEqual([
      '*dynamic*',
      'calendar_events',
      'custom_users',
      'users',
    ]);
  });

  it('accepts rules for tables not created yet, lists of who, and new storage areas', () => {
    const parsed = parseRolesConfig({
      ...roles,
      tables: {
        patrol_log: { read: 'signed-in', update: ['owner', 'patrol.log.edit'] },
        '*dynamic*': { delete: 'nobody' },
      },
      storage: { patrols: { read: 'public', write: 'patrol.files' }, '*': { write: 'nobody' } },
    });
    expect(parsed.tables?.patrol_log).toEqual({
      read: 'signed-in',
      update: ['owner', 'patrol.log.edit'],
    });
    expect(parsed.storage?.patrols).toEqual({ read: 'public', write: 'patrol.files' });
    expect(parseRolesConfig(roles)).not.toHaveProperty('tables');
  });

  it.each([
    [{ tables: [] }, '"tables" must be an object'],
    [{ tables: { 'Bad-Name': { read: 'owner' } } }, 'tables key "Bad-Name" must be a table name'],
    [{ tables: { notes: 'owner' } }, 'tables "notes" must be an object'],
    [{ tables: { notes: { list: 'owner' } } }, 'tables "notes" has an unknown field "list"'],
    [{ tables: { notes: { read: 3 } } }, 'tables "notes".read must be'],
    [{ tables: { notes: { read: [] } } }, 'tables "notes".read must be'],
    [{ tables: { notes: { read: 'events.*' } } }, 'tables "notes".read must be'],
    [{ tables: { notes: { read: 'public' } } }, 'tables "notes".read cannot be "public"'],
    [{ storage: 'troop' }, '"storage" must be an object'],
    [{ storage: { 'troop/x': { read: 'public' } } }, 'storage key "troop/x" must be'],
    [{ storage: { troop: { delete: 'owner' } } }, 'storage "troop" has an unknown field "delete"'],
    [{ storage: { troop: { write: 'public' } } }, 'storage "troop".write cannot be "public"'],
    [{ storage: { troop: { write: ['owner', 'has space'] } } }, 'storage "troop".write must be'],
  ])('refuses %j in one line naming the place', (sections, message) => {
    const error = refusal({ ...roles, ...sections });
    expect(error).toContain(message);
    expect(error).not.toContain('\n');
  });
});

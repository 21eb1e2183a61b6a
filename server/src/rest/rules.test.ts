/**
 * Who may touch which rows of the Data API (rules.ts), worked out per caller and table: the
 * answers every read and write obeys, checked here without a server so each is seen alone.
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ROLES_CONFIG,
  parseRolesConfig,
  type RolesConfig,
} from '@scout/protocol/permissions';
import {
  accessFor,
  rowInScope,
  unrestricted,
  visibleButNotWritable,
  type RowScope,
  type SignedInCaller,
} from './rules.ts';
import { tableRules as table } from '../../test/table-rules.ts';
import { TABLES } from '../tables.ts';

const member = (role: string, userId = 'ann'): SignedInCaller => ({
  kind: 'user',
  userId,
  role,
  email: `${userId}@troop12.org`,
  status: 'active',
});
const service: SignedInCaller = { kind: 'service', keyId: 'k' };
const ALL: RowScope = { kind: 'all' };
const NONE: RowScope = { kind: 'none' };
const own = (column: string, userId = 'ann'): RowScope => ({ kind: 'owner', column, userId });

const withTables = (tables: RolesConfig['tables']): RolesConfig =>
  parseRolesConfig({ roles: DEFAULT_ROLES_CONFIG.roles, defaultRole: 'user', tables });

describe('Data API access by default', () => {
  it('a member reads and changes only the profile fields of their own account row', () => {
    expect(accessFor(table('users', false), member('user'))).toEqual({
      read: own('id'),
      create: false,
      update: own('id'),
      delete: null,
      ownerColumns: ['id'],
      fillOwner: false,
      updatable: ['display_name', 'avatar_url', 'metadata'],
      unrestricted: false,
    });
  });

  it('a member keeps their own profile row, owned by both its id and user_id', () => {
    expect(accessFor(table('custom_users', false), member('user', 'bob'))).toEqual({
      read: own('id', 'bob'),
      create: true,
      update: own('id', 'bob'),
      delete: own('id', 'bob'),
      ownerColumns: ['id', 'user_id'],
      fillOwner: true,
      updatable: null,
      unrestricted: false,
    });
  });

  it('a member reads every event and changes their own; a leader changes every event', () => {
    expect(accessFor(table('calendar_events', false), member('user'))).toEqual({
      read: ALL,
      create: true,
      update: own('user_id'),
      delete: own('user_id'),
      ownerColumns: ['user_id'],
      fillOwner: true,
      updatable: null,
      unrestricted: false,
    });
    expect(accessFor(table('calendar_events', false), member('leader'))).toMatchObject({
      read: ALL,
      update: ALL,
      delete: ALL,
      unrestricted: false,
    });
  });

  it('a table made on the fly is each row owner’s alone', () => {
    expect(accessFor(table('patrol_log', true), member('leader'))).toEqual({
      read: own('owner_id'),
      create: true,
      update: own('owner_id'),
      delete: own('owner_id'),
      ownerColumns: ['owner_id'],
      fillOwner: true,
      updatable: null,
      unrestricted: false,
    });
  });

  it('admins and service keys touch every row of every table, unbound by owner columns', () => {
    for (const caller of [member('admin'), service]) {
      for (const [name, dynamic] of [
        ['users', false],
        ['calendar_events', false],
        ['patrol_log', true],
      ] as const) {
        expect(accessFor(table(name, dynamic), caller)).toMatchObject({
          read: ALL,
          create: true,
          update: ALL,
          delete: ALL,
          updatable: null,
          unrestricted: true,
        });
      }
      expect(unrestricted(caller, DEFAULT_ROLES_CONFIG)).toBe(true);
    }
    expect(unrestricted(member('leader'), DEFAULT_ROLES_CONFIG)).toBe(false);
    expect(unrestricted(member('ghost'), DEFAULT_ROLES_CONFIG)).toBe(false);
  });

  it('a declared table the Data API does not serve to members is closed to all but admins', () => {
    expect(accessFor(table('households', false), member('leader'))).toEqual({
      read: NONE,
      create: false,
      update: null,
      delete: null,
      ownerColumns: [],
      fillOwner: false,
      updatable: null,
      unrestricted: false,
    });
    expect(accessFor(table('households', false), member('admin'))).toEqual({
      read: ALL,
      create: true,
      update: ALL,
      delete: ALL,
      ownerColumns: [],
      fillOwner: false,
      updatable: null,
      unrestricted: true,
    });
    expect(accessFor(table('households', false), service)).toMatchObject({
      read: ALL,
      create: true,
    });
  });

  it('a service key is never taken for a member whose rows it owns', () => {
    const rules = withTables({ calendar_events: { update: 'owner', delete: 'nobody' } });
    const noAdmin: RolesConfig = { ...rules, roles: { user: { permissions: [] } } };
    expect(accessFor(table('calendar_events', false), service, noAdmin)).toMatchObject({
      read: ALL,
      update: ALL,
      delete: ALL,
    });
  });
});

describe('Data API access under a troop’s rules', () => {
  it('a table shared with every member, created by its owner, deleted by nobody', () => {
    const roles = withTables({
      patrol_log: { read: 'signed-in', update: 'signed-in', create: 'nobody', delete: 'nobody' },
    });
    expect(accessFor(table('patrol_log', true), member('user'), roles)).toMatchObject({
      read: ALL,
      create: false,
      update: ALL,
      delete: null,
      fillOwner: false,
    });
    // Other tables made on the fly keep the owner-only default.
    expect(accessFor(table('gear_list', true), member('user'), roles)).toMatchObject({
      read: own('owner_id'),
      create: true,
    });
    expect(accessFor(table('patrol_log', true), member('admin'), roles)).toMatchObject({
      delete: ALL,
      unrestricted: true,
    });
  });

  it('a table made on the fly takes what its rule leaves out from *dynamic*', () => {
    const roles = withTables({ patrol_log: { read: 'signed-in' } });
    expect(accessFor(table('patrol_log', true), member('user'), roles)).toMatchObject({
      read: ALL,
      create: true,
      update: own('owner_id'),
      delete: own('owner_id'),
      fillOwner: true,
    });
  });

  it('rows are filled in with their owner when anyone but nobody may create them', () => {
    const roles = withTables({ gear_list: { create: ['nobody', 'gear.write'] } });
    expect(accessFor(table('gear_list', true), member('user'), roles)).toMatchObject({
      create: false,
      fillOwner: true,
    });
  });

  it('a permission of the troop’s own gives its holders every row, and others none', () => {
    const roles = parseRolesConfig({
      roles: {
        ...DEFAULT_ROLES_CONFIG.roles,
        quartermaster: { permissions: ['gear.read'], inherit: ['user'] },
      },
      defaultRole: 'user',
      tables: { gear_list: { read: 'gear.read', create: ['owner', 'gear.read'] } },
    });
    expect(accessFor(table('gear_list', true), member('quartermaster'), roles).read).toEqual(ALL);
    expect(accessFor(table('gear_list', true), member('user'), roles).read).toEqual(NONE);
    expect(accessFor(table('gear_list', true), member('user'), roles).create).toBe(true);
    // The same configuration answers each role and permission on its own.
    expect(
      accessFor(table('calendar_events', false), member('quartermaster'), roles).update,
    ).toEqual(own('user_id'));
    expect(accessFor(table('calendar_events', false), member('leader'), roles).update).toEqual(ALL);
  });

  it('a rule for the dynamic tables themselves, or for a declared table, is not a new table', () => {
    const roles = withTables({
      '*dynamic*': { read: 'signed-in' },
      users: { read: 'signed-in' },
    });
    expect(accessFor(table('anything', true), member('user'), roles).read).toEqual(ALL);
    expect(accessFor(table('users', false), member('user'), roles).read).toEqual(ALL);
    // A table made on the fly never takes the rule of a declared table of the same name: no
    // table of a declared name is ever made on the fly (tables.ts answers it as declared).
    expect(TABLES.reserved.has('users')).toBe(true);
    expect(TABLES.served.get('users')?.dynamic).toBe(false);
    expect(accessFor(table('users', false), member('user'), roles).updatable).toEqual([
      'display_name',
      'avatar_url',
      'metadata',
    ]);
  });
});

describe('the change feed names each table’s owner column', () => {
  const ownerColumnOf = (name: string) => TABLES.served.get(name)?.rows?.owner[0];
  it('for the tables the Data API declares, and none for others', () => {
    expect(ownerColumnOf('users')).toBe('id');
    expect(ownerColumnOf('custom_users')).toBe('id');
    expect(ownerColumnOf('calendar_events')).toBe('user_id');
    expect(ownerColumnOf('households')).toBeUndefined();
    expect(ownerColumnOf('toString')).toBeUndefined();
  });
});

describe('rows inside a scope', () => {
  it('all, none, or those whose owner column holds the caller’s id exactly', () => {
    expect(rowInScope(ALL, {})).toBe(true);
    expect(rowInScope(NONE, { user_id: 'ann' })).toBe(false);
    expect(rowInScope(own('user_id'), { user_id: 'ann' })).toBe(true);
    expect(rowInScope(own('user_id'), { user_id: 'bob', owner_id: 'ann' })).toBe(false);
    expect(rowInScope(own('user_id'), { user_id: 'anne' })).toBe(false);
    expect(rowInScope(own('user_id'), {})).toBe(false);
  });
});

describe('rows a caller sees but may not change answer 403 rather than matching nothing', () => {
  it.each([
    // read, write, 403?
    [NONE, NONE, false], // nothing is visible: nothing leaks
    [NONE, ALL, false],
    [ALL, ALL, false],
    [own('user_id'), ALL, false],
    [ALL, NONE, true], // every event visible, none writable
    [ALL, own('user_id'), true], // another member's events are visible
    [own('user_id'), NONE, true],
    [own('user_id'), own('user_id'), false], // what one sees is what one changes
    [own('id'), own('user_id'), true],
  ] as const)('read %j, write %j: %s', (read, write, expected) => {
    expect(visibleButNotWritable(read, write)).toBe(expected);
  });
});

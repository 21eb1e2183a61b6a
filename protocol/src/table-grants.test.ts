import { describe, expect, it } from 'vitest';
import type { TableRule } from './access-rules.ts';
import { DEFAULT_ROLES_CONFIG, parseRolesConfig, type RolesConfig } from './permissions.ts';
import {
  grantCovers,
  resolveTableRule,
  tableGrant,
  type RowGrant,
  type TableOperation,
} from './table-grants.ts';

/** The default roles, plus a `planner` holding a permission of the troop's own. */
const withCalendar = (calendar_events: TableRule): RolesConfig =>
  parseRolesConfig({
    roles: {
      ...DEFAULT_ROLES_CONFIG.roles,
      planner: { permissions: ['calendar.plan'], inherit: ['user'] },
    },
    defaultRole: 'user',
    tables: { calendar_events },
  });

const ownerOnly = withCalendar({ read: 'owner', update: 'owner', delete: 'owner' });
const planners = withCalendar({ update: ['owner', 'calendar.plan'], delete: 'calendar.plan' });
const closed = withCalendar({ read: 'nobody', update: 'nobody', delete: 'nobody' });

const cases: Array<[string, RolesConfig, string, TableOperation, RowGrant]> = [
  ['default: a member reads every event', DEFAULT_ROLES_CONFIG, 'user', 'read', 'all'],
  ['default: a member changes their own', DEFAULT_ROLES_CONFIG, 'user', 'update', 'own'],
  ['default: a member deletes their own', DEFAULT_ROLES_CONFIG, 'user', 'delete', 'own'],
  ['default: a leader changes every event', DEFAULT_ROLES_CONFIG, 'leader', 'update', 'all'],
  ['default: a leader deletes every event', DEFAULT_ROLES_CONFIG, 'leader', 'delete', 'all'],
  ['default: an admin deletes every event', DEFAULT_ROLES_CONFIG, 'admin', 'delete', 'all'],
  ['owner-only: a member reads their own', ownerOnly, 'user', 'read', 'own'],
  ['owner-only: a leader reads only their own', ownerOnly, 'leader', 'read', 'own'],
  ['owner-only: a leader deletes only their own', ownerOnly, 'leader', 'delete', 'own'],
  ['owner-only: an admin still deletes every event', ownerOnly, 'admin', 'delete', 'all'],
  ['owner-only: fields left out keep the default', ownerOnly, 'user', 'create', 'own'],
  ['custom permission: its holder deletes every event', planners, 'planner', 'delete', 'all'],
  ['custom permission: its holder changes every event', planners, 'planner', 'update', 'all'],
  ['custom permission: a leader without it deletes none', planners, 'leader', 'delete', 'none'],
  ['custom permission: a leader without it changes own', planners, 'leader', 'update', 'own'],
  ['custom permission: a member deletes none', planners, 'user', 'delete', 'none'],
  ['custom permission: an admin deletes every event', planners, 'admin', 'delete', 'all'],
  ['nobody: a leader reads none', closed, 'leader', 'read', 'none'],
  ['nobody: an admin reads every event', closed, 'admin', 'read', 'all'],
  [
    'an undefined role reads as every signed-in member',
    DEFAULT_ROLES_CONFIG,
    'ghost',
    'read',
    'all',
  ],
  ['an undefined role still deletes only its own', DEFAULT_ROLES_CONFIG, 'ghost', 'delete', 'own'],
];

describe('what a calendar_events rule grants a role', () => {
  it.each(cases)('%s', (_, config, role, op, expected) => {
    expect(tableGrant(config, role, 'calendar_events', op)).toBe(expected);
  });

  it('grants nothing before the configuration is loaded or without a role', () => {
    expect(tableGrant(undefined, 'admin', 'calendar_events', 'read')).toBe('none');
    expect(tableGrant(DEFAULT_ROLES_CONFIG, null, 'calendar_events', 'read')).toBe('none');
  });

  it('a table made on the fly starts from the *dynamic* rule, its own entry over it', () => {
    const config = parseRolesConfig({
      ...DEFAULT_ROLES_CONFIG,
      tables: { '*dynamic*': { update: 'nobody' }, notes: { read: 'signed-in' } },
    });
    expect(resolveTableRule(config, 'notes', true)).toEqual({
      read: ['signed-in'],
      create: ['owner'],
      update: ['nobody'],
      delete: ['owner'],
    });
    expect(tableGrant(config, 'user', 'notes', 'read', true)).toBe('all');
    expect(tableGrant(config, 'user', 'other', 'read', true)).toBe('own');
    expect(tableGrant(config, 'user', 'notes', 'update', true)).toBe('none');
  });

  it('a declared table without a rule grants members nothing', () => {
    expect(tableGrant(DEFAULT_ROLES_CONFIG, 'leader', 'households', 'read')).toBe('none');
    expect(tableGrant(DEFAULT_ROLES_CONFIG, 'admin', 'households', 'read')).toBe('all');
  });

  it('a grant covers every row, the member’s own, or none', () => {
    expect(grantCovers('all', 'ann', 'bob')).toBe(true);
    expect(grantCovers('own', 'bob', 'bob')).toBe(true);
    expect(grantCovers('own', 'ann', 'bob')).toBe(false);
    expect(grantCovers('own', null, 'bob')).toBe(false);
    expect(grantCovers('none', 'bob', 'bob')).toBe(false);
  });
});

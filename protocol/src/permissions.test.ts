import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  can,
  DEFAULT_ROLES_CONFIG,
  hasRole,
  parseRolesConfig,
  PERMISSIONS,
  roleNames,
  type RolesConfig,
} from './permissions.ts';

const config: RolesConfig = {
  defaultRole: 'viewer',
  roles: {
    admin: { permissions: ['*'] },
    editor: { permissions: ['posts.write', 'comments.delete.own'], inherit: ['viewer'] },
    viewer: { permissions: ['posts.read'] },
    moderator: { permissions: ['comments.*'], inherit: ['editor'] },
    loopA: { permissions: [], inherit: ['loopB'] },
    loopB: { permissions: ['x'], inherit: ['loopA'] },
  },
};

describe('can (the semantics existing clients have)', () => {
  it.each([
    // role, permission, resource, expected
    ['admin', 'anything', undefined, true],
    ['admin', 'anything', 'at-all', true],
    ['viewer', 'posts.read', undefined, true],
    ['viewer', 'posts.write', undefined, false],
    ['editor', 'posts.read', undefined, true], // inherited
    ['editor', 'comments.delete', 'own', true], // permission + '.' + resource
    ['editor', 'comments.delete', undefined, false],
    ['editor', 'posts.write', 'any-resource', true], // permission alone after the full name
    ['moderator', 'posts.read', undefined, true], // inherited twice
    ['nobody', 'posts.read', undefined, false], // no entry for the role
    ['', 'posts.read', undefined, false], // no role
  ] as const)('%s may %s (%s): %s', (role, permission, resource, expected) => {
    expect(can(config, role, permission, resource)).toBe(expected);
  });

  it('is false without a configuration', () => {
    expect(can(null, 'admin', 'x')).toBe(false);
    expect(can(undefined, 'admin', 'x')).toBe(false);
  });

  it('grants by segment wildcard, but not a prefix of a segment', () => {
    expect(can(config, 'moderator', 'comments.delete')).toBe(true);
    expect(can(config, 'moderator', 'comments.delete.own')).toBe(true);
    expect(can(config, 'moderator', 'commentsx.delete')).toBe(false);
    expect(can(config, 'moderator', 'comments')).toBe(false);
  });

  it('visits each inherited role once, so a cycle ends', () => {
    expect(can(config, 'loopA', 'x')).toBe(true);
    expect(can(config, 'loopA', 'y')).toBe(false);
  });

  it('does not treat object prototype names as roles', () => {
    expect(can(config, 'constructor', 'x')).toBe(false);
    expect(can(config, '__proto__', 'x')).toBe(false);
  });

  it('gives the default configuration its documented meaning', () => {
    expect(can(DEFAULT_ROLES_CONFIG, 'leader', 'events.manage')).toBe(true);
    expect(can(DEFAULT_ROLES_CONFIG, 'user', 'events.manage')).toBe(false);
    expect(can(DEFAULT_ROLES_CONFIG, 'user', 'ai.use')).toBe(false);
    expect(can(DEFAULT_ROLES_CONFIG, 'admin', 'ai.use')).toBe(true);
    expect(DEFAULT_ROLES_CONFIG.defaultRole).toBe('user');
  });
});

describe('hasRole', () => {
  it('compares with one role or a list', () => {
    expect(hasRole('leader', 'leader')).toBe(true);
    expect(hasRole('leader', 'admin')).toBe(false);
    expect(hasRole('leader', ['admin', 'leader'])).toBe(true);
    expect(hasRole('user', ['admin', 'leader'])).toBe(false);
    expect(hasRole(undefined, 'user')).toBe(false);
  });

  it('never passes a role that only contains, or is contained in, the one asked for', () => {
    expect(hasRole('lead', 'leader')).toBe(false);
    expect(hasRole('leader', 'lead')).toBe(false);
    expect(hasRole('admin', 'administrator')).toBe(false);
    expect(hasRole('lead', ['leader', 'admin'])).toBe(false);
    expect(hasRole('', '')).toBe(false);
    expect(hasRole(null, [''])).toBe(false);
  });
});

describe('the default configuration (docs/roles.md)', () => {
  it('gives each default role exactly the permissions the table of docs/roles.md lists', () => {
    const holders: Record<string, string[]> = {
      'events.manage': ['leader', 'admin'],
      'notifications.send': ['leader', 'admin'],
      'analytics.read': ['leader', 'admin'],
      'notifications.from': ['admin'],
      'tables.all': ['admin'],
      'sql.run': ['admin'],
      'auth.links.generate': ['admin'],
      'storage.troop.write': ['leader', 'admin'],
      'storage.all': ['admin'],
      'members.read': ['leader', 'admin'],
      'members.manage': ['admin'],
      'members.approve': ['leader', 'admin'],
      'audit.read': ['admin'],
      'ai.use': ['leader', 'admin'],
      'ai.usage.read': ['admin'],
      'data.use': ['leader', 'admin'],
      'scouts.read': ['leader', 'admin'],
      'rsvps.manage': ['leader', 'admin'],
      'volunteer.manage': ['leader', 'admin'],
      'newsletter.write': ['leader', 'admin'],
      'social.moderate': ['leader', 'admin'],
    };
    // The names a troop writes in its roles file are the ones the product checks.
    expect(Object.values(PERMISSIONS).sort()).toEqual(Object.keys(holders).sort());
    expect(roleNames(DEFAULT_ROLES_CONFIG)).toEqual(['admin', 'leader', 'user']);
    for (const [permission, roles] of Object.entries(holders)) {
      for (const role of roleNames(DEFAULT_ROLES_CONFIG)) {
        expect(can(DEFAULT_ROLES_CONFIG, role, permission), `${role} ${permission}`).toBe(
          roles.includes(role),
        );
      }
    }
    expect(DEFAULT_ROLES_CONFIG.roles.leader?.inherit).toEqual(['user']);
  });

  it('has the table and storage rules docs/roles.md lists', () => {
    expect(DEFAULT_ROLES_CONFIG.tables).toEqual({
      users: { read: 'owner', create: 'nobody', update: 'owner', delete: 'nobody' },
      custom_users: { read: 'owner', create: 'owner', update: 'owner', delete: 'owner' },
      calendar_events: {
        read: 'signed-in',
        create: 'owner',
        update: ['owner', 'events.manage'],
        delete: ['owner', 'events.manage'],
      },
      '*dynamic*': { read: 'owner', create: 'owner', update: 'owner', delete: 'owner' },
    });
    expect(DEFAULT_ROLES_CONFIG.storage).toEqual({
      users: { read: 'public', write: 'owner' },
      avatars: { read: 'public', write: 'owner' },
      troop: { read: 'signed-in', write: 'storage.troop.write' },
      social: { read: 'nobody', write: 'nobody' },
      '*': { read: 'public', write: 'owner' },
    });
  });
});

describe('can with several parents and cycles', () => {
  const family: RolesConfig = {
    defaultRole: 'member',
    roles: {
      member: { permissions: ['events.read'] },
      treasurer: { permissions: ['money.read'], inherit: ['member'] },
      quartermaster: { permissions: ['gear.manage'], inherit: ['member'] },
      leader: { permissions: [], inherit: ['treasurer', 'quartermaster'] },
      x: { permissions: [], inherit: ['y'] },
      y: { permissions: [], inherit: ['x', 'quartermaster'] },
    },
  };

  it('gives a role with two parents what either parent has', () => {
    expect(can(family, 'leader', 'money.read')).toBe(true);
    expect(can(family, 'leader', 'gear.manage')).toBe(true);
    expect(can(family, 'leader', 'events.read')).toBe(true);
    expect(can(family, 'leader', 'members.read')).toBe(false);
  });

  it('follows a cycle to the roles beyond it, and ends', () => {
    expect(can(family, 'x', 'gear.manage')).toBe(true);
    expect(can(family, 'x', 'money.read')).toBe(false);
  });

  it('grants nothing for an empty permission', () => {
    expect(can({ defaultRole: 'a', roles: { a: { permissions: ['*'] } } }, 'a', '')).toBe(false);
  });
});

/** The reference: breadth-first over inherited roles, plain string comparisons. */
function referenceCan(
  cfg: RolesConfig,
  role: string,
  permission: string,
  resource?: string,
): boolean {
  const wanted = resource ? [`${permission}.${resource}`, permission] : [permission];
  const matches = (g: string, w: string) =>
    g === '*' ||
    g === w ||
    (g.endsWith('.*') && w.length > g.length - 1 && w.startsWith(g.slice(0, -1)));
  const queue = [role];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const r = queue.shift() as string;
    if (seen.has(r) || !Object.hasOwn(cfg.roles, r)) continue;
    seen.add(r);
    const def = cfg.roles[r];
    if (!def) continue;
    if (def.permissions.some((g) => wanted.some((w) => matches(g, w)))) return true;
    queue.push(...(def.inherit ?? []));
  }
  return false;
}

describe('can, against a reference implementation', () => {
  const segment = fc.constantFrom('a', 'b', 'c');
  const perm = fc.array(segment, { minLength: 1, maxLength: 3 }).map((s) => s.join('.'));
  const granted = fc.oneof(
    perm,
    perm.map((p) => `${p}.*`),
    fc.constant('*'),
  );
  const roleName = fc.constantFrom('r1', 'r2', 'r3', 'r4');
  const cfg = fc
    .dictionary(
      roleName,
      fc.record({
        permissions: fc.array(granted, { maxLength: 3 }),
        inherit: fc.array(roleName, { maxLength: 2 }),
      }),
    )
    .map((roles): RolesConfig => ({ roles, defaultRole: 'r1' }));

  it('agrees on random configurations (cycles included) and permissions', () => {
    fc.assert(
      fc.property(
        cfg,
        roleName,
        perm,
        fc.option(segment, { nil: undefined }),
        (c, role, p, resource) => {
          expect(can(c, role, p, resource)).toBe(referenceCan(c, role, p, resource));
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('parseRolesConfig', () => {
  it('accepts the default configuration', () => {
    expect(parseRolesConfig(DEFAULT_ROLES_CONFIG)).toEqual(DEFAULT_ROLES_CONFIG);
  });

  it('keeps whether leaders confirm scouts who join by a family link, and refuses other values', () => {
    const confirming = { ...DEFAULT_ROLES_CONFIG, leadersConfirmScouts: true };
    expect(parseRolesConfig(confirming).leadersConfirmScouts).toBe(true);
    expect(parseRolesConfig(DEFAULT_ROLES_CONFIG).leadersConfirmScouts).toBeUndefined();
    expect(() =>
      parseRolesConfig({ ...DEFAULT_ROLES_CONFIG, leadersConfirmScouts: 'yes' }),
    ).toThrow('"leadersConfirmScouts" must be true or false');
  });

  it.each([
    [null, 'must be an object'],
    [{ roles: [], defaultRole: 'user' }, '"roles" must be an object'],
    [{ roles: {}, defaultRole: 'user' }, 'defines no role'],
    [
      { roles: { user: { permissions: 'x' } }, defaultRole: 'user' },
      'role "user": "permissions" must be a list',
    ],
    [
      { roles: { user: { permissions: ['ok'], inherit: ['ghost'] } }, defaultRole: 'user' },
      'inherits unknown role "ghost"',
    ],
    [
      {
        roles: { a: { permissions: [], inherit: ['b'] }, b: { permissions: [], inherit: ['a'] } },
        defaultRole: 'a',
      },
      'inheritance cycle a -> b -> a',
    ],
    [
      { roles: { user: { permissions: [] } }, defaultRole: 'admin' },
      '"defaultRole" must name a defined role',
    ],
    [{ roles: { User: { permissions: [] } }, defaultRole: 'User' }, 'role name "User"'],
    [
      { roles: { user: { permissions: [], extra: 1 } }, defaultRole: 'user' },
      'unknown field "extra"',
    ],
    [
      { roles: { user: { permissions: ['has space'] } }, defaultRole: 'user' },
      '"permissions" must be a list',
    ],
    // A cycle among roles that the first role does not inherit from.
    [
      {
        roles: {
          user: { permissions: [] },
          a: { permissions: [], inherit: ['b'] },
          b: { permissions: [], inherit: ['a'] },
        },
        defaultRole: 'user',
      },
      'inheritance cycle a -> b -> a',
    ],
    // A cycle reached through a role that is not part of it names the cycle alone.
    [
      {
        roles: {
          top: { permissions: [], inherit: ['user', 'a'] },
          user: { permissions: [] },
          a: { permissions: [], inherit: ['b'] },
          b: { permissions: [], inherit: ['c'] },
          c: { permissions: [], inherit: ['a'] },
        },
        defaultRole: 'user',
      },
      'inheritance cycle a -> b -> c -> a',
    ],
    [
      { roles: { user: { permissions: [], inherit: ['user'] } }, defaultRole: 'user' },
      'inheritance cycle user -> user',
    ],
    ['roles', 'must be an object with roles and defaultRole'],
    [[], 'must be an object with roles and defaultRole'],
    [{ defaultRole: 'user' }, '"roles" must be an object'],
    [{ roles: null, defaultRole: 'user' }, '"roles" must be an object'],
    [{ roles: { user: [] }, defaultRole: 'user' }, 'role "user" must be an object'],
    [{ roles: { user: null }, defaultRole: 'user' }, 'role "user" must be an object'],
    [{ roles: { user: 'all' }, defaultRole: 'user' }, 'role "user" must be an object'],
    [{ roles: { user: {} }, defaultRole: 'user' }, 'role "user": "permissions" must be a list'],
    [
      { roles: { user: { permissions: [7] } }, defaultRole: 'user' },
      'role "user": "permissions" must be a list of names like "events.manage", "events.*" or "*"',
    ],
    [
      { roles: { user: { permissions: [], inherit: 'admin' } }, defaultRole: 'user' },
      'role "user": "inherit" must be a list of role names',
    ],
    [
      { roles: { user: { permissions: [], inherit: [null] } }, defaultRole: 'user' },
      'role "user": "inherit" must be a list of role names',
    ],
    [
      { roles: { user: { permissions: [], inherit: ['user', 7] } }, defaultRole: 'user' },
      'role "user": "inherit" must be a list of role names',
    ],
    [
      { roles: { user: { permissions: [] } }, defaultRole: ['user'] },
      '"defaultRole" must name a defined role, got ["user"]',
    ],
    [
      { roles: { user: { permissions: [] } }, defaultRole: 7 },
      '"defaultRole" must name a defined role, got 7',
    ],
    [
      { roles: { user: { permissions: [] } } },
      '"defaultRole" must name a defined role, got undefined',
    ],
    [
      { roles: { user: { permissions: [] } }, defaultRole: 'toString' },
      '"defaultRole" must name a defined role, got "toString"',
    ],
    [
      { roles: { user: { permissions: [] } }, defaultRole: 'user', extra: {} },
      'roles configuration: unknown field "extra"',
    ],
  ])('refuses %j in one line', (input, message) => {
    let error: Error | undefined;
    try {
      parseRolesConfig(input);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain(message);
    expect(error?.message).toMatch(/^roles configuration: /);
    expect(error?.message).not.toContain('\n');
  });

  const refused = (input: unknown) => {
    try {
      parseRolesConfig(input);
    } catch (e) {
      return (e as Error).message;
    }
    return null;
  };

  it('accepts a role with two parents that share a grandparent', () => {
    const input = {
      roles: {
        leader: { permissions: [], inherit: ['treasurer', 'quartermaster'] },
        treasurer: { permissions: ['money.read'], inherit: ['member'] },
        quartermaster: { permissions: ['gear.*'], inherit: ['member'] },
        member: { permissions: ['*'] },
      },
      defaultRole: 'member',
    };
    expect(parseRolesConfig(input)).toEqual(input);
  });

  it('reads a ladder of 40 roles that each inherit two that share a parent, once each', () => {
    // Walked naively this is 2^40 paths; each role is checked once instead.
    const roles: Record<string, { permissions: string[]; inherit?: string[] }> = {
      r40: { permissions: ['*'] },
    };
    for (let i = 0; i < 40; i++) {
      roles[`r${i}`] = { permissions: [], inherit: [`a${i}`, `b${i}`] };
      roles[`a${i}`] = { permissions: [], inherit: [`r${i + 1}`] };
      roles[`b${i}`] = { permissions: [], inherit: [`r${i + 1}`] };
    }
    expect(refused({ roles, defaultRole: 'r0' })).toBeNull();
  });

  it('takes role names of a lower-case letter then up to 31 letters, digits, - or _', () => {
    const named = (name: string) => ({ roles: { [name]: { permissions: [] } }, defaultRole: name });
    for (const name of ['a', 'patrol-leader_2', `a${'b'.repeat(31)}`])
      expect(refused(named(name))).toBeNull();
    for (const name of [
      `a${'b'.repeat(32)}`,
      '1a',
      '-a',
      'Leader',
      'lead er',
      'leader!',
      '!leader',
    ])
      expect(refused(named(name))).toContain(`role name "${name}" must be lower-case letters`);
  });

  it('takes permissions of dotted lower-case segments, a segment * or * alone', () => {
    const granting = (permission: string) => ({
      roles: { user: { permissions: [permission] } },
      defaultRole: 'user',
    });
    for (const permission of ['*', 'events', 'events.manage', 'events.*', 'a.*.b', 'ai_2.use-x'])
      expect(refused(granting(permission))).toBeNull();
    for (const permission of [
      '',
      'Events',
      '.events',
      'events.',
      'events..manage',
      '*.events',
      'events*',
      'events.manage!',
      '!events',
      '**',
    ])
      expect(refused(granting(permission)), permission).toContain('"permissions" must be a list');
  });

  it('returns a copy of what it read, with table and storage rules checked', () => {
    const input = {
      roles: {
        user: { permissions: ['events.read'] },
        leader: { permissions: [], inherit: ['user'] },
      },
      defaultRole: 'user',
      tables: { patrol_log: { read: 'signed-in' } },
      storage: { troop: { write: 'signed-in' } },
    };
    expect(refused({ ...input, tables: { patrol_log: { read: 7 } } })).toMatch(/patrol_log/);
    expect(refused({ ...input, storage: { troop: { write: 7 } } })).toMatch(/troop/);
    expect(parseRolesConfig({ roles: input.roles, defaultRole: 'user' })).not.toHaveProperty(
      'tables',
    );
    const parsed = parseRolesConfig(input);
    expect(parsed).toEqual(input);
    expect(parsed.roles.user).not.toHaveProperty('inherit');
    // Changing what was read afterwards changes nothing in the configuration in use.
    input.roles.user.permissions.push('*');
    input.roles.leader.inherit.push('admin');
    expect(parsed.roles.user?.permissions).toEqual(['events.read']);
    expect(parsed.roles.leader?.inherit).toEqual(['user']);
  });
});

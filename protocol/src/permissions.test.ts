import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  can,
  DEFAULT_ROLES_CONFIG,
  hasRole,
  parseRolesConfig,
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
  ])('refuses %j in one line', (input, message) => {
    let error: Error | undefined;
    try {
      parseRolesConfig(input);
    } catch (e) {
      error = e as Error;
    }
    expect(error?.message).toContain(message);
    expect(error?.message).not.toContain('\n');
  });
});

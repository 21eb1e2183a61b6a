import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG, type RolesConfig } from '@scout/protocol/permissions';
import { roleGrant, roleGrantWords } from './role-grant.ts';

describe('giving an app role', () => {
  it('asks before admin, which may do everything', () => {
    expect(roleGrant(DEFAULT_ROLES_CONFIG, 'admin')).toEqual({
      raises: true,
      allows: 'everything',
    });
  });

  it('asks before leader, naming what it allows beyond a member', () => {
    const grant = roleGrant(DEFAULT_ROLES_CONFIG, 'leader');
    expect(grant.raises).toBe(true);
    expect(grant.allows).toContain('let people in, suspend and remove members');
    expect(grant.allows).toContain('change and delete every troop event');
    expect(grant.allows).not.toContain("change everyone's app role");
  });

  it('gives a plain member role, or an unknown one, without asking', () => {
    expect(roleGrant(DEFAULT_ROLES_CONFIG, 'user').raises).toBe(false);
    expect(roleGrant(DEFAULT_ROLES_CONFIG, 'nobody').raises).toBe(false);
  });

  it('reads the configuration: a role that only inherits the default one raises nothing', () => {
    const config: RolesConfig = {
      defaultRole: 'user',
      roles: {
        user: { permissions: ['ai.use'] },
        scout: { permissions: ['ai.use'], inherit: ['user'] },
        treasurer: { permissions: ['analytics.read'], inherit: ['user'] },
        helper: { permissions: ['badges.award'] },
      },
    };
    expect(roleGrant(config, 'scout').raises).toBe(false);
    expect(roleGrant(config, 'treasurer')).toEqual({
      raises: true,
      allows: ['read the analytics'],
    });
    // A permission the product has no words for is still more than a member has.
    expect(roleGrant(config, 'helper')).toEqual({
      raises: true,
      allows: ['more than other members'],
    });
  });

  it('says who, which role and what it allows', () => {
    expect(
      roleGrantWords('Kim Lee (kim@troop12.org)', 'leader', {
        raises: true,
        allows: ['read the analytics', 'email the troop'],
      }),
    ).toBe(
      'As leader, Kim Lee (kim@troop12.org) will be able to read the analytics and email the troop.',
    );
    expect(roleGrantWords('Kim Lee', 'admin', { raises: true, allows: 'everything' })).toMatch(
      /^Kim Lee will be able to do everything in the app as admin/,
    );
  });
});

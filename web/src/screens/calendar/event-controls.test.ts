import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLES_CONFIG, parseRolesConfig } from '@scout/protocol/permissions';
import { tableGrant } from '@scout/protocol/table-grants';
import { eventControls, type EventGrants } from './event-controls.ts';

const ann = 'ann';
const annsEvent = { userId: ann, status: 'confirmed' as const };
const bobsEvent = { userId: 'bob', status: 'confirmed' as const };

/** The grants the calendar screen reads for a role, as useTableGrant does. */
const grantsFor = (config: Parameters<typeof tableGrant>[0], role: string): EventGrants => ({
  update: tableGrant(config, role, 'calendar_events', 'update'),
  delete: tableGrant(config, role, 'calendar_events', 'delete'),
});

/** The defaults with the troop's own calendar rules, and a planner role they may name. */
const configured = (calendar_events: object) => {
  const roles = { ...DEFAULT_ROLES_CONFIG.roles, planner: { permissions: ['calendar.plan'] } };
  return parseRolesConfig({ ...DEFAULT_ROLES_CONFIG, roles, tables: { calendar_events } });
};

describe('the change controls an event shows', () => {
  it('by default: members on their own events, leaders and admins on every event', () => {
    const member = grantsFor(DEFAULT_ROLES_CONFIG, 'user');
    expect(eventControls(annsEvent, ann, member)).toEqual({
      edit: true,
      cancel: true,
      delete: true,
    });
    expect(eventControls(bobsEvent, ann, member)).toEqual({
      edit: false,
      cancel: false,
      delete: false,
    });
    for (const role of ['leader', 'admin'])
      expect(eventControls(bobsEvent, ann, grantsFor(DEFAULT_ROLES_CONFIG, role))).toEqual({
        edit: true,
        cancel: true,
        delete: true,
      });
  });

  it('owner-only rules take them from leaders on other members’ events, not from admins', () => {
    const config = configured({ update: 'owner', delete: 'owner' });
    expect(eventControls(bobsEvent, ann, grantsFor(config, 'leader')).delete).toBe(false);
    expect(eventControls(bobsEvent, ann, grantsFor(config, 'leader')).edit).toBe(false);
    expect(eventControls(annsEvent, ann, grantsFor(config, 'leader')).delete).toBe(true);
    expect(eventControls(bobsEvent, ann, grantsFor(config, 'admin')).delete).toBe(true);
  });

  it('a permission of the troop’s own gives its holders every event, and no one else', () => {
    const config = configured({ update: ['owner', 'calendar.plan'], delete: 'calendar.plan' });
    expect(eventControls(bobsEvent, ann, grantsFor(config, 'planner'))).toEqual({
      edit: true,
      cancel: true,
      delete: true,
    });
    // The leader keeps editing their own event but may no longer delete it.
    expect(eventControls(annsEvent, ann, grantsFor(config, 'leader'))).toEqual({
      edit: true,
      cancel: true,
      delete: false,
    });
    expect(eventControls(bobsEvent, ann, grantsFor(config, 'leader')).edit).toBe(false);
  });

  it('a cancelled event offers no Cancel, and nothing shows before the rules are loaded', () => {
    const leader = grantsFor(DEFAULT_ROLES_CONFIG, 'leader');
    expect(eventControls({ ...bobsEvent, status: 'cancelled' }, ann, leader)).toEqual({
      edit: true,
      cancel: false,
      delete: true,
    });
    expect(eventControls(annsEvent, ann, grantsFor(undefined, 'user'))).toEqual({
      edit: false,
      cancel: false,
      delete: false,
    });
  });
});

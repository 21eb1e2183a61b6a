/**
 * A roles configuration whose calendar_events read rule lets members read only their own
 * events, and leaders (with every default permission of theirs) every event: for the tests
 * that check a route follows the read rule as the Data API does.
 */
import { DEFAULT_ROLES_CONFIG, parseRolesConfig } from '@scout/protocol/permissions';

const leader = DEFAULT_ROLES_CONFIG.roles['leader']!;

export const ownEventsOnly = parseRolesConfig({
  roles: {
    ...DEFAULT_ROLES_CONFIG.roles,
    leader: { ...leader, permissions: [...leader.permissions, 'calendar.read_all'] },
  },
  defaultRole: 'user',
  tables: { calendar_events: { read: ['owner', 'calendar.read_all'] } },
});

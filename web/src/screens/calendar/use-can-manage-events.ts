import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { can, PERMISSIONS } from '@scout/protocol/permissions';
import { scout } from '../../lib/sdk.ts';

/**
 * Whether the roles configuration lets `user` change and delete every troop event (leaders and
 * admins by default), not only their own. The server decides each request; this only shows the
 * buttons it would honour. False until the configuration has loaded.
 */
export function useCanManageEvents(user: WireUser): boolean {
  const roles = useQuery({
    queryKey: ['roles'],
    queryFn: () => scout.auth.loadRoles(),
    staleTime: Infinity,
  });
  return can(roles.data, user.role, PERMISSIONS.eventsManage);
}

import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { can, type RolesConfig } from '@scout/protocol/permissions';
import { tableGrant, type RowGrant, type TableOperation } from '@scout/protocol/table-grants';
import { scout } from './sdk.ts';

/** The roles configuration the server enforces (docs/roles.md), loaded once per page. */
export function useRolesConfig(): RolesConfig | undefined {
  return useQuery({
    queryKey: ['roles'],
    queryFn: () => scout.auth.loadRoles(),
    staleTime: Infinity,
  }).data;
}

/**
 * Whether the roles configuration lets `user` do `permission`. The server decides each request;
 * this only shows the controls it would honour. False until the configuration has loaded.
 */
export function useCan(user: WireUser, permission: string): boolean {
  return can(useRolesConfig(), user.role, permission);
}

/**
 * What the configured rule of a Data API table grants `user` for one operation: every row, their
 * own, or none (`none` until the configuration has loaded). The server enforces the same answer.
 */
export function useTableGrant(user: WireUser, table: string, operation: TableOperation): RowGrant {
  return tableGrant(useRolesConfig(), user.role, table, operation);
}

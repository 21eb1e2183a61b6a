/**
 * The signed-in person's troops and whether they are the platform admin
 * (`GET /api/troops/{projectId}/mine`): one query, one request, for the header's switcher
 * (frame/use-troops.ts), the account menu and the Troops screen (frame/use-account-menu.ts) and
 * the choice of the troop to call with (lib/land-in-troop.ts).
 */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { MyTroops } from '@scout/protocol/troops';
import { scout } from './sdk.ts';

/** Troops change rarely: read once per page, again only after a few minutes. */
export const MY_TROOPS_STALE_MS = 5 * 60_000;

export const myTroopsQuery = (userId: string) => ({
  queryKey: ['my-troops', userId] as const,
  queryFn: (): Promise<MyTroops> => scout.troops.myTroops(),
  staleTime: MY_TROOPS_STALE_MS,
});

export function useMyTroops(userId: string) {
  return useQuery(myTroopsQuery(userId));
}

/** Whether the person is the platform admin, from the same query. */
export function usePlatformAdmin(userId: string) {
  return useQuery({ ...myTroopsQuery(userId), select: (mine) => mine.platformAdmin === true });
}

/** The same answer outside a component: from the cache while fresh, else one request. */
export const fetchMyTroops = (client: QueryClient, userId: string) =>
  client.fetchQuery(myTroopsQuery(userId));

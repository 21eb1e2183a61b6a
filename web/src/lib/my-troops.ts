/**
 * The signed-in person's troops and whether they are the platform admin, from one shared query
 * (my-troops-query.ts): the header's switcher (frame/use-troops.ts), the account menu and the
 * Troops screen (frame/use-account-menu.ts, screens/troops/) and the choice of the troop to call
 * with (lib/land-in-troop.ts).
 */
import { useQuery } from '@tanstack/react-query';
import { myTroopsQuery, platformAdminQuery } from './my-troops-query.ts';
import { scout } from './sdk.ts';

export { MY_TROOPS_STALE_MS } from './my-troops-query.ts';

export const myTroops = (userId: string) => myTroopsQuery(scout.troops, userId);

export function useMyTroops(userId: string) {
  return useQuery(myTroops(userId));
}

/** Whether the person is the platform admin, from the same query. */
export function usePlatformAdmin(userId: string) {
  return useQuery(platformAdminQuery(scout.troops, userId));
}

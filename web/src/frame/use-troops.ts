import { useQuery } from '@tanstack/react-query';
import type { WireUser } from '@scout/protocol/auth';
import { MY_TROOPS_STALE_MS, useMyTroops } from '../lib/my-troops.ts';
import { homeProjectId, projectId, scout } from '../lib/sdk.ts';
import { pageStorage, rememberTroop } from '../lib/troop-choice.ts';
import { headerTroopName, troopSwitch, type TroopSwitch } from './troop-switch.ts';

export interface HeaderTroop {
  /** The troop's name, or null while it has none (then the header names no troop). */
  name: string | null;
  /** The switcher, for a person with more than one troop. */
  switcher: TroopSwitch | null;
  /** Calls with `projectId` from now on, keeping the sign-in: the page loads again in that troop. */
  switchTo(projectId: string): void;
}

/** What the header shows of the troop the app calls with, and how to switch to another. */
export function useHeaderTroop(user: WireUser): HeaderTroop {
  const current = useQuery({
    queryKey: ['troop', projectId],
    queryFn: () => scout.troops.current(),
    staleTime: MY_TROOPS_STALE_MS,
  });
  // A troop chosen here that no longer has the person is left for one of theirs by
  // lib/land-in-troop.ts, from this same query.
  const mine = useMyTroops(user.id).data?.troops;
  return {
    name: headerTroopName(current.data),
    switcher: troopSwitch(mine, projectId),
    switchTo: (next) => {
      const choice = mine?.find((t) => t.projectId === next);
      const storage = pageStorage();
      if (next === projectId || !choice || !storage) return;
      rememberTroop(storage, { projectId: next, timeZone: choice.timeZone }, homeProjectId);
      // Every screen's data, channel and cache is the troop's: a fresh page leaves none behind.
      window.location.reload();
    },
  };
}

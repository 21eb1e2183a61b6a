import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { isScoutError } from '@scout/sdk/errors';
import type { WireUser } from '@scout/protocol/auth';
import { homeProjectId, projectId, scout } from '../lib/sdk.ts';
import { pageStorage, rememberTroop } from '../lib/troop-choice.ts';
import { leaveChosenTroop } from '../lib/use-auth.ts';
import { headerTroopName, troopSwitch, type TroopSwitch } from './troop-switch.ts';

/** Troops change rarely: read once per page, again only after a few minutes. */
const TROOPS_STALE_MS = 5 * 60_000;

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
    staleTime: TROOPS_STALE_MS,
  });
  const mine = useQuery({
    queryKey: ['my-troops', user.id],
    queryFn: () => scout.troops.mine(),
    staleTime: TROOPS_STALE_MS,
  });
  // A troop chosen here that no longer has the person (removed, or the troop gone) answers as
  // an unknown project: back to the server's own troop rather than a screen of errors.
  const gone = isScoutError(mine.error) && mine.error.code === 'PROJECT_NOT_FOUND';
  useEffect(() => {
    if (gone) leaveChosenTroop();
  }, [gone]);
  return {
    name: headerTroopName(current.data),
    switcher: troopSwitch(mine.data, projectId),
    switchTo: (next) => {
      const choice = mine.data?.find((t) => t.projectId === next);
      const storage = pageStorage();
      if (next === projectId || !choice || !storage) return;
      rememberTroop(storage, { projectId: next, timeZone: choice.timeZone }, homeProjectId);
      // Every screen's data, channel and cache is the troop's: a fresh page leaves none behind.
      window.location.reload();
    },
  };
}

/** A council's data (council-screen.tsx): its troops and their events. */
import { useQuery } from '@tanstack/react-query';
import { projectId, scout } from '../../lib/sdk.ts';
import { byNumberThenName } from './unit-order.ts';
import { sortTroopEvents, upcomingWindow } from './council-format.ts';

export function useCouncilOverview(enabled: boolean) {
  return useQuery({
    queryKey: ['council-overview', projectId],
    queryFn: async () => {
      const overview = await scout.troops.overview();
      return { ...overview, troops: [...overview.troops].sort(byNumberThenName) };
    },
    enabled,
  });
}

/** One troop's events of the days the overview counts, read when the troop is opened. */
export function useCouncilTroopEvents(troopProjectId: string, timeZone: string, enabled: boolean) {
  return useQuery({
    queryKey: ['council-troop-events', projectId, troopProjectId],
    queryFn: async () =>
      sortTroopEvents(
        await scout.troops.councilTroopEvents(troopProjectId, upcomingWindow(timeZone, new Date())),
      ),
    enabled,
  });
}

import { pathOf } from '@scout/protocol/app-paths';
import { COUNCIL_OVERVIEW_DAYS, type WireTroop } from '@scout/protocol/troops';

/** Where the link leads: the council's view of its troops (screens/troops/council-screen.tsx). */
export const COUNCIL_ADDRESS = pathOf({ view: 'council' });

/**
 * Whether the dashboard leads to the council's troops: only when the app calls with a council,
 * whose members alone are signed in there; not while the unit is still being read.
 */
export const showsCouncilLink = (unit: Pick<WireTroop, 'kind'> | undefined): boolean =>
  unit?.kind === 'council';

/** What the link says it leads to, naming the council when it has a name or number. */
export function councilLinkText(unit: Pick<WireTroop, 'name' | 'number'>): string {
  const who = unit.name ?? (unit.number ? `Council ${unit.number}` : 'the council');
  return `Each troop of ${who}: its members, its events of the next ${COUNCIL_OVERVIEW_DAYS} days and how many families have answered.`;
}

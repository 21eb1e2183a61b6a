/**
 * Event times are wall-clock times in the troop's zone (TIMEZONE). A browser elsewhere (a family
 * travelling, a parent living across a border) is told so, rather than reading them as its own.
 */
export function zoneNote(troopZone: string | null, browserZone: string | undefined): string | null {
  if (!troopZone || !browserZone || troopZone === browserZone) return null;
  return `Times are in the troop's time zone, ${troopZone.replaceAll('_', ' ')}.`;
}

/**
 * A council's events in a troop's calendar are the council's, read-only there: the occurrences
 * answered name the council on each of its events, so the app labels them and offers no change.
 */
import type { WireOccurrence } from '@scout/protocol/calendar-events';
import type { ReadyDeps } from '../deps.ts';
import type { Troop } from '../store/tenancy.ts';
import type { EventRecord } from './occurrences.ts';

/** What a council is called when it was given no name. */
export const UNNAMED_COUNCIL = 'Council';

export async function namingCouncil(
  deps: Pick<ReadyDeps, 'troops'>,
  troop: Troop,
  rows: readonly EventRecord[],
  occurrences: WireOccurrence[],
): Promise<WireOccurrence[]> {
  const councilId = troop.councilId;
  if (councilId === null) return occurrences;
  const ofCouncil = new Set(rows.filter((r) => r.troop_id === councilId).map((r) => r.id));
  if (ofCouncil.size === 0) return occurrences;
  const council = (await deps.troops.byId(councilId))?.name ?? UNNAMED_COUNCIL;
  return occurrences.map((o) =>
    ofCouncil.has(o.eventId) || (o.seriesId !== null && ofCouncil.has(o.seriesId))
      ? { ...o, council }
      : o,
  );
}

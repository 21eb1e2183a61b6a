/**
 * What follows an event follows its read rule: a caller the `calendar_events` read rule
 * (docs/roles.md) keeps from the event gets 404 for its answers (routes.ts) and its sign-up
 * sheet (volunteer/), exactly as for an event that does not exist, as from the Data API.
 */
import { readableEvents } from '../calendar/read-scope.ts';
import { findEvent } from '../calendar/stored-events.ts';
import type { CalendarUnits } from '../calendar/calendar-units.ts';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { findEventOccurrence, type EventOccurrence } from './event-occurrence.ts';

/** 404 for an event the caller may not read, exactly as for one that does not exist. */
export async function mustReadEvent(
  deps: Pick<ReadyDeps, 'store' | 'config'>,
  units: CalendarUnits,
  caller: SignedInCaller,
  id: string,
): Promise<void> {
  const event = await findEvent(deps.store, units, id);
  if (!event || readableEvents(deps.config.roles, caller, [event]).length === 0)
    throw new ApiError('NOT_FOUND', 'Event not found');
}

/** The event or the occurrence of a series the caller reads; 404 otherwise. */
export async function readableOccurrence(
  deps: Pick<ReadyDeps, 'store' | 'config'>,
  units: CalendarUnits,
  caller: SignedInCaller,
  id: string,
  occurrence: string | undefined,
): Promise<EventOccurrence> {
  await mustReadEvent(deps, units, caller, id);
  return findEventOccurrence(deps.store, units, id, occurrence);
}

/** The lists across events (routes.ts, across-events.ts) over a window of days in the troop. */
import { myCommitments, openSlots, unfilledSlots, type ListContext } from './across-events.ts';
import { callerPeople, type VolunteerRequest } from './request-context.ts';
import { windowOf } from './route-schemas.ts';

interface WindowQuery {
  from?: string;
  to?: string;
}

function listContext(r: VolunteerRequest): ListContext {
  return {
    units: r.units,
    roles: r.deps.config.roles,
    caller: r.caller,
    timeZone: r.troop.timeZone,
  };
}

const windowIn = (r: VolunteerRequest, q: WindowQuery) =>
  windowOf(q, r.troop.timeZone, r.deps.clock.now());

/** The places the caller and the scouts of their household hold, and the offers made to them. */
export async function listMine(r: VolunteerRequest, q: WindowQuery) {
  const people = (await callerPeople(r, r.deps.store)).map((p) => p.attendee);
  return myCommitments(r.deps.store, listContext(r), people, windowIn(r, q));
}

export async function listOpen(r: VolunteerRequest, q: WindowQuery & { limit?: number }) {
  return openSlots(r.deps.store, listContext(r), windowIn(r, q), q.limit ?? 50);
}

export async function listUnfilled(r: VolunteerRequest, q: WindowQuery) {
  return unfilledSlots(r.deps.store, listContext(r), windowIn(r, q));
}

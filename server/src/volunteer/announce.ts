/**
 * Every stored change of a sheet is announced on the server-owned sheets channels
 * (protocol/src/volunteer.ts): `volunteer` for members who read every event, and the event
 * maker's own channel for members who read only their own events. A message names the event,
 * occurrence and slot, never who took it: listeners read the sheet again under their own
 * access. The channels are the troop's (store/tenancy.ts `troopKey`).
 */
import {
  ownEventsVolunteerChannel,
  VOLUNTEER_CHANNEL,
  type VolunteerChange,
  type VolunteerChannelData,
} from '@scout/protocol/volunteer';
import type { ReadyDeps } from '../deps.ts';
import type { SignedInCaller } from '../http/route-guards.ts';
import { troopKey } from '../store/tenancy.ts';

export interface Announced {
  troopId: string;
  eventId: string;
  /** The event's maker, whose own channel hears it too. */
  ownerId: string | null;
  /** '' single event, a date, or `*` for a change to a slot on every occurrence. */
  occurrence: string;
  slotId: string;
}

export function announceSheet(
  deps: Pick<ReadyDeps, 'realtime' | 'logger'>,
  caller: SignedInCaller,
  what: Announced,
  change: VolunteerChange,
): void {
  if (!deps.realtime) return;
  const userId = caller.kind === 'user' ? caller.userId : `service_${caller.keyId}`;
  const data: VolunteerChannelData = {
    eventId: what.eventId,
    occurrence: what.occurrence,
    slotId: what.slotId,
    change,
  };
  const channels = [
    VOLUNTEER_CHANNEL,
    ...(what.ownerId ? [ownEventsVolunteerChannel(what.ownerId)] : []),
  ];
  for (const channel of channels)
    // The change is stored either way; a listener that missed this reloads on reconnect.
    deps.realtime
      .publish(troopKey(what.troopId, channel), { type: 'updated', data, userId })
      .catch((err: Error) => {
        if (deps.logger) deps.logger.warn({ err: err.message }, 'volunteer publish failed');
      });
}

/**
 * Every stored answer is announced on the server-owned RSVP channels (docs/decisions/051-rsvps.md):
 * `rsvps` for members who read every event, and the event maker's own channel for members who
 * read only their own events. Listeners read the answers again under their own access. The
 * channels are the event's troop's (store/tenancy.ts `troopKey`): another troop never hears them.
 */
import { ownEventsRsvpChannel, RSVP_CHANNEL, type RsvpChannelData } from '@scout/protocol/rsvps';
import type { ReadyDeps } from '../deps.ts';
import { troopKey } from '../store/tenancy.ts';
import type { EventOccurrence } from './event-occurrence.ts';

export function announceAnswer(
  deps: Pick<ReadyDeps, 'realtime' | 'logger'>,
  userId: string,
  event: EventOccurrence,
): void {
  if (!deps.realtime) return;
  const data: RsvpChannelData = { eventId: event.eventId, occurrence: event.occurrence };
  const channels = [RSVP_CHANNEL, ...(event.ownerId ? [ownEventsRsvpChannel(event.ownerId)] : [])];
  for (const channel of channels)
    // The answer is stored either way; a listener that missed this reloads on reconnect.
    deps.realtime
      .publish(troopKey(event.troopId, channel), { type: 'updated', data, userId })
      .catch((err: Error) => {
        if (deps.logger) deps.logger.warn({ err: err.message }, 'rsvp publish failed');
      });
}

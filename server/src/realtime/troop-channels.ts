/**
 * A troop's channels (docs/decisions/065-troops.md): clients name channels as they always did
 * (`calendar_events`), and the hub, the bus, presence and the stored history key each by its
 * troop (`troopKey`, store/tenancy.ts), so two troops' channels of one name never meet. Frames
 * and answers sent to a client carry the name it used, never the key.
 */
import { FIRST_TROOP_ID, troopKey } from '../store/tenancy.ts';
import type { RealtimeMessage } from './bus.ts';

export { troopKey as channelKey };

/**
 * The troop and the client's name of a channel key. A client's name holds no "/"
 * (channel-access.ts), so the last "/" ends the troop's part; a key without one is the first
 * troop's.
 */
export function splitChannelKey(key: string): { troopId: string; name: string } {
  const slash = key.lastIndexOf('/');
  if (slash < 0) return { troopId: FIRST_TROOP_ID, name: key };
  return { troopId: key.slice(0, slash), name: key.slice(slash + 1) };
}

/** The channel's name as its troop's clients know it. */
export const channelName = (key: string): string => splitChannelKey(key).name;

/** A stored or delivered message as a client sees it: under the channel name it uses. */
export function asSeenByClient(message: RealtimeMessage): RealtimeMessage {
  const name = channelName(message.channel);
  return name === message.channel ? message : { ...message, channel: name };
}

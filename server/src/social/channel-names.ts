/** A channel's name as members read it (protocol/src/social.ts, WireSocialChannel). */
import {
  SOCIAL_LEADERS_CHANNEL,
  SOCIAL_TROOP_CHANNEL,
  type SocialChannelId,
} from '@scout/protocol/social';
import type { SocialRoster } from './channel-rules.ts';

export function channelName(roster: SocialRoster, channel: SocialChannelId): string {
  if (channel === SOCIAL_TROOP_CHANNEL) return 'Whole troop';
  if (channel === SOCIAL_LEADERS_CHANNEL) return 'Leaders';
  // A patrol whose last scout left keeps its posts; its name is then the id's.
  const name = roster.patrols.get(channel) ?? channel.slice('patrol:'.length);
  return `${name} patrol`;
}

/**
 * Who may use which channel. Signed-in users and service keys may use every channel; an
 * anonymous socket or request only the channels the project allows (REALTIME_ANONYMOUS_CHANNELS:
 * names, `*` for all, or `prefix*` for every channel starting with the prefix). Default: none,
 * because an anonymous peer can claim any name and must not read a troop's channels.
 *
 * Server-owned channels (the change feed, one per announced table and one per member of it,
 * `rsvps` for answers to events and `volunteer` for sign-up sheets, with one per member too,
 * `newsletter` for posts, `social:<channel>` for the feed's channels)
 * carry what the server says happened to rows: no client may publish there, so whatever a
 * listener hears on them is true, and anonymous peers may not listen whatever the setting says,
 * because the rows themselves are for signed-in members only.
 * Which members may listen on the change feed is decided by feed-listeners.ts.
 */
import { changeFeedChannel } from '@scout/protocol/change-feed';
import { NEWSLETTER_CHANNEL } from '@scout/protocol/newsletter';
import { rsvpChannel } from '@scout/protocol/rsvps';
import { socialChannelOf } from '@scout/protocol/social';
import { volunteerChannel } from '@scout/protocol/volunteer';
import type { Config } from '../config.ts';

export const isServerOwnedChannel = (channel: string) =>
  rsvpChannel(channel) !== null ||
  volunteerChannel(channel) !== null ||
  channel === NEWSLETTER_CHANNEL ||
  socialChannelOf(channel) !== null ||
  changeFeedChannel(channel) !== null;

export const SERVER_OWNED_MESSAGE = 'Only the server publishes on this channel';

/** 1-128 characters of letters, digits, `_ : . -`: safe as a Redis key part and in logs. */
export const CHANNEL_PATTERN = /^[A-Za-z0-9_:.-]{1,128}$/;

export const isValidChannel = (name: unknown): name is string =>
  typeof name === 'string' && CHANNEL_PATTERN.test(name);

export function anonymousMayUse(
  config: Pick<Config, 'realtimeAnonymousChannels'>,
  channel: string,
): boolean {
  if (isServerOwnedChannel(channel)) return false;
  return config.realtimeAnonymousChannels.some((rule) =>
    rule.endsWith('*') ? channel.startsWith(rule.slice(0, -1)) : rule === channel,
  );
}

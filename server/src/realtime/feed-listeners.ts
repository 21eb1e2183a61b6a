/**
 * Who may listen on the change feed (protocol/src/change-feed.ts): a message names changed rows,
 * so it goes only to those the table's read rule lets read them (docs/roles.md, Table rules).
 * The table's channel names every changed row: members whose role reads every row, and service
 * keys. A member who reads only their own rows listens on their own channel of the table
 * (`calendar_events:<id>`), which names only their rows. A member who reads none hears nothing.
 *
 * Sockets are admitted when they subscribe and checked again every few seconds (hub.ts), so a
 * member whose role no longer reads every row stops hearing the table's channel within seconds;
 * REST calls on these channels (history, presence) are checked each time (routes.ts). The
 * answers channels (`rsvps`, `rsvps:<id>`) and the sheets channels (`volunteer`, `volunteer:<id>`)
 * name events, so the same rule decides who hears them.
 */
import { changeFeedChannel } from '@scout/protocol/change-feed';
import { rsvpChannel } from '@scout/protocol/rsvps';
import { volunteerChannel } from '@scout/protocol/volunteer';
import type { RolesConfig } from '@scout/protocol/permissions';
import { tableGrant } from '@scout/protocol/table-grants';
import { checkSession } from '../auth/session-check.ts';
import type { Store } from '../store/store.ts';
import type { ChannelAdmission } from './hub.ts';
import { splitChannelKey } from './troop-channels.ts';

export type FeedListener = { kind: 'service' } | { kind: 'user'; userId: string; role: string };

/**
 * The table whose read rule decides who hears a channel, and whose own channel it is: the change
 * feed's, and the answers channels (protocol/src/rsvps.ts), which name events.
 */
const governedBy = (channel: string) =>
  changeFeedChannel(channel) ?? rsvpChannel(channel) ?? volunteerChannel(channel);

export function mayHear(roles: RolesConfig, listener: FeedListener, channel: string): boolean {
  const feed = governedBy(channel);
  if (!feed || listener.kind === 'service') return true;
  const grant = tableGrant(roles, listener.role, feed.table, 'read');
  return grant === 'all' || (grant === 'own' && feed.ownerId === listener.userId);
}

/** Service-key sockets speak as `service_<key id>` (routes.ts); members by their account id. */
const SERVICE_SOCKET = 'service_';

/**
 * The hub's check of a socket on a change-feed channel (a troop's key of it, troop-channels.ts),
 * with the account's role of the moment in that troop.
 */
export function feedAdmission(store: Store, roles: RolesConfig): ChannelAdmission {
  return {
    governs: (key) => governedBy(splitChannelKey(key).name) !== null,
    async admits(key, userId) {
      const { troopId, name: channel } = splitChannelKey(key);
      const state = await checkSession(store, userId, undefined, troopId);
      if (!state.ok)
        return userId.startsWith(SERVICE_SOCKET) && mayHear(roles, { kind: 'service' }, channel);
      if (state.status !== 'active') return false;
      return mayHear(roles, { kind: 'user', userId, role: state.role }, channel);
    },
  };
}

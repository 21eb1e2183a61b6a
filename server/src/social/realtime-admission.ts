/**
 * Who hears a social channel's realtime channel (`social:<channel>`, protocol/src/social.ts):
 * exactly its readers by channel-rules.ts `readsChannel`, from the troop's roster of the moment,
 * so what a member hears live never differs from what the routes show them. The hub asks when
 * a socket subscribes and again at every periodic check (realtime/hub.ts), so a youth whose
 * channel lost its second adult or their parent stops hearing it within seconds; the REST
 * realtime routes (history, presence) ask the same on each call (realtime/routes.ts). Service
 * keys read every channel, as they do through the routes (request-context.ts).
 */
import type { RolesConfig } from '@scout/protocol/permissions';
import { socialChannelOf } from '@scout/protocol/social';
import { checkSession } from '../auth/session-check.ts';
import type { ChannelAdmission } from '../realtime/hub-types.ts';
import { splitChannelKey } from '../realtime/troop-channels.ts';
import type { Store } from '../store/store.ts';
import { readsChannel, type SocialRoster } from './channel-rules.ts';
import { readRoster } from './roster.ts';

/** Service-key sockets speak as `service_<key id>` (realtime/routes.ts). */
const SERVICE_SOCKET = 'service_';

export function socialAdmission(store: Store, roles: RolesConfig): ChannelAdmission {
  // The hub checks every socket of a pass at once: the checks of one troop share the roster
  // read in flight, so a pass costs one read a troop, not three queries a socket and channel.
  // Nothing is kept once read: each pass sees the roster of its moment.
  const reading = new Map<string, Promise<SocialRoster>>();
  const rosterOf = (troopId: string) => {
    let read = reading.get(troopId);
    if (!read) {
      read = readRoster(store, roles, troopId).finally(() => reading.delete(troopId));
      reading.set(troopId, read);
    }
    return read;
  };
  return {
    governs: (key) => socialChannelOf(splitChannelKey(key).name) !== null,
    async admits(key, userId) {
      const { troopId, name } = splitChannelKey(key);
      const channel = socialChannelOf(name);
      if (channel === null) return true;
      const roster = await rosterOf(troopId);
      const member = roster.members.get(userId);
      if (member) return readsChannel(roster, member, channel);
      if (!userId.startsWith(SERVICE_SOCKET)) return false;
      const state = await checkSession(store, userId, undefined, troopId);
      return !state.ok && state.reason === 'account';
    },
  };
}

/** Admission by every one of `admissions` that governs the channel. */
export function allAdmissions(...admissions: ChannelAdmission[]): ChannelAdmission {
  return {
    governs: (key) => admissions.some((a) => a.governs(key)),
    async admits(key, userId) {
      for (const a of admissions)
        if (a.governs(key) && !(await a.admits(key, userId))) return false;
      return true;
    },
  };
}

/**
 * What every social handler starts from: the caller, the path's troop, the troop's roster
 * (roster.ts) and the caller as a member of it. A service key acts as a moderator with no
 * account: it reads and moderates everything and writes nothing, since every word in the feed
 * has a member as its author. A member the store no longer finds active reads nothing.
 */
import type { FastifyRequest } from 'fastify';
import type { ReadyDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import { callerOf, troopOf, type SignedInCaller } from '../http/route-guards.ts';
import type { Troop } from '../store/tenancy.ts';
import type { Queryable } from '../store/store.ts';
import type { SocialMember, SocialRoster } from './channel-rules.ts';
import { readRoster } from './roster.ts';

export interface SocialRequest {
  deps: ReadyDeps;
  caller: SignedInCaller;
  troop: Troop;
  roster: SocialRoster;
  /** The caller as the rules read them. */
  member: SocialMember;
  /** The account acting; null for a service key. */
  by: string | null;
}

/** A service key: every channel, every state, no author. */
const SERVICE: SocialMember = {
  userId: '',
  name: 'Service',
  moderator: true,
  youth: false,
  patrols: [],
  parents: [],
  children: [],
  mayPost: false,
};

/** Reads nothing: not (or no longer) an active member of the troop. */
const nobody = (userId: string): SocialMember => ({
  userId,
  name: '',
  moderator: false,
  youth: false,
  patrols: [],
  parents: [],
  children: [],
  mayPost: false,
});

export async function socialRequest(
  deps: ReadyDeps,
  req: FastifyRequest,
  db: Queryable = deps.store,
): Promise<SocialRequest> {
  const caller = callerOf(req);
  const troop = troopOf(req);
  const roster = await readRoster(db, deps.config.roles, troop.id);
  if (caller.kind === 'service') {
    // The service key reads every patrol's channel as a moderator does.
    return { deps, caller, troop, roster, member: SERVICE, by: null };
  }
  const member = roster.members.get(caller.userId) ?? nobody(caller.userId);
  return { deps, caller, troop, roster, member, by: caller.userId };
}

/** The account that writes: a service key never does. */
export function authorOf(r: SocialRequest): string {
  if (r.by === null) throw new ApiError('FORBIDDEN', 'Posts and comments come from members');
  return r.by;
}

/** 403 unless the caller moderates the troop's feed. */
export function requireModerator(r: SocialRequest): void {
  if (!r.member.moderator)
    throw new ApiError('FORBIDDEN', 'This needs the permission social.moderate');
}

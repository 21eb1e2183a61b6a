/**
 * Which troop the app should call with, once it knows whom it serves (docs/decisions/065-troops.md
 * and 061-screen-addresses.md). A mail of a troop other than the server's own names its troop in
 * the address (`?troop=<projectId>`, protocol/src/app-paths.ts): a member of that troop lands in
 * it, on any browser, once signed in. A person whose app calls with a troop they are not a member
 * of (signed up with another troop's number from the server's page, or removed from the troop
 * chosen here) moves to one of theirs: the troop they signed in to (the access token's `pid`),
 * else the first of their troops. Pure, so each case is a unit test (troop-landing.test.ts).
 */
import { troopInQuery } from '@scout/protocol/app-paths';
import { troopProjectIdProblem, type WireMyTroop } from '@scout/protocol/troops';
import type { TroopChoice } from './troop-choice.ts';

/** The troop an address's query names, when it can be a troop's project id at all. */
export function addressTroop(search: string): string | null {
  const named = troopInQuery(search);
  return named !== null && troopProjectIdProblem(named) === null ? named : null;
}

/**
 * The troop an access token was signed in to (its `pid`), read without verifying it: the server
 * checks every call, and this only chooses where to go. Null for anything that is not a token.
 */
export function tokenTroop(accessToken: string | null | undefined): string | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    const pid = (claims as { pid?: unknown } | null)?.pid;
    return typeof pid === 'string' && pid !== '' ? pid : null;
  } catch {
    return null;
  }
}

export interface LandingInput {
  /** The troop the app calls with now. */
  current: string;
  /** The troop the page's address names (addressTroop), or null. */
  named: string | null;
  /** The troop the session was signed in to (tokenTroop), or null. */
  signedInTo: string | null;
  /** The person's troops (`/mine`), in the server's order. */
  mine: readonly WireMyTroop[];
}

export interface Landing {
  /** The troop to call with from now on; null: stay. */
  go: TroopChoice | null;
  /** Whether to take the troop out of the address (it was read: followed or not theirs). */
  dropNamed: boolean;
}

const choiceOf = (troop: WireMyTroop): TroopChoice => ({
  projectId: troop.projectId,
  timeZone: troop.timeZone,
});

/** Where a signed-in person should be, by the rules above. */
export function landing({ current, named, signedInTo, mine }: LandingInput): Landing {
  const dropNamed = named !== null;
  const find = (projectId: string | null) => mine.find((t) => t.projectId === projectId);
  const stay = { go: null, dropNamed };
  // The troop of the link, when the person is a member there (an unknown or foreign one is
  // passed over for their own, as if none were named).
  const linked = find(named);
  if (linked) return { go: linked.projectId === current ? null : choiceOf(linked), dropNamed };
  if (find(current)) return stay;
  const theirs = find(signedInTo) ?? mine.find((t) => t.status !== 'suspended') ?? mine[0];
  return theirs ? { go: choiceOf(theirs), dropNamed } : stay;
}

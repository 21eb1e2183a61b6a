/**
 * Rows belong to a troop (docs/decisions/065-troops.md): every troop-owned table has `troop_id`,
 * and each request's troop comes from the project id in its path. The generic layers scope by
 * the troop without knowing how troops are made or kept (troops/ does).
 */
import type { SignupMode } from '@scout/protocol/auth';

/** The troop a one-troop server always was; every row made before troops existed is its. */
export const FIRST_TROOP_ID = 'troop-1';

/** A unit of the server: a troop, or a council whose troops name it. */
export interface Troop {
  /** `troops.id`, the value of every troop-owned row's `troop_id`. */
  id: string;
  /** The project id that names it on the wire (every path, token and socket carries one). */
  projectId: string;
  kind: 'troop' | 'council';
  /** "12"; null while unknown (an upgraded one-troop server). */
  number: string | null;
  /** "Troop 12 Lakeside"; null while unnamed, and screens then name no troop. */
  name: string | null;
  /** IANA name: the troop's clocks, for its calendar, feed and mails. */
  timeZone: string;
  signupMode: SignupMode;
  /** Who to ask to join; undefined when the troop gave none. */
  contact: string | undefined;
  /** The council the troop belongs to, if any. */
  councilId: string | null;
}

/** The troops of the server, as requests find them. */
export interface TroopDirectory {
  /** The troop a project id names; undefined for one the server does not hold. */
  byProjectId(projectId: string): Promise<Troop | undefined>;
  byId(id: string): Promise<Troop | undefined>;
  /** Drops what is kept, after this process changed a troop. */
  forget(): void;
}

/**
 * A troop's key for a name every troop uses (a realtime channel, its history): the first troop's
 * is the name itself, so an upgraded server's channels and history stay where they were; another
 * troop's is `<troop id>/<name>`, which no name a client gives can be (realtime channel names
 * hold no "/", realtime/channel-access.ts).
 */
export function troopKey(troopId: string, name: string): string {
  return troopId === FIRST_TROOP_ID ? name : `${troopId}/${name}`;
}

/**
 * Troops on the wire (docs/decisions/065-troops.md): a troop's public face, the troops a person
 * belongs to (for the app's troop switcher), and what a platform admin gives to make a troop.
 * Plain types and rules only, so the browser bundle carries no zod; the server's schemas apply
 * the same rules (server/src/troops/troop-schemas.ts).
 */
import type { AccountStatus, SignupMode } from './auth.ts';

/** What anyone may read of a troop: no members, no contact, nothing of its youth. */
export interface WireTroop {
  projectId: string;
  kind: 'troop' | 'council';
  /** "45"; null while unknown (an upgraded one-troop server). */
  number: string | null;
  /** "Troop 45 Riverside"; null while unnamed, and the app then names no troop. */
  name: string | null;
  /** IANA name of the troop's clocks. */
  timeZone: string;
}

/** A troop the signed-in person belongs to, with their role and status there. */
export interface WireMyTroop extends WireTroop {
  role: string;
  status: AccountStatus;
}

/** What a platform admin gives to make a troop (`POST /api/troops/{projectId}`). */
export interface NewTroopInput extends NewUnitFields {
  /** The new troop's project id: the name it has in every path, token and socket. */
  projectId: string;
  number: string;
  name: string;
  /** Defaults to the server's time zone. */
  timeZone?: string;
  /** Defaults to the server's sign-up mode. */
  signupMode?: SignupMode;
  /** Whom people who want to join should ask. */
  contact?: string;
  /** The first leader: an account with this address becomes the troop's leader; anyone else is invited. */
  leaderEmail?: string;
}

/** How the first leader was given the troop. */
export type FirstLeader =
  | { email: string; outcome: 'member'; userId: string }
  /** No account has the address: an invitation to the troop, its link shown only here. */
  | { email: string; outcome: 'invited'; invitationUrl: string };

export interface CreatedTroop {
  troop: WireTroop;
  leader: FirstLeader | null;
}

/** Letters, digits, "-" and "_": safe in a path segment and a storage key, never a "/". */
export const TROOP_PROJECT_ID_PATTERN = /^[A-Za-z0-9_-]+$/;
export const TROOP_PROJECT_ID_MAX_LENGTH = 64;
export const TROOP_NUMBER_MAX_LENGTH = 20;
export const TROOP_NAME_MAX_LENGTH = 120;
/** As the server's TROOP_CONTACT (server/src/config.ts). */
export const TROOP_CONTACT_MAX_LENGTH = 300;

/** Why a project id cannot name a new troop, or null when it can (the server checks it is free). */
export function troopProjectIdProblem(projectId: string): string | null {
  if (projectId.length === 0) return 'A project id is required';
  if (projectId.length > TROOP_PROJECT_ID_MAX_LENGTH)
    return `A project id has at most ${TROOP_PROJECT_ID_MAX_LENGTH} characters`;
  if (!TROOP_PROJECT_ID_PATTERN.test(projectId))
    return 'A project id holds only letters, digits, "-" and "_"';
  return null;
}

/**
 * A council (a unit of kind `council`) and its troops. Council roles are memberships in the
 * council's unit, with the roles of the roles configuration: every active member of the council
 * reads its troops' overview and events (never households, scouts or answers by name); one who may
 * write `calendar_events` there publishes council events, which every troop of the council reads
 * in its calendar, list and feed; the council's admin manages the council's members.
 */
export interface NewUnitFields {
  /** `council` makes a council; default `troop`. */
  kind?: 'troop' | 'council';
  /** For a troop: the project id of the council it belongs to. */
  councilProjectId?: string;
  /**
   * For a council: a sign-up with a troop number no troop has registers a new troop of this
   * council, which waits until a council admin confirms it. Default false.
   */
  acceptsTroops?: boolean;
}

/**
 * A troop registered at sign-up that waits for its council (`GET /api/troops/{councilProjectId}/waiting`).
 * Until a council admin confirms it, its members reach only their own profile.
 */
export interface WaitingTroop extends WireTroop {
  /** The person who registered it, its admin. Null once that account is gone. */
  registeredBy: { email: string; displayName: string | null } | null;
  /** ISO instant. */
  registeredAt: string;
}

/** What a council admin's confirm or refuse of a waiting troop answers. */
export interface TroopDecision {
  troop: WireTroop;
  outcome: 'confirmed' | 'refused';
}

/** The words of ACCOUNT_PENDING for a member of a troop that waits for its council. */
export const TROOP_WAITING_MESSAGE =
  'Your troop is waiting for its council to confirm it. Until then you see only your own profile.';

/** The name a registered troop gets when the sign-up gives none. */
export const registeredTroopName = (number: string) => `Troop ${number}`;

/** One troop of a council, as its council members see it. */
export interface CouncilTroopSummary {
  projectId: string;
  number: string | null;
  name: string | null;
  timeZone: string;
  /** Active members of the troop. */
  members: number;
  /** Events and occurrences of the troop in the next 30 days. */
  upcomingEvents: number;
  /**
   * Of the answers the troop's upcoming events (next 30 days) could have (each event times the
   * people of the troop's households), the share given, 0 to 1; null with none to give.
   */
  answerRate: number | null;
}

/** `GET /api/troops/{councilProjectId}/overview`: the council and each of its troops. */
export interface CouncilOverview {
  council: WireTroop;
  troops: CouncilTroopSummary[];
}

/** One event of a council's troop as a council member reads it: no names, no answers by person. */
export interface CouncilTroopEvent {
  id: string;
  title: string;
  /** YYYY-MM-DD in the troop's time zone. */
  date: string;
  /** HH:MM, or null for an all-day event. */
  time: string | null;
  location: string | null;
  cancelled: boolean;
}

/** How many days ahead the council's overview counts a troop's events. */
export const COUNCIL_OVERVIEW_DAYS = 30;

/** The longest window of a council troop's events one request reads, in days, both ends included. */
export const COUNCIL_EVENTS_WINDOW_MAX_DAYS = 366;

/**
 * `GET /api/troops/{projectId}/mine`: the person's troops, and whether they are the platform
 * admin (who makes troops and councils, and reads `GET /api/troops/{projectId}/all`).
 */
export interface MyTroops {
  troops: WireMyTroop[];
  platformAdmin: boolean;
}

/** A unit of the server as the platform admin lists it (`GET /api/troops/{projectId}/all`). */
export interface ServerTroop extends WireTroop {
  /** The project id of the council a troop belongs to; null for a council or a troop of none. */
  councilProjectId: string | null;
  /** Active members. */
  members: number;
}

/**
 * Troops (docs/decisions/065-troops.md): the troop the client calls with (its public face, for
 * naming it on screen), the troops the signed-in person belongs to (to switch between them),
 * making a troop or a council and listing the server's units (the platform admin only), and a
 * council's view of its troops and its admins' decision on troops registered at sign-up (a
 * client whose project id is the council's). The server decides;
 * a refusal arrives as a ScoutError.
 */
import type {
  CouncilOverview,
  CouncilTroopEvent,
  CreatedTroop,
  MyTroops,
  NewTroopInput,
  ServerTroop,
  TroopDecision,
  WaitingTroop,
  WireMyTroop,
  WireTroop,
} from '@scout/protocol/troops';
import type { HttpClient } from './http.ts';

export type Troop = WireTroop;
export type MyTroop = WireMyTroop;
export type NewTroop = NewTroopInput;
export type {
  CouncilOverview,
  CouncilTroopEvent,
  CreatedTroop,
  ServerTroop,
  TroopDecision,
  WaitingTroop,
};

/** Days of a council troop's events to read, each YYYY-MM-DD, both included (at most 366 days). */
export interface EventWindow {
  from: string;
  to: string;
}

export interface TroopsClient {
  /** The troop this client's project id names: number, name and time zone; no sign-in needed. */
  current(): Promise<Troop>;
  /** Every troop the signed-in person belongs to, with their role and status in each. */
  mine(): Promise<MyTroop[]>;
  /** Whether the signed-in person is the platform admin (who makes troops and councils). */
  isPlatformAdmin(): Promise<boolean>;
  /** Both of the above in one call: the person's troops, and whether they are the platform admin. */
  myTroops(): Promise<MyTroops>;
  /** Makes a troop or a council, and names its first leader (the platform admin only). */
  create(input: NewTroop): Promise<CreatedTroop>;
  /** Every unit of the server, councils first (the platform admin only). */
  all(): Promise<ServerTroop[]>;
  /** The council's troops with their members, upcoming events and answer rate (council members). */
  overview(): Promise<CouncilOverview>;
  /** One troop of the council's events and occurrences in the window: no names, no answers. */
  councilTroopEvents(troopProjectId: string, window: EventWindow): Promise<CouncilTroopEvent[]>;
  /** Troops registered at sign-up that wait for this council, oldest first (see `confirm`). */
  waiting(): Promise<WaitingTroop[]>;
  /**
   * Confirms a waiting troop: its members reach it; again is the same. For the council's admins
   * and the platform admin, as are `waiting` and `refuse`.
   */
  confirm(troopProjectId: string): Promise<TroopDecision>;
  /** Refuses a waiting troop: it goes, with the accounts in no other troop. */
  refuse(troopProjectId: string): Promise<TroopDecision>;
}

export function createTroops(http: HttpClient, projectId: string): TroopsClient {
  const base = `/api/troops/${encodeURIComponent(projectId)}`;
  const troopPath = (troopProjectId: string) =>
    `${base}/troops/${encodeURIComponent(troopProjectId)}`;
  const readMine = async () => (await http.get<MyTroops>(`${base}/mine`)).data;
  return {
    async current() {
      return (await http.get<{ troop: Troop }>(base, { auth: false })).data.troop;
    },
    async mine() {
      return (await readMine()).troops;
    },
    async isPlatformAdmin() {
      return (await readMine()).platformAdmin === true;
    },
    myTroops: readMine,
    async create(input) {
      return (await http.post<CreatedTroop>(base, input)).data;
    },
    async all() {
      return (await http.get<{ troops: ServerTroop[] }>(`${base}/all`)).data.troops;
    },
    async overview() {
      return (await http.get<CouncilOverview>(`${base}/overview`)).data;
    },
    async councilTroopEvents(troopProjectId, window) {
      const path = `${base}/troops/${encodeURIComponent(troopProjectId)}/events`;
      const query = { from: window.from, to: window.to };
      return (await http.get<{ events: CouncilTroopEvent[] }>(path, { query })).data.events;
    },
    async waiting() {
      return (await http.get<{ troops: WaitingTroop[] }>(`${base}/waiting`)).data.troops;
    },
    async confirm(troopProjectId) {
      return (await http.post<TroopDecision>(`${troopPath(troopProjectId)}/confirm`)).data;
    },
    async refuse(troopProjectId) {
      return (await http.post<TroopDecision>(`${troopPath(troopProjectId)}/refuse`)).data;
    },
  };
}

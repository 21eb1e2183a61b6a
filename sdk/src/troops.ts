/**
 * Troops (docs/decisions/065-troops.md): the troop the client calls with (its public face, for
 * naming it on screen), the troops the signed-in person belongs to (to switch between them),
 * and making a troop (the platform admin only). The server decides; a refusal arrives as a
 * ScoutError.
 */
import type { CreatedTroop, NewTroopInput, WireMyTroop, WireTroop } from '@scout/protocol/troops';
import type { HttpClient } from './http.ts';

export type Troop = WireTroop;
export type MyTroop = WireMyTroop;
export type NewTroop = NewTroopInput;
export type { CreatedTroop };

export interface TroopsClient {
  /** The troop this client's project id names: number, name and time zone; no sign-in needed. */
  current(): Promise<Troop>;
  /** Every troop the signed-in person belongs to, with their role and status in each. */
  mine(): Promise<MyTroop[]>;
  /** Makes a troop and names its first leader (the platform admin only). */
  create(input: NewTroop): Promise<CreatedTroop>;
}

export function createTroops(http: HttpClient, projectId: string): TroopsClient {
  const base = `/api/troops/${encodeURIComponent(projectId)}`;
  return {
    async current() {
      return (await http.get<{ troop: Troop }>(base, { auth: false })).data.troop;
    },
    async mine() {
      return (await http.get<{ troops: MyTroop[] }>(`${base}/mine`)).data.troops;
    },
    async create(input) {
      return (await http.post<CreatedTroop>(base, input)).data;
    },
  };
}

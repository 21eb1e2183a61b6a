/**
 * Households (docs/protocol.md, Households): the caller's own family (made on first use), its
 * scouts (profiles that need no account), invitations for another adult or a scout's own
 * account, every scout with details for those the roles configuration lets read them
 * (`scouts.read`), and the names-only roster every member may read. The server decides; a
 * refusal arrives as a ScoutError.
 */
import type {
  HouseholdInvitationKind,
  ScoutInput,
  WireHousehold,
  WireHouseholdAdult,
  WireHouseholdInvitation,
  WireHouseholdInvitationCheck,
  WireRosterScout,
  WireScout,
  WireTroopScout,
} from '@scout/protocol/households';
import type { HttpClient } from './http.ts';

export type Household = WireHousehold;
export type HouseholdAdult = WireHouseholdAdult;
export type HouseholdInvitation = WireHouseholdInvitation;
export type HouseholdInvitationCheck = WireHouseholdInvitationCheck;
export type ScoutProfile = WireScout;
export type TroopScout = WireTroopScout;
export type RosterScout = WireRosterScout;

/**
 * A new scout: names required; patrol, birth year and notes optional; `noPhotos` (photos tagged
 * with the scout wait for a leader) and `mayPost` (the scout posts in the troop feed) default to
 * false. No email: none is kept.
 */
export type NewScout = ScoutInput & { firstName: string; lastName: string };

export interface NewHouseholdInvitation {
  kind: HouseholdInvitationKind;
  /** Only the account with this email may accept; the link is also mailed there. */
  email?: string;
  /** For `kind: 'scout'`: the profile the scout's account links to. */
  scoutId?: string;
}

export interface HouseholdsClient {
  /** The caller's household: the one they are an adult or a scout of, made on first use. */
  mine(): Promise<Household>;
  addScout(scout: NewScout): Promise<ScoutProfile>;
  /**
   * Changes the given fields; `null` clears patrol, birth year or notes. Only the household's
   * adults change a scout, `noPhotos` and `mayPost` included: the scout's own account reads them.
   */
  updateScout(scoutId: string, changes: ScoutInput): Promise<ScoutProfile>;
  removeScout(scoutId: string): Promise<ScoutProfile>;
  invitations: {
    /** The link is in the answer only: it is shown once (and mailed when an email is given). */
    create(
      input: NewHouseholdInvitation,
    ): Promise<{ invitation: HouseholdInvitation; url: string }>;
    revoke(invitationId: string): Promise<HouseholdInvitation>;
    /** Whose household a link is for, and whether it still works. */
    check(token: string): Promise<HouseholdInvitationCheck>;
    /** Joins the household as the signed-in account; answers the household joined. */
    accept(token: string): Promise<Household>;
  };
  /** Removes an adult from the caller's household; the caller's own id leaves it. */
  removeAdult(userId: string): Promise<HouseholdAdult>;
  /** Every scout with details and family adults (`scouts.read`: leaders and admins). */
  troopScouts(): Promise<TroopScout[]>;
  /** Every scout's name, for any member. */
  roster(): Promise<RosterScout[]>;
}

export function createHouseholds(http: HttpClient, projectId: string): HouseholdsClient {
  const base = `/api/households/${encodeURIComponent(projectId)}`;
  const id = (value: string) => encodeURIComponent(value);
  return {
    async mine() {
      return (await http.get<{ household: Household }>(`${base}/mine`)).data.household;
    },
    async addScout(scout) {
      return (await http.post<{ scout: ScoutProfile }>(`${base}/mine/scouts`, scout)).data.scout;
    },
    async updateScout(scoutId, changes) {
      return (
        await http.patch<{ scout: ScoutProfile }>(`${base}/mine/scouts/${id(scoutId)}`, changes)
      ).data.scout;
    },
    async removeScout(scoutId) {
      return (await http.delete<{ scout: ScoutProfile }>(`${base}/mine/scouts/${id(scoutId)}`)).data
        .scout;
    },
    invitations: {
      async create(input) {
        return (
          await http.post<{ invitation: HouseholdInvitation; url: string }>(
            `${base}/mine/invitations`,
            input,
          )
        ).data;
      },
      async revoke(invitationId) {
        return (
          await http.delete<{ invitation: HouseholdInvitation }>(
            `${base}/mine/invitations/${id(invitationId)}`,
          )
        ).data.invitation;
      },
      async check(token) {
        return (await http.post<HouseholdInvitationCheck>(`${base}/invitations/check`, { token }))
          .data;
      },
      async accept(token) {
        return (await http.post<{ household: Household }>(`${base}/invitations/accept`, { token }))
          .data.household;
      },
    },
    async removeAdult(userId) {
      return (await http.delete<{ adult: HouseholdAdult }>(`${base}/mine/adults/${id(userId)}`))
        .data.adult;
    },
    async troopScouts() {
      return (await http.get<{ scouts: TroopScout[] }>(`${base}/scouts`)).data.scouts;
    },
    async roster() {
      return (await http.get<{ scouts: RosterScout[] }>(`${base}/roster`)).data.scouts;
    },
  };
}

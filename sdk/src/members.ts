/**
 * The troop's members (docs/protocol.md, Members): the list for those the roles configuration
 * lets read it (`members.read`), app-role changes for those it lets manage them
 * (`members.manage`), and letting people in (`members.approve`): approving and refusing
 * accounts that wait, suspending, reinstating and removing members, and invitations. The server
 * decides; a refusal arrives as a ScoutError.
 */
import type { WireAuditEntry, WireInvitation, WireMember } from '@scout/protocol/members';
import type { HttpClient } from './http.ts';

export type Member = WireMember;
export type Invitation = WireInvitation;
export type AuditEntry = WireAuditEntry;
export type MembershipAction = 'approve' | 'refuse' | 'suspend' | 'reinstate' | 'remove';

export interface NewInvitation {
  /** One person: their email is pre-filled and required, and the invitation is for one sign-up. */
  email?: string;
  /** For anyone with the link, up to this many sign-ups (default 1). */
  maxUses?: number;
  expiresInDays?: number;
  /** Mail the link to `email`. */
  send?: boolean;
}

export interface MembersClient {
  list(): Promise<Member[]>;
  /** Gives the member an app role the roles configuration defines (`admin`, `leader`, `user`). */
  setRole(userId: string, role: string): Promise<Member>;
  /** Approve or refuse an account that waits, suspend, reinstate or remove a member. */
  change(userId: string, action: MembershipAction): Promise<Member>;
  invitations: {
    list(): Promise<Invitation[]>;
    /** The link is in the answer only: it is shown once. */
    create(input?: NewInvitation): Promise<{ invitation: Invitation; url: string }>;
    revoke(id: string): Promise<Invitation>;
    /** Anyone may ask whether a link still works, and for whom (its email, if it has one). */
    check(token: string): Promise<{ usable: boolean; email: string | null }>;
  };
  /** The membership audit log, newest first (`audit.read`: admins). */
  audit(): Promise<AuditEntry[]>;
}

export function createMembers(http: HttpClient, projectId: string): MembersClient {
  const base = `/api/members/${encodeURIComponent(projectId)}`;
  const id = (value: string) => encodeURIComponent(value);
  return {
    async list() {
      return (await http.get<{ members: Member[] }>(base)).data.members;
    },
    async setRole(userId, role) {
      return (await http.patch<{ member: Member }>(`${base}/${id(userId)}`, { role })).data.member;
    },
    async change(userId, action) {
      return (await http.post<{ member: Member }>(`${base}/${id(userId)}/${action}`, {})).data
        .member;
    },
    invitations: {
      async list() {
        return (await http.get<{ invitations: Invitation[] }>(`${base}/invitations`)).data
          .invitations;
      },
      async create(input = {}) {
        return (
          await http.post<{ invitation: Invitation; url: string }>(`${base}/invitations`, input)
        ).data;
      },
      async revoke(invitationId) {
        return (
          await http.delete<{ invitation: Invitation }>(`${base}/invitations/${id(invitationId)}`)
        ).data.invitation;
      },
      async check(token) {
        return (
          await http.post<{ usable: boolean; email: string | null }>(
            `${base}/invitations/check`,
            { token },
            { auth: false },
          )
        ).data;
      },
    },
    async audit() {
      return (await http.get<{ entries: AuditEntry[] }>(`${base}/audit`)).data.entries;
    },
  };
}

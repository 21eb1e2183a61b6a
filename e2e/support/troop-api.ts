/**
 * Sets a troop up through its API before a journey looks at it on screen: accounts that joined
 * with an invitation, a leader, a membership changed. Each call is the request the sign-up form
 * or the Members screen makes, so the journey spends its time on the screens it is about.
 */
import { expect } from '@playwright/test';
import type { Member } from './accounts.ts';
import type { TroopServer } from './troop-server.ts';

export interface Session {
  access_token: string;
  user: { id: string; email: string; status?: string };
}

type Action = 'approve' | 'refuse' | 'suspend' | 'reinstate' | 'remove';

export function troopApi(troop: TroopServer) {
  const call = async <T>(path: string, body: unknown, as?: Session, method = 'POST') => {
    const res = await fetch(`${troop.baseUrl}${path}`, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(as ? { authorization: `Bearer ${as.access_token}` } : {}),
      },
      body: JSON.stringify(body),
    });
    expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(200);
    return (await res.json()) as T;
  };
  const members = `/api/members/${encodeURIComponent(troop.projectId)}`;
  return {
    /** An invitation link for `maxUses` people; answers its token. */
    async invite(as: Session, maxUses: number): Promise<string> {
      const { url } = await call<{ url: string }>(`${members}/invitations`, { maxUses }, as);
      return new URL(url).searchParams.get('invite') ?? '';
    },
    /** An invitation for one person, not mailed; answers its id. */
    async inviteOne(as: Session, email: string): Promise<string> {
      const made = await call<{ invitation: { id: string } }>(
        `${members}/invitations`,
        { email },
        as,
      );
      return made.invitation.id;
    },
    async revoke(as: Session, invitationId: string) {
      await call(`${members}/invitations/${invitationId}`, {}, as, 'DELETE');
    },
    /** Signs `m` up with the invitation token, as the sign-up form does. */
    join(invitation: string, m: Member): Promise<Session> {
      const { firstName, lastName, troopNumber, troopRole } = m;
      return call<Session>('/api/auth/signup', {
        email: m.email,
        password: m.password,
        displayName: `${firstName} ${lastName}`,
        metadata: { firstName, lastName, troopNumber, troopRole },
        invitation,
      });
    },
    async setRole(as: Session, userId: string, role: string) {
      await call(`${members}/${userId}`, { role }, as, 'PATCH');
    },
    async act(as: Session, userId: string, action: Action) {
      await call(`${members}/${userId}/${action}`, {}, as);
    },
  };
}

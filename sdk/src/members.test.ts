import { describe, expect, it } from 'vitest';
import { ScoutError } from './errors.ts';
import { createMembers } from './members.ts';
import { FakeApi, errorReply, jsonReply, signedInHttp } from '../test/fake-api.ts';

const member = {
  id: 'u 1',
  email: 'kim@troop42.test',
  displayName: 'Kim Lee',
  troopRole: 'Parent',
  role: 'user',
  emailVerified: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
};

function setup() {
  const api = new FakeApi();
  const http = signedInHttp(api);
  return { api, members: createMembers(http, 'troop 42') };
}

describe('members', () => {
  it('lists the members with the bearer token', async () => {
    const { api, members } = setup();
    api.on('GET', '/api/members/troop%2042', () => jsonReply(200, { members: [member] }));
    expect(await members.list()).toEqual([member]);
    expect(api.requests[0]!.headers.authorization).toBe('Bearer access-1');
  });

  it('changes a role with one PATCH naming the member', async () => {
    const { api, members } = setup();
    api.on('PATCH', '/api/members/troop%2042/u%201', (req) =>
      jsonReply(200, { member: { ...member, ...(req.body as object) } }),
    );
    expect(await members.setRole('u 1', 'leader')).toMatchObject({ id: 'u 1', role: 'leader' });
    expect(api.requests[0]!.body).toEqual({ role: 'leader' });
  });

  it('passes the server’s refusal on as a ScoutError with its status and words', async () => {
    const { api, members } = setup();
    api.on('GET', '/api/members/troop%2042', () =>
      errorReply(403, 'FORBIDDEN', 'Reading the member list needs the permission members.read'),
    );
    const err = await members.list().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ScoutError);
    expect(err).toMatchObject({ status: 403, message: expect.stringMatching(/members.read/) });
  });

  it('lets people in and out with one POST naming the member and the action', async () => {
    const { api, members } = setup();
    api.on('POST', '/api/members/troop%2042/u%201/approve', () =>
      jsonReply(200, { member: { ...member, status: 'active' } }),
    );
    expect(await members.change('u 1', 'approve')).toMatchObject({ status: 'active' });
    expect(api.requests[0]!.method).toBe('POST');
  });

  it('makes, lists, revokes and checks invitations; the check needs no sign-in', async () => {
    const { api, members } = setup();
    const invitation = { id: 'i1', email: null, maxUses: 3, uses: 0 };
    api.on('POST', '/api/members/troop%2042/invitations', (req) =>
      jsonReply(200, { invitation: { ...invitation, ...(req.body as object) }, url: 'u' }),
    );
    api.on('GET', '/api/members/troop%2042/invitations', () =>
      jsonReply(200, { invitations: [invitation] }),
    );
    api.on('DELETE', '/api/members/troop%2042/invitations/i1', () =>
      jsonReply(200, { invitation: { ...invitation, revokedAt: 'now' } }),
    );
    api.on('POST', '/api/members/troop%2042/invitations/check', () =>
      jsonReply(200, { usable: true, email: null }),
    );
    expect(await members.invitations.create({ maxUses: 3 })).toMatchObject({ url: 'u' });
    expect(api.requests[0]!.body).toEqual({ maxUses: 3 });
    expect(await members.invitations.list()).toEqual([invitation]);
    expect((await members.invitations.revoke('i1')).revokedAt).toBe('now');
    expect(await members.invitations.check('tok')).toEqual({ usable: true, email: null });
    const check = api.requests[3]!;
    expect(check.body).toEqual({ token: 'tok' });
    expect(check.headers.authorization).toBeUndefined();
  });

  it('reads the audit log', async () => {
    const { api, members } = setup();
    const entry = {
      id: 'a',
      at: 'now',
      actorId: 'lee',
      action: 'member.approved',
      targetId: 'u',
      details: {},
    };
    api.on('GET', '/api/members/troop%2042/audit', () => jsonReply(200, { entries: [entry] }));
    expect(await members.audit()).toEqual([entry]);
  });
});

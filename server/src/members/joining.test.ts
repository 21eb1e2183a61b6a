/**
 * Who may join (SIGNUP_MODE) and what an account waiting for a leader reaches, through the API
 * as clients call it, on each store.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { bearer as auth, nextAddress, PASSWORD } from '../../test/auth.ts';
import { FrameClient, listeningApp, type ListeningApp } from '../../test/realtime.ts';
import { memberAction } from '../../test/members.ts';
import { bearer as leaderToken } from '../../test/storage.ts';
import { buildTestApp, sharedTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { createMemoryMailer } from '../../test/mail.ts';

let n = 0;
const email = () => `family${++n}.${Date.now().toString(36)}@troop12.org`;

describe.each(testStoreKinds)('joining the troop (%s)', (kind) => {
  // The invite-mode tests share one app, each on an emptied store; the others build their own.
  const inviteMode = sharedTestApp({ store: kind, config: { signupMode: 'invite' }, empty: true });
  let own: TestApp | undefined;
  let t: TestApp = inviteMode;
  beforeEach(() => {
    t = inviteMode;
  });
  afterEach(async () => {
    await own?.close();
    own = undefined;
  });

  const pid = () => t.deps.config.projectId;
  const signUp = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: { email: email(), password: PASSWORD, projectId: pid(), ...body },
    });
  const call = (
    method: 'GET' | 'POST' | 'DELETE' | 'PATCH',
    url: string,
    token?: string,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: token
        ? { authorization: token.startsWith('Bearer') ? token : `Bearer ${token}` }
        : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const invite = async (leader: string, body: Record<string, unknown> = {}) => {
    const res = await call('POST', `/api/members/${pid()}/invitations`, leader, body);
    expect(res.statusCode).toBe(200);
    const { url, invitation } = res.json();
    return { token: new URL(url).searchParams.get('invite') ?? '', invitation };
  };

  it('open: every sign-up is an active member at once, as docs/product.md section 2 has it', async () => {
    t = own = await buildTestApp({ store: kind });
    const res = await signUp({});
    expect(res.statusCode).toBe(200);
    expect(res.json().user.status).toBe('active');
    const events = await call(
      'GET',
      `/api/db/${pid()}/rest/v1/calendar_events`,
      res.json().access_token,
    );
    expect(events.statusCode).toBe(200);
  });

  it('approval: a newcomer reaches only their own profile until a leader approves', async () => {
    t = own = await buildTestApp({ store: kind, config: { signupMode: 'approval' } });
    const leader = await leaderToken(t, 'lee', 'leader');
    const res = await signUp({ metadata: { troopRole: 'Parent' } });
    expect(res.statusCode).toBe(200);
    const session = res.json<SessionResponse>();
    expect(session.user.status).toBe('pending');
    const token = session.access_token;

    expect((await call('GET', '/api/auth/me', token)).statusCode).toBe(200);
    expect(
      (await call('PATCH', '/api/auth/me', token, { displayName: 'Sam Waiting' })).statusCode,
    ).toBe(200);
    // Every route a waiting account is refused: pending-access.test.ts.
    const events = await call('GET', `/api/db/${pid()}/rest/v1/calendar_events`, token);
    expect(`${events.statusCode} ${events.json().code}`).toBe('403 ACCOUNT_PENDING');

    // The leader sees the newcomer waiting, and lets them in: the same token works at once.
    const list = (await call('GET', `/api/members/${pid()}`, leader)).json().members;
    expect(list.find((m: { id: string }) => m.id === session.user.id)).toMatchObject({
      status: 'pending',
      troopRole: 'Parent',
    });
    const approved = await call('POST', `/api/members/${pid()}/${session.user.id}/approve`, leader);
    expect(approved.json().member.status).toBe('active');
    expect((await call('GET', `/api/db/${pid()}/rest/v1/calendar_events`, token)).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/auth/me', token)).json().user.status).toBe('active');
  });

  it('invite: no invitation, a wrong one, or a used-up, revoked or expired one is refused', async () => {
    const leader = await leaderToken(t, 'lee', 'leader');
    const none = await signUp({});
    expect(none.statusCode).toBe(403);
    expect(none.json()).toMatchObject({
      code: 'INVITATION_REQUIRED',
      message: 'This troop joins by invitation. Ask a leader of the troop for an invitation link.',
    });
    expect((await signUp({ invitation: 'forged' })).json().code).toBe('INVITATION_INVALID');

    const two = await invite(leader, { maxUses: 2 });
    const check = await call('POST', `/api/members/${pid()}/invitations/check`, undefined, {
      token: two.token,
    });
    expect(check.json()).toEqual({ usable: true, email: null });
    expect((await signUp({ invitation: two.token })).json().user.status).toBe('active');
    expect((await signUp({ invitation: two.token })).statusCode).toBe(200);
    expect((await signUp({ invitation: two.token })).json().code).toBe('INVITATION_INVALID');

    const revoked = await invite(leader);
    const gone = await call(
      'DELETE',
      `/api/members/${pid()}/invitations/${revoked.invitation.id}`,
      leader,
    );
    expect(gone.json().invitation.revokedAt).toEqual(expect.any(String));
    expect((await signUp({ invitation: revoked.token })).json().code).toBe('INVITATION_INVALID');

    const late = await invite(leader, { expiresInDays: 1 });
    t.clock.advance(86_400_000);
    expect((await signUp({ invitation: late.token })).json().code).toBe('INVITATION_INVALID');
  });

  it('invite: one sent to a person is for their email only, and a scout still waits for a leader', async () => {
    const leader = await leaderToken(t, 'lee', 'leader');
    const parent = await invite(leader, { email: 'Kim.Parent@Troop12.org' });
    expect(parent.invitation).toMatchObject({ email: 'kim.parent@troop12.org', maxUses: 1 });
    const check = await call('POST', `/api/members/${pid()}/invitations/check`, undefined, {
      token: parent.token,
    });
    expect(check.json()).toEqual({ usable: true, email: 'kim.parent@troop12.org' });
    const other = await signUp({ invitation: parent.token });
    expect(other.json()).toMatchObject({
      code: 'INVITATION_INVALID',
      message: 'This invitation was sent to another email address: sign up with it.',
    });
    const kim = await signUp({ invitation: parent.token, email: 'kim.parent@troop12.org' });
    expect(kim.json().user.status).toBe('active');

    const scoutLink = await invite(leader);
    const scout = await signUp({ invitation: scoutLink.token, metadata: { troopRole: 'Scout' } });
    expect(scout.json().user.status).toBe('pending');
  });

  it('invite: two sign-ups racing for a last use, exactly one wins; a failed one gives its use back', async () => {
    const leader = await leaderToken(t, 'lee', 'leader');
    const single = await invite(leader);
    const both = await Promise.all([
      signUp({ invitation: single.token }),
      signUp({ invitation: single.token }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 403]);

    const taken = await invite(leader);
    const existing = (await signUp({ invitation: (await invite(leader)).token })).json().user.email;
    const clash = await signUp({ invitation: taken.token, email: existing });
    expect(clash.statusCode).toBe(409);
    expect((await signUp({ invitation: taken.token })).statusCode).toBe(200);
  });

  it('invite: an invitation sent by email reaches that person, named by the leader who sent it', async () => {
    const mail = createMemoryMailer();
    t = own = await buildTestApp({ store: kind, config: { signupMode: 'invite' }, deps: { mail } });
    const leader = await leaderToken(t, 'lee', 'leader');
    await t.deps.store.query(`UPDATE users SET display_name = 'Lee Scoutmaster' WHERE id = 'lee'`);
    const sent = await invite(leader, { email: 'robin@troop12.org', send: true });
    const [message] = await mail.waitFor(1);
    expect(message?.to).toEqual([{ address: 'robin@troop12.org' }]);
    expect(message?.subject).toBe(
      'You are invited to join your troop on Scout Leadership Platform',
    );
    expect(message?.text).toContain('Lee Scoutmaster invited you');
    expect(message?.text).toContain(`/?invite=${sent.token}`);
    expect(message?.text).toContain('expires in 14 days');
    const noAddress = await call('POST', `/api/members/${pid()}/invitations`, leader, {
      send: true,
    });
    expect(noAddress.statusCode).toBe(400);
  });

  it('invitations are for those who may let people in; the check needs no sign-in', async () => {
    const member = await leaderToken(t, 'mo', 'user');
    expect((await call('POST', `/api/members/${pid()}/invitations`, member, {})).statusCode).toBe(
      403,
    );
    expect((await call('GET', `/api/members/${pid()}/invitations`, member)).statusCode).toBe(403);
    expect(
      (await call('POST', `/api/members/${pid()}/invitations`, undefined, {})).statusCode,
    ).toBe(401);
    const leader = await leaderToken(t, 'lee', 'leader');
    const bad = await call('POST', `/api/members/${pid()}/invitations`, leader, { maxUses: 0 });
    expect(bad.statusCode).toBe(400);
    const oneAndMany = await call('POST', `/api/members/${pid()}/invitations`, leader, {
      email: 'a@troop12.org',
      maxUses: 5,
    });
    expect(oneAndMany.statusCode).toBe(400);
    expect(
      (await call('POST', `/api/members/${pid()}/invitations/check`, undefined, {})).statusCode,
    ).toBe(400);
  });
});

describe.each(testStoreKinds)('leaders manage membership (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const pid = () => t.deps.config.projectId;
  const act = (token: string, userId: string, action: string) =>
    memberAction(t, token, userId, action);

  it('approve, refuse, suspend, reinstate and remove, each in the audit log', async () => {
    t = await buildTestApp({ store: kind, config: { signupMode: 'approval' } });
    const admin = await leaderToken(t, 'ada', 'admin');
    const leader = await leaderToken(t, 'lee', 'leader');
    const member = await leaderToken(t, 'mo', 'user');
    const waiting = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        remoteAddress: nextAddress(),
        payload: { email: email(), password: PASSWORD, projectId: pid() },
      });
      return res.json<SessionResponse>();
    };

    const refusedOne = await waiting();
    expect((await act(leader, refusedOne.user.id, 'refuse')).statusCode).toBe(200);
    const gone = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: auth(refusedOne.access_token),
    });
    expect(gone.statusCode).toBe(401);

    const approvedOne = await waiting();
    expect((await act(leader, approvedOne.user.id, 'refuse')).statusCode).toBe(200);
    const kept = await waiting();
    expect((await act(leader, kept.user.id, 'approve')).statusCode).toBe(200);
    expect((await act(leader, kept.user.id, 'approve')).statusCode).toBe(409);
    expect((await act(leader, kept.user.id, 'refuse')).statusCode).toBe(409);

    expect((await act(leader, 'mo', 'suspend')).json().member.status).toBe('suspended');
    const blocked = await t.app.inject({
      method: 'GET',
      url: `/api/db/${pid()}/rest/v1/calendar_events`,
      headers: { authorization: member },
    });
    expect(blocked.json().code).toBe('ACCOUNT_SUSPENDED');
    expect((await act(leader, 'mo', 'reinstate')).json().member.status).toBe('active');
    expect((await act(leader, 'mo', 'remove')).statusCode).toBe(200);

    // Nobody acts on themself; a leader does not act on an admin; a member on nobody.
    expect((await act(leader, 'lee', 'suspend')).statusCode).toBe(409);
    expect((await act(leader, 'ada', 'suspend')).statusCode).toBe(403);
    expect(
      (await act(await leaderToken(t, 'pat', 'user'), kept.user.id, 'suspend')).statusCode,
    ).toBe(403);
    expect((await act(leader, 'nobody', 'approve')).statusCode).toBe(404);
    expect((await act(leader, kept.user.id, 'promote')).statusCode).toBe(400);

    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/members/${pid()}/audit`,
      headers: { authorization: admin },
    });
    const actions = audit.json().entries.map((e: { action: string }) => e.action);
    for (const done of [
      'member.waiting',
      'member.refused',
      'member.approved',
      'member.suspended',
      'member.reinstated',
      'member.removed',
    ])
      expect(actions).toContain(done);
    const entry = audit
      .json()
      .entries.find((e: { action: string }) => e.action === 'member.approved');
    expect(entry).toMatchObject({ actorId: 'lee', targetId: kept.user.id });
    const forLeader = await t.app.inject({
      method: 'GET',
      url: `/api/members/${pid()}/audit`,
      headers: { authorization: leader },
    });
    expect(forLeader.statusCode).toBe(403);
  });
});

describe.each(testStoreKinds)('a waiting account on the realtime socket (%s)', (kind) => {
  let t: ListeningApp | undefined;
  afterEach(async () => t?.close());

  it('is refused a socket until approved', async () => {
    t = await listeningApp({ store: kind, config: { signupMode: 'approval' } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: { email: email(), password: PASSWORD, projectId: t.deps.config.projectId },
    });
    const { access_token: token } = res.json<SessionResponse>();
    const socket = await FrameClient.connect(t.wsUrl);
    socket.send('auth', { token });
    const answer = await socket.next('error');
    expect(JSON.stringify(answer.payload)).toMatch(/waiting for a leader|ACCOUNT_PENDING/);
    socket.close();
  });
});

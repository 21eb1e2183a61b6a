/**
 * The audit log admins read: invitations made and revoked, and app-role changes whichever way
 * they are made (Members screen, Data API; the admin CLI is in cli/admin.test.ts), each with who,
 * what and when; refused changes leave no entry.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { WireAuditEntry } from '@scout/protocol/members';
import { callRest } from '../../test/rest.ts';
import { bearer } from '../../test/storage.ts';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';

describe.each(embeddedStore)('the audit log (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());
  const pid = () => t.deps.config.projectId;
  const call = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    auth: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url: `/api/members/${pid()}${url}`,
      headers: { authorization: auth },
      ...(payload ? { payload } : {}),
    });
  const entries = async (admin: string): Promise<WireAuditEntry[]> => {
    const res = await call('GET', '/audit', admin);
    expect(res.statusCode).toBe(200);
    return res.json().entries;
  };
  const token = (auth: string) => auth.replace(/^Bearer /, '');

  it('records invitations made and revoked, by whom and when', async () => {
    t = await buildTestApp({ store: kind, config: { signupMode: 'invite' } });
    const admin = await bearer(t, 'ada', 'admin');
    const leader = await bearer(t, 'lee', 'leader');
    const made = await call('POST', '/invitations', leader, {
      email: 'robin@troop12.org',
      expiresInDays: 3,
    });
    expect(made.statusCode).toBe(200);
    const id = made.json().invitation.id;
    t.clock.advance(60_000);
    expect((await call('DELETE', `/invitations/${id}`, leader)).statusCode).toBe(200);

    const log = await entries(admin);
    expect(log.map((e) => e.action)).toEqual(['invitation.revoked', 'invitation.created']);
    const [revoked, created] = log;
    expect(created).toMatchObject({
      actorId: 'lee',
      targetId: id,
      details: { email: 'robin@troop12.org', maxUses: 1, expiresInDays: 3 },
    });
    // Both entries say which invitation, in words a person reads: for whom, by whom, when.
    const invitation = {
      email: 'robin@troop12.org',
      maxUses: 1,
      createdBy: 'lee',
      createdAt: created!.at,
    };
    expect(revoked).toMatchObject({ actorId: 'lee', targetId: id, invitation });
    expect(created).toMatchObject({ invitation });
    expect(Date.parse(revoked!.at) - Date.parse(created!.at)).toBe(60_000);
  });

  // Entries are listed newest first; the clock moves between changes so the order is theirs.
  it('records role changes on the Members screen and through the Data API, not refused ones', async () => {
    t = await buildTestApp({ store: kind });
    const admin = await bearer(t, 'ada', 'admin');
    const member = await bearer(t, 'mo', 'user');
    await bearer(t, 'pat', 'user');

    expect((await call('PATCH', '/mo', admin, { role: 'leader' })).statusCode).toBe(200);
    t.clock.advance(1000);
    const viaRows = await callRest(t, 'PATCH', 'users?id=eq.pat', {
      token: token(admin),
      body: { role: 'leader' },
    });
    expect(viaRows.json()).toEqual([expect.objectContaining({ id: 'pat', role: 'leader' })]);
    t.clock.advance(1000);
    // The same role again, or other fields only, change no role: nothing to record.
    await callRest(t, 'PATCH', 'users?id=eq.pat', {
      token: token(admin),
      body: { role: 'leader' },
    });
    await callRest(t, 'PATCH', 'users?id=eq.pat', {
      token: token(admin),
      body: { display_name: 'Pat Scoutmaster' },
    });
    // Refused: a member giving themself a role, an unknown role, a leader on the Members screen.
    expect(
      (
        await callRest(t, 'PATCH', 'users?id=eq.mo', {
          token: token(member),
          body: { role: 'admin' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await callRest(t, 'PATCH', 'users?id=eq.pat', {
          token: token(admin),
          body: { role: 'chief' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call('PATCH', '/pat', await bearer(t, 'lee', 'leader'), { role: 'admin' })).statusCode,
    ).toBe(403);
    // The last admin stays one, whichever way: nothing changes, nothing is recorded.
    const lastAdmin = await callRest(t, 'PATCH', 'users?id=eq.ada', {
      token: token(admin),
      body: { role: 'user' },
    });
    expect(lastAdmin.statusCode).toBe(409);
    expect(
      (await callRest(t, 'DELETE', 'users?id=eq.ada', { token: token(admin) })).statusCode,
    ).toBe(409);
    const removed = await callRest(t, 'DELETE', 'users?id=eq.pat', { token: token(admin) });
    expect(removed.json()).toEqual([expect.objectContaining({ id: 'pat' })]);

    const log = await entries(admin);
    expect(log.map((e) => [e.action, e.actorId, e.targetId, e.details]).reverse()).toEqual([
      ['member.role_changed', 'ada', 'mo', { from: 'user', to: 'leader' }],
      ['member.role_changed', 'ada', 'pat', { from: 'user', to: 'leader', via: 'data-api' }],
      ['member.removed', 'ada', 'pat', { email: 'pat@example.org', via: 'data-api' }],
    ]);
  });
});

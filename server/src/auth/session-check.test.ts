/**
 * An access token stops working, or changes its powers, as soon as its account does: deletion,
 * a new role, a password change, signing out everywhere (auth/session-check.ts).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { setUserRole } from '../admin/users.ts';
import { buildTestApp, sharedTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { checkSession, SESSION_CHECK_TTL_MS } from './session-check.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { bearer, signIn, signUp } from '../../test/auth.ts';

describe.each(testStoreKinds)('tokens follow their account (%s)', (kind) => {
  // Two tests sign up the same chair: each starts on an empty store.
  const t = sharedTestApp({ store: kind, empty: true });

  const sql = (session: SessionResponse) =>
    t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/sql`,
      headers: bearer(session.access_token),
      payload: { query: 'SELECT 1 AS one' },
    });
  const events = (session: SessionResponse) =>
    t.app.inject({
      url: `/api/db/${t.deps.config.projectId}/rest/v1/calendar_events`,
      headers: bearer(session.access_token),
    });

  it('a demoted admin loses admin powers at once, with the token already issued', async () => {
    const admin = await signUp(t, { email: 'chair@troop12.org' });
    await setUserRole(t.deps.store, 'chair@troop12.org', 'admin', t.clock.now());
    expect((await sql(admin)).statusCode).toBe(200);
    await setUserRole(t.deps.store, 'chair@troop12.org', 'user', t.clock.now());
    expect((await sql(admin)).statusCode).toBe(403);
  });

  it("a deleted account's token is refused everywhere", async () => {
    const gone = await signUp(t, { email: 'gone@troop12.org' });
    const chair = await signUp(t, { email: 'chair@troop12.org' });
    await setUserRole(t.deps.store, 'chair@troop12.org', 'admin', t.clock.now());
    expect((await events(gone)).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/db/${t.deps.config.projectId}/rest/v1/users?id=eq.${gone.user.id}`,
      headers: bearer(chair.access_token),
    });
    expect(deleted.statusCode).toBe(200);
    expect((await events(gone)).statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/rest/v1/notes`,
      headers: bearer(gone.access_token),
      payload: { text: 'still here?' },
    });
    expect(write.statusCode).toBe(401);
    const publish = await t.app.inject({
      method: 'POST',
      url: `/api/realtime/${t.deps.config.projectId}/publish`,
      headers: bearer(gone.access_token),
      payload: { channel: 'troop-12', type: 'chat', data: 'boo' },
    });
    expect(publish.statusCode).toBe(401);
  });

  it('a change made by another process is seen within two seconds', async () => {
    const member = await signUp(t, { email: 'lee@troop12.org' });
    const { user } = member;
    expect(await checkSession(t.deps.store, user.id, undefined, FIRST_TROOP_ID, 0)).toEqual({
      ok: true,
      role: 'user',
      status: 'active',
    });
    // Written straight to the database, as another server process or the admin CLI would.
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = ?", [user.id]);
    expect(
      await checkSession(
        t.deps.store,
        user.id,
        undefined,
        FIRST_TROOP_ID,
        SESSION_CHECK_TTL_MS - 1,
      ),
    ).toEqual({
      ok: true,
      role: 'user',
      status: 'active',
    });
    expect(
      await checkSession(
        t.deps.store,
        user.id,
        undefined,
        FIRST_TROOP_ID,
        SESSION_CHECK_TTL_MS + 1,
      ),
    ).toEqual({
      ok: true,
      role: 'leader',
      status: 'active',
    });
    await t.deps.store.query('DELETE FROM users WHERE id = ?', [user.id]);
    expect(
      await checkSession(
        t.deps.store,
        user.id,
        undefined,
        FIRST_TROOP_ID,
        3 * SESSION_CHECK_TTL_MS,
      ),
    ).toEqual({
      ok: false,
      reason: 'account',
    });
  });

  it("a password change ends the other sessions' access tokens, and keeps the caller's", async () => {
    const laptop = await signUp(t, { email: 'pat@troop12.org', password: 'campfire-2026' });
    const phone = (await signIn(t, 'pat@troop12.org', 'campfire-2026')).json<SessionResponse>();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/change',
      headers: bearer(laptop.access_token),
      payload: { oldPassword: 'campfire-2026', newPassword: 'new-campfire-2026' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await events(phone)).statusCode).toBe(401);
    expect((await events(laptop)).statusCode).toBe(200);
  });

  it('signing out everywhere ends every access token of the member', async () => {
    const laptop = await signUp(t, { email: 'sam@troop12.org', password: 'campfire-2026' });
    const phone = (await signIn(t, 'sam@troop12.org', 'campfire-2026')).json<SessionResponse>();
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signout',
      headers: bearer(laptop.access_token),
    });
    expect(out.statusCode).toBe(200);
    expect((await events(phone)).statusCode).toBe(401);
    expect((await events(laptop)).statusCode).toBe(401);
    // Signing out again with a token whose session has ended changes nothing and is no error.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/signout',
          headers: bearer(laptop.access_token),
        })
      ).statusCode,
    ).toBe(200);
  });
});

describe('GET /api/auth/roles', () => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('serves the roles configuration in use', async () => {
    t = await buildTestApp({
      config: {
        roles: {
          defaultRole: 'member',
          roles: {
            member: { permissions: [] },
            chair: { permissions: ['*'], inherit: ['member'] },
          },
        },
      },
    });
    const res = await t.app.inject({ url: `/api/auth/roles?projectId=${t.deps.config.projectId}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      defaultRole: 'member',
      roles: { member: { permissions: [] }, chair: { permissions: ['*'], inherit: ['member'] } },
    });
    expect((await t.app.inject({ url: '/api/auth/roles?projectId=other' })).statusCode).toBe(404);
  });

  it('serves the rules of the declared tables, so buttons follow them; not made tables nor storage', async () => {
    const roles = {
      defaultRole: 'member',
      roles: { member: { permissions: [] }, chair: { permissions: ['calendar.plan'] } },
      tables: {
        calendar_events: { update: 'owner', delete: ['owner', 'calendar.plan'] },
        patrol_log: { read: 'signed-in' },
      },
      storage: { minutes: { read: 'signed-in', write: 'calendar.plan' } },
    };
    t = await buildTestApp({ config: { roles } });
    const res = await t.app.inject({ url: `/api/auth/roles?projectId=${t.deps.config.projectId}` });
    expect(res.json()).toEqual({
      defaultRole: 'member',
      roles: roles.roles,
      tables: { calendar_events: { update: 'owner', delete: ['owner', 'calendar.plan'] } },
    });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { SERVICE_KEY, bearer, serviceKeys } from '../../test/storage.ts';

describe.each(testStoreKinds)('members (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const list = (auth?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/members/${t.deps.config.projectId}`,
      headers: auth ? { authorization: auth } : {},
    });
  const setRole = (auth: string, userId: string, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/members/${t.deps.config.projectId}/${userId}`,
      headers: { authorization: auth },
      payload: payload as object,
    });

  const start = async () => {
    t = await buildTestApp({ store: kind, deps: { serviceKeys } });
    return {
      admin: await bearer(t, 'ada', 'admin'),
      leader: await bearer(t, 'lee', 'leader'),
      member: await bearer(t, 'mo', 'user'),
    };
  };

  it('lists every member for leaders and admins; members and strangers are refused', async () => {
    const auth = await start();
    await t.deps.store.query(`UPDATE users SET display_name = ?, metadata = ? WHERE id = ?`, [
      'Mo Parent',
      JSON.stringify({ troopRole: 'Parent' }),
      'mo',
    ]);
    const seen = await list(auth.leader);
    expect(seen.statusCode).toBe(200);
    const members = seen.json().members as Array<Record<string, unknown>>;
    expect(members.map((m) => m.id).sort()).toEqual(['ada', 'lee', 'mo']);
    expect(members.find((m) => m.id === 'mo')).toMatchObject({
      email: 'mo@example.org',
      displayName: 'Mo Parent',
      troopRole: 'Parent',
      role: 'user',
      emailVerified: expect.any(Boolean),
    });
    expect(JSON.stringify(members)).not.toMatch(/password|hash/i);
    expect((await list(auth.admin)).statusCode).toBe(200);
    expect((await list(`Bearer ${SERVICE_KEY}`)).statusCode).toBe(200);
    expect((await list(auth.member)).statusCode).toBe(403);
    expect((await list()).statusCode).toBe(401);
  });

  it('lets an admin change a role, at once for the member’s own token', async () => {
    const auth = await start();
    const changed = await setRole(auth.admin, 'mo', { role: 'leader' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().member).toMatchObject({ id: 'mo', role: 'leader' });
    // The member's token, issued as a plain member, now reads the list.
    expect((await list(auth.member)).statusCode).toBe(200);
  });

  it('refuses leaders and members, unknown roles and members, and demoting the last admin', async () => {
    const auth = await start();
    expect((await setRole(auth.leader, 'mo', { role: 'leader' })).statusCode).toBe(403);
    expect((await setRole(auth.member, 'mo', { role: 'admin' })).statusCode).toBe(403);
    const unknown = await setRole(auth.admin, 'mo', { role: 'scoutmaster' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Role must be one of admin, leader, user/);
    expect((await setRole(auth.admin, 'nobody', { role: 'user' })).statusCode).toBe(404);
    expect((await setRole(auth.admin, 'mo', {})).statusCode).toBe(400);
    expect((await setRole(auth.admin, 'mo', { role: 7 })).statusCode).toBe(400);

    const last = await setRole(auth.admin, 'ada', { role: 'user' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe(
      'The troop needs at least one admin: make someone else an admin first',
    );
    expect((await setRole(auth.admin, 'lee', { role: 'admin' })).statusCode).toBe(200);
    expect((await setRole(auth.admin, 'ada', { role: 'user' })).statusCode).toBe(200);
    // The demoted admin's own token lost the power at once.
    expect((await setRole(auth.admin, 'mo', { role: 'leader' })).statusCode).toBe(403);
  });
});

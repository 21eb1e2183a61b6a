/** The Data API's rules widened by the roles configuration (docs/roles.md). */
import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { addMember, callRest } from '../../test/rest.ts';

describe.each(testStoreKinds)('roles in the Data API rules (%s)', (store) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  async function troop() {
    t = await buildTestApp({ store });
    const ann = await addMember(t, 'ann');
    const bob = await addMember(t, 'bob');
    const lee = await addMember(t, 'lee');
    await t.deps.store.query("UPDATE users SET role = 'leader' WHERE id = 'lee'");
    const created = await callRest(t, 'POST', 'calendar_events', {
      token: ann.token,
      body: {
        id: 'event_1',
        eventName: 'Campout',
        eventDate: '2026-12-05',
        eventTime: '18:00',
        creatorName: 'Ann',
      },
    });
    expect(created.statusCode).toBe(201);
    return { ann, bob, lee };
  }

  it('a leader fixes and cancels any troop event; the creator keeps ownership', async () => {
    const { lee } = await troop();
    const fixed = await callRest(t, 'PATCH', 'calendar_events?id=eq.event_1', {
      token: lee.token,
      body: { eventTime: '19:00' },
    });
    expect(fixed.statusCode).toBe(200);
    expect(fixed.json()).toEqual([
      expect.objectContaining({ event_time: '19:00', user_id: 'ann' }),
    ]);
    const handedOver = await callRest(t, 'PATCH', 'calendar_events?id=eq.event_1', {
      token: lee.token,
      body: { userId: 'bob' },
    });
    expect(handedOver.statusCode).toBe(403);
    const claimed = await callRest(t, 'PATCH', 'calendar_events?id=eq.event_1', {
      token: lee.token,
      body: { userId: 'lee', eventName: 'Winter campout' },
    });
    expect(claimed.json()).toEqual([
      expect.objectContaining({ event_name: 'Winter campout', user_id: 'ann' }),
    ]);
    const removed = await callRest(t, 'DELETE', 'calendar_events?id=eq.event_1', {
      token: lee.token,
    });
    expect(removed.json()).toEqual([expect.objectContaining({ id: 'event_1' })]);
  });

  it('a plain member reads the event but cannot change or delete it', async () => {
    const { bob } = await troop();
    expect(
      (await callRest(t, 'GET', 'calendar_events?id=eq.event_1', { token: bob.token })).json(),
    ).toHaveLength(1);
    expect(
      (
        await callRest(t, 'PATCH', 'calendar_events?id=eq.event_1', {
          token: bob.token,
          body: { eventTime: '07:00' },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await callRest(t, 'DELETE', 'calendar_events?id=eq.event_1', { token: bob.token }))
        .statusCode,
    ).toBe(403);
  });

  it("a leader does not get other members' own tables or SQL", async () => {
    const { ann, lee } = await troop();
    await callRest(t, 'POST', 'notes', { token: ann.token, body: { id: 'n1', text: 'private' } });
    expect((await callRest(t, 'GET', 'notes', { token: lee.token })).json()).toEqual([]);
    const sql = await t.app.inject({
      method: 'POST',
      url: `/api/db/${t.deps.config.projectId}/sql`,
      headers: { authorization: `Bearer ${lee.token}` },
      payload: { query: 'SELECT 1' },
    });
    expect(sql.statusCode).toBe(403);
  });

  it('a role change by the member themself is refused, by PATCH of role or at sign-up', async () => {
    const { bob } = await troop();
    const self = await callRest(t, 'PATCH', 'users?id=eq.bob', {
      token: bob.token,
      body: { role: 'admin' },
    });
    expect(self.statusCode).toBe(403);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: {
        email: 'sneaky@troop12.org',
        password: 'campfire-2026',
        role: 'admin',
        projectId: t.deps.config.projectId,
      },
    });
    expect(signUp.statusCode).toBe(200);
    expect(signUp.json().user.role).toBe('user');
  });

  it('a role written into metadata, by the Data API or the profile, grants nothing', async () => {
    const { bob } = await troop();
    const claim = { role: 'admin', app_role: 'admin', troopRole: 'Scoutmaster' };
    const viaRows = await callRest(t, 'PATCH', 'users?id=eq.bob', {
      token: bob.token,
      body: { metadata: claim },
    });
    expect(viaRows.statusCode).toBe(200);
    expect(viaRows.json()).toEqual([expect.objectContaining({ id: 'bob', role: 'user' })]);
    const viaProfile = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${bob.token}` },
      payload: { metadata: claim },
    });
    expect(viaProfile.statusCode).toBe(200);
    expect(viaProfile.json().user.role).toBe('user');

    const stored = await t.deps.store.query<{ role: string }>(
      "SELECT role FROM users WHERE id = 'bob'",
    );
    expect(stored.rows).toEqual([{ role: 'user' }]);
    const asBob = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${bob.token}` },
        ...(payload ? { payload } : {}),
      });
    const pid = t.deps.config.projectId;
    expect((await asBob('GET', `/api/members/${pid}`)).statusCode).toBe(403);
    expect((await asBob('POST', `/api/db/${pid}/sql`, { query: 'SELECT 1' })).statusCode).toBe(403);
    expect(
      (await callRest(t, 'DELETE', 'calendar_events?id=eq.event_1', { token: bob.token }))
        .statusCode,
    ).toBe(403);
    expect((await callRest(t, 'GET', 'users?select=id', { token: bob.token })).json()).toEqual([
      { id: 'bob' },
    ]);
  });
});

/**
 * The troop's feed rules (settings.ts): every member reads them, the default is that youth
 * posts wait for a leader, only moderators change them, and each change is in the audit log.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { householdApp, type HouseholdApp } from '../../test/households.ts';
import { SERVICE_KEY } from '../../test/storage.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('social settings (%s)', (kind) => {
  let h: HouseholdApp;
  let admin: string, leader: string, member: string;
  const call = (auth: string | undefined, method: 'GET' | 'PUT', payload?: unknown, pid?: string) =>
    h.t.app.inject({
      method,
      url: `/api/social/${pid ?? h.t.deps.config.projectId}/settings`,
      headers: auth ? { authorization: auth } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const audit = async () =>
    (
      await h.t.app.inject({
        method: 'GET',
        url: `/api/members/${h.t.deps.config.projectId}/audit`,
        headers: { authorization: admin },
      })
    ).json().entries as { action: string; actorId: string | null; details: unknown }[];

  beforeAll(async () => {
    h = await householdApp(kind);
    admin = await h.as('settings-admin', 'admin');
    leader = await h.as('settings-leader', 'leader');
    member = await h.as('settings-member');
  });
  afterAll(async () => h?.t.close());

  it('reads the default (youth posts wait) for every member, and not for strangers', async () => {
    const res = await call(member, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ youthPostsNeedApproval: true });
    expect((await call(undefined, 'GET')).statusCode).toBe(401);
    expect((await call(member, 'GET', undefined, 'no-such-troop')).statusCode).toBe(404);
  });

  it('refuses a member who does not moderate (403) before looking at the body', async () => {
    const res = await call(member, 'PUT', { youthPostsNeedApproval: 'nope' });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().message).toMatch(/social\.moderate/);
    expect((await call(undefined, 'PUT', { youthPostsNeedApproval: false })).statusCode).toBe(401);
  });

  it('a leader turns approval off and on, each change audited; bad bodies are 400', async () => {
    expect((await call(leader, 'PUT', { youthPostsNeedApproval: 'no' })).statusCode).toBe(400);
    expect((await call(leader, 'PUT', {})).statusCode).toBe(400);
    expect((await call(leader, 'PUT', { youthPostsNeedApproval: false, more: 1 })).statusCode).toBe(
      400,
    );

    const off = await call(leader, 'PUT', { youthPostsNeedApproval: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toEqual({ youthPostsNeedApproval: false });
    expect((await call(member, 'GET')).json()).toEqual({ youthPostsNeedApproval: false });
    // Saving the same again changes nothing and logs nothing.
    expect((await call(leader, 'PUT', { youthPostsNeedApproval: false })).statusCode).toBe(200);
    h.t.clock.advance(1000);
    const on = await call(`Bearer ${SERVICE_KEY}`, 'PUT', { youthPostsNeedApproval: true });
    expect(on.statusCode, on.body).toBe(200);
    expect((await call(member, 'GET')).json()).toEqual({ youthPostsNeedApproval: true });

    const entries = (await audit()).filter((e) => e.action === 'social.settings');
    expect(entries.map((e) => [e.actorId, e.details])).toEqual([
      [null, { youthPostsNeedApproval: true }],
      ['settings-leader', { youthPostsNeedApproval: false }],
    ]);
  });
});

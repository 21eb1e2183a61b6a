/**
 * Roles and statuses are per troop (docs/decisions/065-troops.md): one account acts in each of
 * its troops with the role it holds there; approving, suspending and removing touch the troop
 * of the path only; sign-up joins the troop whose number was typed, under that troop's mode.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { bearer, me, nextAddress, PASSWORD, signIn, signUp } from '../../test/auth.ts';
import { addTroop, giveMembership, memberActionIn } from '../../test/members.ts';
import { buildTestApp, sharedTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { setUserRole } from '../admin/users.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';

const A = 'troop-12';
const B = 'troop-45';

describe.each(testStoreKinds)('memberships per troop (%s)', (kind) => {
  // Tests in open mode share one app, each on an emptied store; another mode, or a test that
  // changes the first troop (which an emptied store keeps), builds an app of its own.
  const open = sharedTestApp({
    store: kind,
    config: { projectId: A, signupMode: 'open' },
    empty: true,
  });
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function twoTroops(
    opts: { signupMode?: 'open' | 'approval' | 'invite'; ownApp?: boolean } = {},
  ) {
    const mode = opts.signupMode ?? 'open';
    let app = open;
    if (mode !== 'open' || opts.ownApp)
      app = t = await buildTestApp({ store: kind, config: { projectId: A, signupMode: mode } });
    await addTroop(app, { id: 't45', projectId: B, number: '45', signupMode: 'approval' });
    return app;
  }

  const memberships = async (app: TestApp, userId: string) =>
    (
      await app.deps.store.query<{ troop_id: string; role: string; status: string }>(
        'SELECT troop_id, role, status FROM memberships WHERE user_id = ? ORDER BY troop_id',
        [userId],
      )
    ).rows;

  const meIn = (app: TestApp, projectId: string, token: string) =>
    app.app.inject({
      method: 'GET',
      url: `/api/auth/me?projectId=${projectId}`,
      headers: bearer(token),
    });

  const membersOf = (app: TestApp, projectId: string, token: string) =>
    app.app.inject({ method: 'GET', url: `/api/members/${projectId}`, headers: bearer(token) });

  /** An admin of the troop (of it only), signed in. */
  async function adminOf(app: TestApp, troopId: string, email: string) {
    const made = await signUp(app, {
      email,
      ...(troopId === FIRST_TROOP_ID ? {} : { metadata: { troopNumber: '45' } }),
    });
    if (troopId !== FIRST_TROOP_ID) {
      await giveMembership(app, made.user.id, troopId, 'admin');
      return made;
    }
    // The first troop's role and status are the account's own columns too (memberships.ts).
    await app.deps.store.query("UPDATE users SET role = 'admin', status = 'active' WHERE id = ?", [
      made.user.id,
    ]);
    return made;
  }

  it('a leader in one troop and a parent in another acts with each role on each troop’s path', async () => {
    const app = await twoTroops();
    const pat = await signUp(app, { email: 'pat@troop12.org' });
    await setUserRole(app.deps.store, 'pat@troop12.org', 'leader', app.clock.now());
    await setUserRole(app.deps.store, 'pat@troop12.org', 'user', app.clock.now(), undefined, '45');
    expect(await memberships(app, pat.user.id)).toEqual([
      { troop_id: 't45', role: 'user', status: 'active' },
      { troop_id: FIRST_TROOP_ID, role: 'leader', status: 'active' },
    ]);
    const token = pat.access_token;
    // Leaders read the member list (members.read); parents do not.
    expect((await membersOf(app, A, token)).statusCode).toBe(200);
    expect((await membersOf(app, B, token)).statusCode).toBe(403);
    expect((await meIn(app, A, token)).json().user.role).toBe('leader');
    expect((await meIn(app, B, token)).json().user.role).toBe('user');
    // The account's own role is the first troop's, as a one-troop server's users.role was.
    const { rows } = await app.deps.store.query<{ role: string }>(
      'SELECT role FROM users WHERE id = ?',
      [pat.user.id],
    );
    expect(rows[0]?.role).toBe('leader');
  });

  it('a role given on a troop’s path is that troop’s only', async () => {
    const app = await twoTroops();
    const admin = await adminOf(app, 't45', 'admin45@troop45.org');
    const sam = await signUp(app, { email: 'sam@troop12.org' });
    await giveMembership(app, sam.user.id, 't45', 'user');
    const res = await app.app.inject({
      method: 'PATCH',
      url: `/api/members/${B}/${sam.user.id}`,
      headers: bearer(admin.access_token),
      payload: { role: 'leader' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ role: 'leader', status: 'active' });
    expect(await memberships(app, sam.user.id)).toEqual([
      { troop_id: 't45', role: 'leader', status: 'active' },
      { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
    ]);
    // B's admin is nobody in A: A's member list and A's members are out of reach.
    const inA = await app.app.inject({
      method: 'PATCH',
      url: `/api/members/${A}/${sam.user.id}`,
      headers: bearer(admin.access_token),
      payload: { role: 'admin' },
    });
    expect(inA.statusCode).toBe(404);
  });

  it('approving someone in one troop leaves them waiting in the other', async () => {
    const app = await twoTroops({ signupMode: 'approval' });
    const adminA = await adminOf(app, FIRST_TROOP_ID, 'admin12@troop12.org');
    const adminB = await adminOf(app, 't45', 'admin45@troop45.org');
    const dana = await signUp(app, { email: 'dana@troop12.org' });
    expect(dana.user.status).toBe('pending');
    await giveMembership(app, dana.user.id, 't45', 'user', 'pending');

    // B's admin cannot approve in A (not a member there); A's admin approves in A only.
    expect(
      (await memberActionIn(app, A, `Bearer ${adminB.access_token}`, dana.user.id, 'approve'))
        .statusCode,
    ).toBe(404);
    const approved = await memberActionIn(
      app,
      A,
      `Bearer ${adminA.access_token}`,
      dana.user.id,
      'approve',
    );
    expect(approved.statusCode).toBe(200);
    expect(approved.json().member.status).toBe('active');
    expect(await memberships(app, dana.user.id)).toEqual([
      { troop_id: 't45', role: 'user', status: 'pending' },
      { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
    ]);
    expect((await meIn(app, B, dana.access_token)).json().user.status).toBe('pending');
    expect((await meIn(app, A, dana.access_token)).json().user.status).toBe('active');
    const listB = (await membersOf(app, B, adminB.access_token)).json<{
      members: Array<{ id: string; status: string }>;
    }>();
    expect(listB.members.find((m) => m.id === dana.user.id)?.status).toBe('pending');
  });

  it('removal from one troop keeps the account and its other troop; from its last troop, the account goes', async () => {
    const app = await twoTroops();
    const adminA = await adminOf(app, FIRST_TROOP_ID, 'admin12@troop12.org');
    const adminB = await adminOf(app, 't45', 'admin45@troop45.org');
    const lee = await signUp(app, { email: 'lee@troop12.org' });
    await giveMembership(app, lee.user.id, 't45', 'user');

    const removed = await memberActionIn(
      app,
      B,
      `Bearer ${adminB.access_token}`,
      lee.user.id,
      'remove',
    );
    expect(removed.statusCode).toBe(200);
    expect(await memberships(app, lee.user.id)).toEqual([
      { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
    ]);
    expect((await signIn(app, 'lee@troop12.org')).statusCode).toBe(200);
    expect((await meIn(app, A, lee.access_token)).statusCode).toBe(200);
    expect((await meIn(app, B, lee.access_token)).statusCode).toBe(404);

    const gone = await memberActionIn(
      app,
      A,
      `Bearer ${adminA.access_token}`,
      lee.user.id,
      'remove',
    );
    expect(gone.statusCode).toBe(200);
    expect((await me(app, lee.access_token)).statusCode).toBe(401);
    expect((await signIn(app, 'lee@troop12.org')).statusCode).toBe(401);
  });

  it('sign-up joins the troop whose number was typed, under that troop’s mode, and signs in there', async () => {
    const app = await twoTroops();
    for (const number of ['45', 'Troop 45']) {
      const session = await signUp(app, { metadata: { troopNumber: number } });
      expect(session.user.status).toBe('pending');
      expect(decodeJwt(session.access_token).pid).toBe(B);
      expect(await memberships(app, session.user.id)).toEqual([
        { troop_id: 't45', role: 'user', status: 'pending' },
      ]);
      // The account's own columns stay the defaults: it is no member of the first troop.
      expect((await meIn(app, A, session.access_token)).statusCode).toBe(404);
      expect((await me(app, session.access_token)).json().user.status).toBe('pending');
    }
    // No number, or one no troop has on an upgraded server whose troop has none: as before.
    for (const metadata of [{}, { troopNumber: '99' }]) {
      const session = await signUp(app, { metadata });
      expect(session.user.status).toBe('active');
      expect(decodeJwt(session.access_token).pid).toBe(A);
      expect(await memberships(app, session.user.id)).toEqual([
        { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
      ]);
    }
  });

  it('a number no troop has is refused, naming who to ask, once the troop has a number', async () => {
    const app = await twoTroops({ ownApp: true });
    await app.deps.store.query(
      "UPDATE troops SET number = '12', contact = 'Pat Leader (pat@troop12.org)' WHERE id = ?",
      [FIRST_TROOP_ID],
    );
    app.deps.troops.forget();
    const res = await app.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: {
        email: 'lost@troop99.org',
        password: PASSWORD,
        projectId: A,
        metadata: { troopNumber: '99' },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().message).toContain('No troop with the number 99');
    expect(res.json().message).toContain('Pat Leader (pat@troop12.org)');
    const { rows } = await app.deps.store.query('SELECT id FROM users WHERE email = ?', [
      'lost@troop99.org',
    ]);
    expect(rows).toEqual([]);
    // The troop's own number joins it.
    const ours = await signUp(app, { metadata: { troopNumber: '12' } });
    expect(await memberships(app, ours.user.id)).toEqual([
      { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
    ]);
  });

  it('an invitation joins its own troop, whatever path it is used on', async () => {
    const app = await twoTroops();
    const adminB = await adminOf(app, 't45', 'admin45@troop45.org');
    await app.deps.store.query("UPDATE troops SET signup_mode = 'invite' WHERE id = 't45'");
    app.deps.troops.forget();
    const made = await app.app.inject({
      method: 'POST',
      url: `/api/members/${B}/invitations`,
      headers: bearer(adminB.access_token),
      payload: {},
    });
    expect(made.statusCode).toBe(200);
    const token = new URL(made.json<{ url: string }>().url).searchParams.get('invite') ?? '';
    // Without the invitation, troop 45 is closed.
    const refused = await app.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: { email: 'kim@troop45.org', password: PASSWORD, metadata: { troopNumber: '45' } },
    });
    expect(refused.json()).toMatchObject({ code: 'INVITATION_REQUIRED' });
    const kim = await signUp(app, { email: 'kim@troop45.org', invitation: token });
    expect(await memberships(app, kim.user.id)).toEqual([
      { troop_id: 't45', role: 'user', status: 'active' },
    ]);
    // Listed in its troop only.
    const adminA = await adminOf(app, FIRST_TROOP_ID, 'admin12@troop12.org');
    const listA = await app.app.inject({
      method: 'GET',
      url: `/api/members/${A}/invitations`,
      headers: bearer(adminA.access_token),
    });
    expect(listA.json()).toEqual({ invitations: [] });
  });

  it('a role written through the Data API on a troop’s path is that troop’s; an account of two troops is not deleted there', async () => {
    const app = await twoTroops();
    const adminB = await adminOf(app, 't45', 'admin45@troop45.org');
    const sam = await signUp(app, { email: 'sam@troop12.org' });
    await giveMembership(app, sam.user.id, 't45', 'user');
    const patch = await app.app.inject({
      method: 'PATCH',
      url: `/api/db/${B}/rest/v1/users?id=eq.${sam.user.id}`,
      headers: { ...bearer(adminB.access_token), prefer: 'return=minimal' },
      payload: { role: 'leader' },
    });
    expect(patch.statusCode).toBeLessThan(300);
    expect(await memberships(app, sam.user.id)).toEqual([
      { troop_id: 't45', role: 'leader', status: 'active' },
      { troop_id: FIRST_TROOP_ID, role: 'user', status: 'active' },
    ]);
    const { rows } = await app.deps.store.query<{ role: string }>(
      'SELECT role FROM users WHERE id = ?',
      [sam.user.id],
    );
    expect(rows[0]?.role).toBe('user');
    const audit = await app.deps.store.query<{ troop_id: string; details: string }>(
      "SELECT troop_id, details FROM audit_log WHERE action = 'member.role_changed' AND target_id = ?",
      [sam.user.id],
    );
    expect(audit.rows.map((r) => [r.troop_id, JSON.parse(r.details)])).toEqual([
      ['t45', { from: 'user', to: 'leader', via: 'data-api' }],
    ]);
    const deleted = await app.app.inject({
      method: 'DELETE',
      url: `/api/db/${B}/rest/v1/users?id=eq.${sam.user.id}`,
      headers: bearer(adminB.access_token),
    });
    expect(deleted.statusCode).toBe(409);
    expect((await memberships(app, sam.user.id)).length).toBe(2);
  });

  it('a household invitation joins the troop of its household', async () => {
    const app = await twoTroops();
    const parent = await signUp(app, {
      email: 'parent@troop45.org',
      metadata: { troopNumber: '45' },
    });
    await giveMembership(app, parent.user.id, 't45', 'user');
    const made = await app.app.inject({
      method: 'POST',
      url: `/api/households/${B}/mine/invitations`,
      headers: bearer(parent.access_token),
      payload: { kind: 'adult' },
    });
    expect(made.statusCode).toBe(200);
    const family = new URL(made.json<{ url: string }>().url).searchParams.get('family') ?? '';
    const partner = await signUp(app, { email: 'partner@troop45.org', family });
    expect(await memberships(app, partner.user.id)).toEqual([
      { troop_id: 't45', role: 'user', status: 'active' },
    ]);
    expect(decodeJwt(partner.access_token).pid).toBe(B);
  });
});

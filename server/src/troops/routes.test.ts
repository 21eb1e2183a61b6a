/**
 * The troops routes (routes.ts): a troop's public face, the caller's troops for the app's
 * switcher, and the platform admin making a troop, on both stores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStoreKinds, type TestApp } from '../../test/test-app.ts';
import { signInAdmin } from '../../test/auth-links.ts';
import { bearer, signUp } from '../../test/auth.ts';
import { SERVICE_KEY, serviceKeys } from '../../test/storage.ts';
import { FIRST_TROOP_ID } from '../store/tenancy.ts';
import { addUnit, joinUnit } from '../../test/troops.ts';

describe.each(testStoreKinds)('troops routes (%s)', (kind) => {
  let t: TestApp;
  let admin: string;
  let member: { id: string; token: string; email: string };

  beforeAll(async () => {
    t = await buildTestApp({
      store: kind,
      config: { projectId: 'troop-12', timezone: 'America/Chicago', signupMode: 'open' },
      deps: { serviceKeys },
    });
    admin = (await signInAdmin(t)).access_token;
    const signedUp = await signUp(t);
    member = { id: signedUp.user.id, token: signedUp.access_token, email: signedUp.user.email };
  });
  afterAll(() => t.close());

  const create = (token: string | null, payload: Record<string, unknown>, projectId = 'troop-12') =>
    t.app.inject({
      method: 'POST',
      url: `/api/troops/${projectId}`,
      headers: token ? bearer(token) : {},
      payload,
    });
  const mine = (token: string, projectId = 'troop-12') =>
    t.app.inject({ method: 'GET', url: `/api/troops/${projectId}/mine`, headers: bearer(token) });

  it('shows any troop’s public face to anyone: an upgraded troop has no name; an unknown project is 404', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/troops/troop-12' });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({
      troop: {
        projectId: 'troop-12',
        kind: 'troop',
        number: null,
        name: null,
        timeZone: 'America/Chicago',
      },
    });
    const unknown = await t.app.inject({ method: 'GET', url: '/api/troops/troop-99' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
  });

  it('lets only the platform admin make a troop; its first leader, an account already, can reach it at once', async () => {
    const body = {
      projectId: 'troop-45',
      number: '45',
      name: 'Troop 45 Riverside',
      timeZone: 'America/Denver',
      signupMode: 'approval',
      contact: 'Ask Pat at the Tuesday meeting',
      leaderEmail: member.email.toUpperCase(),
    };
    expect((await create(null, body)).statusCode).toBe(401);
    // A service key may do anything in its troop, but is no platform admin.
    expect((await create(SERVICE_KEY, body)).statusCode).toBe(403);
    const refused = await create(member.token, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN' });

    const made = await create(admin, body);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({
      troop: {
        projectId: 'troop-45',
        kind: 'troop',
        number: '45',
        name: 'Troop 45 Riverside',
        timeZone: 'America/Denver',
      },
      leader: { email: member.email, outcome: 'member', userId: member.id },
    });
    const { rows } = await t.deps.store.query<{ id: string; signup_mode: string; contact: string }>(
      `SELECT id, signup_mode, contact FROM troops WHERE project_id = 'troop-45'`,
    );
    expect(rows[0]?.id).toMatch(/^t_[A-Za-z0-9_-]+$/);
    expect(rows[0]).toMatchObject({
      signup_mode: 'approval',
      contact: 'Ask Pat at the Tuesday meeting',
    });
    // A platform act: in the audit log with no troop.
    const { rows: audit } = await t.deps.store.query<{ troop_id: string | null }>(
      `SELECT troop_id FROM audit_log WHERE action = 'troop.created' AND target_id = ?`,
      [rows[0]?.id],
    );
    expect(audit).toEqual([{ troop_id: null }]);

    // Found at once by this process, and the leader acts there as a leader.
    const face = await t.app.inject({ method: 'GET', url: '/api/troops/troop-45' });
    expect(face.json()).toMatchObject({ troop: { name: 'Troop 45 Riverside' } });
    const theirs = await mine(member.token, 'troop-45');
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({
      platformAdmin: false,
      troops: [
        {
          projectId: 'troop-12',
          kind: 'troop',
          number: null,
          name: null,
          timeZone: 'America/Chicago',
          role: 'user',
          status: 'active',
        },
        {
          projectId: 'troop-45',
          kind: 'troop',
          number: '45',
          name: 'Troop 45 Riverside',
          timeZone: 'America/Denver',
          role: 'leader',
          status: 'active',
        },
      ],
    });
    // The admin of troop 12 is no member of troop 45: asking from there, they learn only their own.
    const stranger = await mine(admin, 'troop-45');
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({
      platformAdmin: true,
      troops: [expect.objectContaining({ projectId: 'troop-12', role: 'admin' })],
    });
  });

  it('lists the troops of anyone signed in to the server from a troop they are not a member of', async () => {
    await addUnit(t, { id: 't61', number: '61', projectId: 'troop-61' });
    // Signed up with troop 61's number from the server's own page: a member of 61 only.
    const newcomer = await signUp(t);
    await joinUnit(t, newcomer.user.id, 't61', 'user');
    await t.deps.store.query('DELETE FROM memberships WHERE user_id = ? AND troop_id = ?', [
      newcomer.user.id,
      FIRST_TROOP_ID,
    ]);
    const fromHome = await mine(newcomer.access_token, 'troop-12');
    expect(fromHome.statusCode, fromHome.body).toBe(200);
    expect(fromHome.json()).toEqual({
      platformAdmin: false,
      troops: [expect.objectContaining({ projectId: 'troop-61', role: 'user', status: 'active' })],
    });
    // Other routes still keep troop 12 from them, and /mine says nothing of a troop that is not.
    const face = await t.app.inject({
      method: 'GET',
      url: '/api/troops/troop-12/all',
      headers: bearer(newcomer.access_token),
    });
    expect(face.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const unknown = await mine(newcomer.access_token, 'troop-404');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND' });
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/troops/troop-61/mine' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('invites a first leader who has no account yet, to the new troop', async () => {
    const made = await create(admin, {
      projectId: 'pack_7',
      number: '7',
      name: 'Pack 7',
      leaderEmail: 'new.leader@pack7.org',
    });
    expect(made.statusCode).toBe(200);
    const { troop, leader } = made.json();
    // Settings not given are the server's.
    expect(troop).toMatchObject({ projectId: 'pack_7', timeZone: 'America/Chicago' });
    expect(leader).toEqual({
      email: 'new.leader@pack7.org',
      outcome: 'invited',
      invitationUrl: expect.stringMatching(/\/\?invite=/),
    });
    const { rows } = await t.deps.store.query<{ email: string; project_id: string }>(
      `SELECT i.email, t.project_id FROM invitations i JOIN troops t ON t.id = i.troop_id
        WHERE i.email = 'new.leader@pack7.org'`,
    );
    expect(rows).toEqual([{ email: 'new.leader@pack7.org', project_id: 'pack_7' }]);

    // The leader signs up with the link and is the new troop's leader at once, nobody else.
    const token = new URL(leader.invitationUrl).searchParams.get('invite');
    const signUp = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email, password: 'campfire-2026', projectId: 'pack_7', invitation: token },
      });
    expect((await signUp('someone.else@pack7.org')).json().code).toBe('INVITATION_INVALID');
    const joined = await signUp('new.leader@pack7.org');
    expect(joined.statusCode, joined.body).toBe(200);
    const theirs = await mine(joined.json().access_token, 'pack_7');
    expect(theirs.json().troops).toEqual([
      expect.objectContaining({ projectId: 'pack_7', role: 'leader', status: 'active' }),
    ]);
  });

  it('refuses a project id that is taken, the configured one, or not letters, digits, - and _', async () => {
    const troop = { number: '3', name: 'Troop 3' };
    for (const [projectId, status] of [
      ['troop-45', 409],
      ['troop-12', 409],
      ['troop/3', 400],
      ['troop 3', 400],
      ['', 400],
      ['x'.repeat(65), 400],
    ] as const) {
      const res = await create(admin, { ...troop, projectId });
      expect(res.statusCode, projectId).toBe(status);
      expect(res.json().code, projectId).toBe(status === 409 ? 'CONFLICT' : 'VALIDATION_ERROR');
    }
  });

  it('refuses bad settings with a 400 that says which', async () => {
    const ok = { projectId: 'troop-3', number: '3', name: 'Troop 3' };
    for (const [change, words] of [
      [{ timeZone: 'Mars/Olympus' }, 'IANA'],
      [{ signupMode: 'lottery' }, 'sign-up mode'],
      [{ name: '  ' }, 'troop name is required'],
      [{ number: undefined }, 'troop number is required'],
      [{ leaderEmail: 'not an address' }, 'valid email'],
      [{ contact: 'x'.repeat(301) }, 'at most 300'],
      [{ troopId: 't_mine' }, 'troopId'],
    ] as const) {
      const res = await create(admin, { ...ok, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
      expect(res.body, JSON.stringify(change)).toContain(words);
    }
    const { rows } = await t.deps.store.query(`SELECT id FROM troops WHERE project_id = 'troop-3'`);
    expect(rows).toEqual([]);
  });

  it('makes the admin of another troop no platform admin', async () => {
    await addUnit(t, { id: 't88', number: '88', projectId: 'troop-88' });
    await joinUnit(t, member.id, 't88', 'admin');
    const res = await create(
      member.token,
      { projectId: 'troop-89', number: '89', name: 'Troop 89' },
      'troop-88',
    );
    expect(res.statusCode).toBe(403);
  });

  it('lists the troops of one still waiting for approval, and answers 401 signed out', async () => {
    const waiting = await signUp(t);
    await joinUnit(t, waiting.user.id, FIRST_TROOP_ID, 'user', 'pending');
    const res = await mine(waiting.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json().troops).toEqual([
      expect.objectContaining({ projectId: 'troop-12', role: 'user', status: 'pending' }),
    ]);
    const signedOut = await t.app.inject({ method: 'GET', url: '/api/troops/troop-12/mine' });
    expect(signedOut.statusCode).toBe(401);
    // A service key is nobody: it belongs to no troops of its own.
    expect((await mine(SERVICE_KEY)).statusCode).toBe(403);
  });
});

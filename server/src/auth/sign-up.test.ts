import { describe, expect, it } from 'vitest';
import { decodeProtectedHeader, decodeJwt } from 'jose';
import type { SessionResponse } from '@scout/protocol/auth';
import { buildTestApp, sharedTestApp, testStoreKinds } from '../../test/test-app.ts';
import { PASSWORD, me, nextAddress, signUp } from '../../test/auth.ts';
import { bearer } from '../../test/storage.ts';
import { createAccount } from './create-account.ts';

describe.each(testStoreKinds)('POST /api/auth/signup (%s)', (kind) => {
  // Every test makes its own accounts: the fixed addresses below are each taken by one test.
  const t = sharedTestApp({ store: kind });

  const post = (payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      remoteAddress: nextAddress(),
      payload: payload as object,
    });

  it('answers a complete user and a token pair, with the email trimmed and lower-cased', async () => {
    const res = await post({
      email: '  Ada.Lovelace@Troop12.ORG ',
      password: PASSWORD,
      displayName: 'Ada Lovelace',
      projectId: 'scout-troop',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<SessionResponse>();
    expect(body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
    });
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const now = new Date(t.clock.now()).toISOString();
    expect(body.user).toEqual({
      id: expect.any(String),
      email: 'ada.lovelace@troop12.org',
      displayName: 'Ada Lovelace',
      avatarUrl: null,
      role: 'user',
      metadata: '{}',
      emailVerified: false,
      createdAt: now,
      lastSignInAt: now,
      status: 'active',
    });
    expect(decodeProtectedHeader(body.access_token).alg).toBe('HS256');
    const claims = decodeJwt(body.access_token);
    expect(claims).toMatchObject({
      sub: body.user.id,
      role: 'user',
      pid: 'scout-troop',
      email: 'ada.lovelace@troop12.org',
    });
    expect(claims.exp! - claims.iat!).toBe(900);
    expect((await me(t, body.access_token)).json()).toEqual({ user: body.user });
  });

  it('stores an argon2id hash of the password, never the password', async () => {
    const { user } = await signUp(t);
    const { rows } = await t.deps.store.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE id = ?',
      [user.id],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(rows[0]?.password_hash).not.toContain(PASSWORD);
  });

  it('never lets the caller choose a role', async () => {
    const session = await signUp(t, { role: 'admin', metadata: { troopRole: 'Scoutmaster' } });
    expect(session.user.role).toBe('user');
    expect(JSON.parse(session.user.metadata)).toEqual({ troopRole: 'Scoutmaster' });
    expect(decodeJwt(session.access_token).role).toBe('user');
    expect((await me(t, session.access_token)).json().user.role).toBe('user');
  });

  it('gives every new account the configured default role: sign-up, invitation and provider', async () => {
    const roles = {
      defaultRole: 'member',
      roles: {
        admin: { permissions: ['*'] },
        leader: { permissions: ['members.approve'], inherit: ['member'] },
        member: { permissions: [] },
      },
    };
    // Apps of their own: the configuration is not the suite's.
    const open = await buildTestApp({ store: kind, config: { roles } });
    const invite = await buildTestApp({ store: kind, config: { roles, signupMode: 'invite' } });
    try {
      const session = await signUp(open, { role: 'admin' });
      expect(session.user.role).toBe('member');
      expect(decodeJwt(session.access_token).role).toBe('member');
      expect((await me(open, session.access_token)).json().user.role).toBe('member');
      const viaProvider = await createAccount(
        open.deps,
        {
          email: 'provider.kid@troop12.org',
          passwordHash: null,
          displayName: null,
          avatarUrl: null,
          metadata: '{}',
        },
        { method: 'provider', provider: 'google' },
      );
      expect(viaProvider.user.role).toBe('member');

      const leader = await bearer(invite, 'lee', 'leader');
      const made = await invite.app.inject({
        method: 'POST',
        url: `/api/members/${invite.deps.config.projectId}/invitations`,
        headers: { authorization: leader },
        payload: {},
      });
      expect(made.statusCode).toBe(200);
      const invitation = new URL(made.json().url).searchParams.get('invite');
      const invited = await signUp(invite, { invitation });
      expect(invited.user).toMatchObject({ role: 'member', status: 'active' });
    } finally {
      await open.close();
      await invite.close();
    }
  });

  it('keeps unknown top-level fields as metadata, merged with the metadata sent, and drops secrets', async () => {
    const session = await signUp(t, {
      firstName: 'Robert',
      lastName: 'Baden-Powell',
      troopRole: 'Parent',
      confirmPassword: PASSWORD,
      metadata: JSON.stringify({ troopNumber: '12', troopRole: 'Scoutmaster' }),
    });
    expect(JSON.parse(session.user.metadata)).toEqual({
      firstName: 'Robert',
      lastName: 'Baden-Powell',
      troopNumber: '12',
      troopRole: 'Scoutmaster',
    });
    expect(session.user.metadata).not.toContain(PASSWORD);
    // No display name was sent: the greeting still has a name to show.
    expect(session.user.displayName).toBe('Robert Baden-Powell');
  });

  it('accepts snake_case field names and a metadata object', async () => {
    const session = await signUp(t, {
      display_name: 'Grace Hopper',
      avatar_url: '/api/storage/scout-troop/avatars/g.png',
      metadata: { troopNumber: '7' },
    });
    expect(session.user).toMatchObject({
      displayName: 'Grace Hopper',
      avatarUrl: '/api/storage/scout-troop/avatars/g.png',
    });
    expect(JSON.parse(session.user.metadata)).toEqual({ troopNumber: '7' });
  });

  it('refuses an email already taken, whatever its case, with 409 EMAIL_ALREADY_EXISTS', async () => {
    await signUp(t, { email: 'den.leader@troop12.org' });
    const res = await post({ email: 'DEN.LEADER@troop12.org', password: 'another password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      error: 'An account with this email already exists.',
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'An account with this email already exists.',
    });
  });

  it.each([
    ['no email', undefined],
    ['a number', 42],
    ['no @', 'scout.troop12.org'],
    ['no domain dot', 'scout@troop12'],
    ['a space inside', 'den leader@troop12.org'],
    ['a control character', 'scout\u0000@troop12.org'],
    ['too long', `${'a'.repeat(250)}@troop12.org`],
  ])('refuses an email with %s: 400 INVALID_EMAIL', async (_label, email) => {
    const res = await post({ email, password: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'INVALID_EMAIL',
      error: 'Please enter a valid email address.',
    });
  });

  it.each([
    ['7 characters', 'abcdefg'],
    ['257 characters', 'p'.repeat(257)],
    ['no password', undefined],
    ['a number', 12345678],
  ])('refuses a password of %s: 400 WEAK_PASSWORD', async (_label, password) => {
    const res = await post({ email: 'scout@troop12.org', password });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WEAK_PASSWORD');
    expect(typeof res.json().error).toBe('string');
  });

  it('accepts a password of exactly 8 characters', async () => {
    expect((await post({ email: 'eight@troop12.org', password: '12345678' })).statusCode).toBe(200);
  });

  it('answers 404 PROJECT_NOT_FOUND for an unknown project, and takes a missing one as this project', async () => {
    const unknown = await post({
      email: 'a@troop12.org',
      password: PASSWORD,
      projectId: 'other-troop',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('PROJECT_NOT_FOUND');
    const snake = await post({
      email: 'a@troop12.org',
      password: PASSWORD,
      project_id: 'other-troop',
    });
    expect(snake.statusCode).toBe(404);
    const missing = await post({ email: 'a@troop12.org', password: PASSWORD });
    expect(missing.statusCode).toBe(200);
  });

  it.each([
    ['an array', ['a']],
    ['a number', 5],
    ['a string that is not JSON', '{firstName:'],
    ['a JSON string of an array', '[1,2]'],
    ['over 16 KB', { note: 'x'.repeat(17 * 1024) }],
  ])('refuses metadata that is %s with a 400', async (_label, metadata) => {
    const res = await post({ email: 'meta@troop12.org', password: PASSWORD, metadata });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
  });

  it('refuses loose fields that together exceed the metadata limit', async () => {
    const res = await post({
      email: 'meta@troop12.org',
      password: PASSWORD,
      a: 'x'.repeat(9000),
      b: 'y'.repeat(9000),
    });
    expect(res.statusCode).toBe(400);
  });

  it('lists the sign-in providers, checking the project', async () => {
    const ok = await t.app.inject({
      method: 'GET',
      url: '/api/auth/providers?projectId=scout-troop',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ providers: ['email'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/providers' })).json()).toEqual({
      providers: ['email'],
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/auth/providers?projectId=nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'PROJECT_NOT_FOUND', error: 'Project not found' });
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@scout/protocol/auth';
import { buildTestApp, embeddedStore, type TestApp } from '../../test/test-app.ts';
import { bearer, me, signUp } from '../../test/auth.ts';

describe.each(embeddedStore)('GET and PATCH /api/auth/me (%s)', (kind) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  const patch = (session: SessionResponse, payload: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: bearer(session.access_token),
      payload: payload as object,
    });

  it('answers 401 in the auth error shape without a token', async () => {
    t = await buildTestApp({ store: kind });
    for (const method of ['GET', 'PATCH'] as const) {
      const res = await t.app.inject({ method, url: '/api/auth/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: 'Sign-in required',
        code: 'TOKEN_EXPIRED',
        message: 'Sign-in required',
      });
    }
  });

  it('updates display name, avatar and metadata, and nothing else', async () => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t, {
      displayName: 'Old Name',
      firstName: 'Old',
      troopNumber: '12',
      troopRole: 'Parent',
    });
    t.clock.advance(1000);
    const res = await patch(session, {
      displayName: '  New Name ',
      avatarUrl: 'https://cdn.troop12.org/avatars/new.png',
      metadata: { firstName: 'New', troopRole: 'Scoutmaster' },
      role: 'admin',
      email: 'someone.else@troop12.org',
      emailVerified: true,
      id: 'another-id',
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: SessionResponse['user'] }>();
    expect(user).toEqual({
      ...session.user,
      displayName: 'New Name',
      avatarUrl: 'https://cdn.troop12.org/avatars/new.png',
      metadata: expect.any(String),
    });
    expect(JSON.parse(user.metadata)).toEqual({
      firstName: 'New',
      troopNumber: '12',
      troopRole: 'Scoutmaster',
    });
    expect((await me(t, session.access_token)).json()).toEqual({ user });
  });

  it('accepts metadata as a JSON string, removes keys sent as null, and clears fields sent as null', async () => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t, {
      displayName: 'Someone',
      avatarUrl: 'http://example.org/a.png',
      lastName: 'Smith',
      troopNumber: '3',
    });
    const res = await patch(session, {
      metadata: JSON.stringify({ troopNumber: null, lastName: 'Jones' }),
      displayName: null,
      avatar_url: null,
    });
    expect(res.statusCode).toBe(200);
    const { user } = res.json<{ user: SessionResponse['user'] }>();
    expect(JSON.parse(user.metadata)).toEqual({ lastName: 'Jones' });
    expect(user.displayName).toBeNull();
    expect(user.avatarUrl).toBeNull();
  });

  it('accepts our own stored files as avatars', async () => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t);
    const res = await patch(session, {
      avatarUrl: '/api/storage/scout-troop/avatars/u1-1700000000.png',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.avatarUrl).toBe('/api/storage/scout-troop/avatars/u1-1700000000.png');
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:image/png;base64,AAAA'],
    ['//evil.example/a.png'],
    ['/etc/passwd'],
    ['/api/storage/../admin'],
    ['https://ok.example/a b.png'],
    [`https://cdn.example/${'a'.repeat(2048)}`],
    [42],
  ])('refuses the avatar URL %s with a 400', async (avatarUrl) => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t);
    const res = await patch(session, { avatarUrl });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect((await me(t, session.access_token)).json().user.avatarUrl).toBeNull();
  });

  it('refuses a display name that is too long or not a string, and metadata that is not an object', async () => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t);
    for (const body of [
      { displayName: 'x'.repeat(201) },
      { displayName: { first: 'A' } },
      { metadata: [1] },
      { metadata: 'nope' },
    ]) {
      const res = await patch(session, body);
      expect(res.statusCode).toBe(400);
    }
  });

  it('answers 401 USER_NOT_FOUND once the account is gone', async () => {
    t = await buildTestApp({ store: kind });
    const session = await signUp(t);
    await t.deps.store.query('DELETE FROM users WHERE id = ?', [session.user.id]);
    const res = await me(t, session.access_token);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('USER_NOT_FOUND');
    expect((await patch(session, { displayName: 'Ghost' })).json().code).toBe('USER_NOT_FOUND');
  });
});

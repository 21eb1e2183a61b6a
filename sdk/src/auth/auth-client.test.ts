import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import { ME_WAIT_TIMEOUT_MS } from '@scout/protocol/limits';
import { never, rejection } from '../../test/fake-api.ts';
import { PROJECT, T0_SECONDS, disposeWorld, newWorld } from '../../test/auth-world.ts';

afterEach(disposeWorld);

describe('sign-up, sign-in, sign-out', () => {
  it('signs up with the wire body, stores the tokens and signs the user in', async () => {
    const w = newWorld();
    const { auth } = w.open();
    await auth.ready();
    const user = await auth.signUp({
      email: 'new@troop42.test',
      password: 'long enough',
      displayName: 'New Scout',
      metadata: { troopNumber: '42' },
      troopRole: 'Parent',
    });
    expect(user.email).toBe('new@troop42.test');
    expect(w.api.requests[0]!.body).toEqual({
      email: 'new@troop42.test',
      password: 'long enough',
      displayName: 'New Scout',
      metadata: { troopNumber: '42' },
      troopRole: 'Parent',
      projectId: PROJECT,
    });
    expect(auth.getState()).toMatchObject({ isAuthenticated: true, isLoading: false, user });
    expect(w.stored()).toMatchObject({
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2_592_000,
      issued_at: T0_SECONDS,
    });
  });

  it('signs in with email and password', async () => {
    const w = newWorld();
    const { auth } = w.open();
    await auth.ready();
    const user = await auth.signInWithEmail('kim@troop42.test', 'correct horse');
    expect(w.api.requests[0]!.body).toEqual({
      email: 'kim@troop42.test',
      password: 'correct horse',
      projectId: PROJECT,
    });
    expect(auth.getState().user).toEqual(user);
  });

  it('rejects wrong credentials with the service message and stays signed out', async () => {
    const w = newWorld();
    const { auth } = w.open();
    await auth.ready();
    const err = await rejection(auth.signInWithEmail('kim@troop42.test', 'wrong'));
    expect(err).toMatchObject({
      kind: 'auth',
      code: 'INVALID_CREDENTIALS',
      message: 'Invalid email or password.',
    });
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS);
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(w.stored()).toBeNull();
  });

  it('refuses sign-up and sign-in in managed mode without calling the server', async () => {
    const w = newWorld();
    const { auth } = w.open({ mode: 'managed' });
    await auth.ready();
    expect((await rejection(auth.signUp({ email: 'a@b.co', password: 'long enough' }))).kind).toBe(
      'validation',
    );
    expect((await rejection(auth.signInWithEmail('a@b.co', 'long enough'))).kind).toBe(
      'validation',
    );
    expect(w.api.requests).toEqual([]);
  });

  it('signs out: tells the server with the bearer and refresh token, clears everything', async () => {
    const w = newWorld();
    const tokens = w.storeSession();
    const { auth } = w.open();
    await auth.ready();
    await auth.signOut();
    const [call] = w.api.calls('POST', '/api/auth/signout');
    expect(call!.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
    expect(call!.body).toEqual({ refresh_token: tokens.refresh_token });
    expect(auth.getState()).toEqual({
      user: null,
      tokens: null,
      isAuthenticated: false,
      isLoading: false,
    });
    expect(w.stored()).toBeNull();
  });

  it('signs out locally even when the server call fails', async () => {
    const w = newWorld();
    w.storeSession();
    w.api.on('POST', '/api/auth/signout', () => Promise.reject(new TypeError('fetch failed')));
    const { auth } = w.open();
    await auth.ready();
    await expect(auth.signOut()).resolves.toBeUndefined();
    expect(w.api.calls('POST', '/api/auth/signout')).toHaveLength(1);
    expect(auth.getState().isAuthenticated).toBe(false);
    expect(w.stored()).toBeNull();
  });
});

describe('me and updateMe', () => {
  it('answers the signed-in user', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth } = w.open();
    expect((await auth.me()).email).toBe('kim@troop42.test');
  });

  it('rejects with AUTH_TIMEOUT when loading has not finished after 5 s', async () => {
    vi.useFakeTimers();
    const w = newWorld();
    w.storeSession();
    w.server.meReply = never;
    const { auth } = w.open();
    const result = rejection(auth.me());
    await vi.advanceTimersByTimeAsync(ME_WAIT_TIMEOUT_MS);
    const err = await result;
    expect(err).toMatchObject({
      kind: 'auth',
      code: 'AUTH_TIMEOUT',
      userMessage: AUTH_ERROR_MESSAGES.AUTH_TIMEOUT,
    });
  });

  it('rejects with an auth error when nobody is signed in', async () => {
    const w = newWorld();
    const { auth } = w.open();
    expect((await rejection(auth.me())).kind).toBe('auth');
  });

  it('updates the profile and tells listeners', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth } = w.open();
    await auth.ready();
    const names: Array<string | null | undefined> = [];
    const unsubscribe = auth.onAuthStateChanged((s) => names.push(s.user?.displayName));
    const user = await auth.updateMe({
      displayName: 'Kim Park',
      metadata: { troopRole: 'Scoutmaster' },
    });
    unsubscribe();
    await auth.updateMe({ displayName: 'Not heard' });
    expect(w.api.calls('PATCH', '/api/auth/me')[0]!.body).toEqual({
      displayName: 'Kim Park',
      metadata: { troopRole: 'Scoutmaster' },
    });
    expect(user.displayName).toBe('Kim Park');
    expect(JSON.parse(user.metadata)).toEqual({ troopRole: 'Scoutmaster' });
    expect(names).toEqual(['Kim Lee', 'Kim Park']);
    expect(auth.getState().user?.displayName).toBe('Not heard');
  });
});

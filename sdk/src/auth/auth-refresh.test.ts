/** Keeping a session: refreshing its tokens, and following other tabs' sign-ins and sign-outs. */
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_URL, errorReply, jsonReply } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fake-auth-server.ts';
import type { AuthState } from './auth-client.ts';
import { KEY, T0_SECONDS, disposeWorld, newWorld } from '../../test/auth-world.ts';

afterEach(disposeWorld);

describe('refresh', () => {
  it('shares one refresh among concurrent callers', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth } = w.open();
    await auth.ready();
    w.clock.ms += 900_000;
    const [a, b, c] = await Promise.all([
      auth.getValidAccessToken(),
      auth.getValidAccessToken(),
      auth.getValidAccessToken(),
    ]);
    expect(w.api.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(a).toBe(b);
    expect(b).toBe(c);
    expect(a).toBe(auth.getState().tokens?.access_token);
  });

  it('shares one refresh among concurrent requests refused with TOKEN_EXPIRED', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth, http } = w.open();
    await auth.ready();
    const rejected = auth.getState().tokens!.access_token;
    w.server.access.delete(rejected);
    w.api.on('GET', '/api/things', (req) =>
      req.headers.authorization === `Bearer ${rejected}`
        ? errorReply(401, 'TOKEN_EXPIRED', 'expired')
        : jsonReply(200, []),
    );
    await Promise.all([http.get('/api/things'), http.get('/api/things')]);
    expect(w.api.calls('POST', '/api/auth/refresh')).toHaveLength(1);
    expect(w.api.calls('GET', '/api/things').map((r) => r.headers.authorization)).toEqual([
      `Bearer ${rejected}`,
      `Bearer ${rejected}`,
      `Bearer ${auth.getState().tokens!.access_token}`,
      `Bearer ${auth.getState().tokens!.access_token}`,
    ]);
  });

  it.each([
    [
      'a 401',
      () =>
        jsonReply(401, { error: 'Session expired. Please sign in again.', code: 'TOKEN_EXPIRED' }),
    ],
    ['a server error', () => errorReply(500, 'INTERNAL_ERROR', 'Internal server error')],
  ])('clears the tokens when the refresh meets %s', async (_name, reply) => {
    const w = newWorld();
    w.storeSession();
    const { auth } = w.open();
    await auth.ready();
    const seen: AuthState[] = [];
    auth.onAuthStateChanged((s) => seen.push(s));
    w.clock.ms += 900_000;
    w.server.refreshReply = reply;
    expect(await auth.getValidAccessToken()).toBeNull();
    expect(auth.getState()).toMatchObject({
      isAuthenticated: false,
      tokens: null,
      user: null,
      isLoading: false,
    });
    expect(w.stored()).toBeNull();
    expect(seen.at(-1)?.isAuthenticated).toBe(false);
  });

  it('redirects to hosted auth when the session expires and authentication is required', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth, win } = w.open({ authRequired: true });
    await auth.ready();
    w.clock.ms += 900_000;
    w.server.refreshReply = () => jsonReply(401, { error: 'expired', code: 'TOKEN_EXPIRED' });
    await auth.getValidAccessToken();
    expect(win.location.href.startsWith(`${BASE_URL}/auth?`)).toBe(true);
  });

  it('adopts tokens another tab has already refreshed instead of refreshing again', async () => {
    const w = newWorld();
    w.storeSession();
    const first = w.open();
    const second = w.open();
    await Promise.all([first.auth.ready(), second.auth.ready()]);
    w.clock.ms += 900_000;
    const fromFirst = await first.auth.getValidAccessToken();
    const fromSecond = await second.auth.getValidAccessToken();
    expect(fromSecond).toBe(fromFirst);
    expect(w.api.calls('POST', '/api/auth/refresh')).toHaveLength(1);
  });
});

describe('other tabs (storage event)', () => {
  it('signs out here when another tab removes the tokens', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth, win } = w.open();
    await auth.ready();
    w.storage.removeItem(KEY);
    win.storageChanged(KEY, null);
    expect(auth.getState()).toMatchObject({ isAuthenticated: false, user: null, tokens: null });
  });

  it('adopts tokens another tab signed in with', async () => {
    const w = newWorld();
    const { auth, win } = w.open();
    await auth.ready();
    const { user: _u, ...tokens } = w.server.session(makeUser({ email: 'other-tab@troop42.test' }));
    const raw = JSON.stringify({ ...tokens, issued_at: T0_SECONDS });
    w.storage.setItem(KEY, raw);
    const signedIn = new Promise<AuthState>((resolve) =>
      auth.onAuthStateChanged((s) => {
        if (s.isAuthenticated) resolve(s);
      }),
    );
    win.storageChanged(KEY, raw);
    const state = await signedIn;
    expect(state.user?.email).toBe('other-tab@troop42.test');
    expect(state.tokens?.access_token).toBe(tokens.access_token);
  });

  it('ignores changes to other keys and unreadable values', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth, win } = w.open();
    await auth.ready();
    win.storageChanged('blink_tokens_other-project', null);
    expect(auth.getState().isAuthenticated).toBe(true);
    win.storageChanged('unrelated', 'x');
    expect(auth.getState().isAuthenticated).toBe(true);
  });

  it('signs out when all of storage is cleared elsewhere', async () => {
    const w = newWorld();
    w.storeSession();
    const { auth, win } = w.open();
    await auth.ready();
    win.storageChanged(null, null);
    expect(auth.getState().isAuthenticated).toBe(false);
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import { ME_WAIT_TIMEOUT_MS, tokenStorageKey } from '@scout/protocol/limits';
import { ScoutError } from '../errors.ts';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply, never } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { FakeParentFrame, FakeStorage, FakeWindow } from '../../test/fake-browser.ts';
import { AuthClient, type AuthClientOptions, type AuthState } from './auth-client.ts';

const PROJECT = 'troop-42';
const KEY = tokenStorageKey(PROJECT);
const T0 = 1_700_000_000_000;
const T0_SECONDS = T0 / 1000;
const PORTAL = 'https://portal.scout.test';

/** One browser profile: an API, its storage and a clock shared by every tab opened in it. */
function world() {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const storage = new FakeStorage();
  const clock = { ms: T0, now: () => clock.ms };
  const tabs: AuthClient[] = [];
  const open = (
    options: Partial<AuthClientOptions> & { href?: string; parent?: FakeParentFrame } = {},
  ) => {
    const win = new FakeWindow(options.href ?? 'https://app.scout.test/', storage, options.parent);
    const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
    const auth = new AuthClient({
      projectId: PROJECT,
      http,
      storage,
      window: win,
      now: clock.now,
      ...options,
    });
    tabs.push(auth);
    return { auth, win, http };
  };
  /** Puts a signed-in session in storage as if an earlier page load had left it there. */
  const storeSession = (issuedAt = T0_SECONDS, over: Record<string, unknown> = {}) => {
    const { user: _u, ...tokens } = server.session(makeUser());
    storage.setItem(KEY, JSON.stringify({ ...tokens, issued_at: issuedAt, ...over }));
    return tokens;
  };
  const stored = () => {
    const raw = storage.getItem(KEY);
    return raw === null ? null : (JSON.parse(raw) as Record<string, unknown>);
  };
  return { api, server, storage, clock, open, storeSession, stored, tabs };
}

let current: ReturnType<typeof world> | undefined;
const newWorld = () => (current = world());

afterEach(() => {
  for (const tab of current?.tabs ?? []) tab.dispose();
  current = undefined;
  vi.useRealTimers();
});

const failWith = async (p: Promise<unknown>): Promise<ScoutError> => {
  try {
    await p;
  } catch (err) {
    if (err instanceof ScoutError) return err;
    throw err;
  }
  throw new Error('expected the call to fail');
};

describe('start-up: no session anywhere', () => {
  it('ends loading unauthenticated without calling the server or redirecting', async () => {
    const w = newWorld();
    const { auth, win } = w.open();
    expect(auth.getState()).toEqual({
      user: null,
      tokens: null,
      isAuthenticated: false,
      isLoading: true,
    });
    const state = await auth.ready();
    expect(state).toEqual({ user: null, tokens: null, isAuthenticated: false, isLoading: false });
    expect(w.api.requests).toEqual([]);
    expect(win.location.href).toBe('https://app.scout.test/');
  });

  it('sends the visitor to the hosted auth page when authentication is required', async () => {
    const w = newWorld();
    const { auth, win } = w.open({ authRequired: true, href: 'https://app.scout.test/calendar' });
    await auth.ready();
    const target = new URL(win.location.href);
    expect(`${target.origin}${target.pathname}`).toBe(`${BASE_URL}/auth`);
    expect(target.searchParams.get('redirect_url')).toBe('https://app.scout.test/calendar');
    expect(target.searchParams.get('project_id')).toBe(PROJECT);
  });
});

describe('start-up: stored tokens', () => {
  it('validates stored tokens with /me and signs the user in', async () => {
    const w = newWorld();
    const tokens = w.storeSession();
    const { auth } = w.open();
    const state = await auth.ready();
    expect(state.isAuthenticated).toBe(true);
    expect(state.user?.email).toBe('kim@troop42.test');
    expect(state.tokens?.access_token).toBe(tokens.access_token);
    expect(w.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/auth/me']);
    expect(w.api.requests[0]!.headers.authorization).toBe(`Bearer ${tokens.access_token}`);
  });

  it('refreshes an expired access token first and stores the new set with issued_at', async () => {
    const w = newWorld();
    const old = w.storeSession(T0_SECONDS - 2000);
    const { auth } = w.open();
    const state = await auth.ready();
    expect(w.api.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/auth/refresh',
      'GET /api/auth/me',
    ]);
    expect(w.api.requests[0]!.body).toEqual({ refresh_token: old.refresh_token });
    expect(w.api.requests[0]!.headers.authorization).toBeUndefined();
    expect(state.isAuthenticated).toBe(true);
    expect(state.tokens?.access_token).not.toBe(old.access_token);
    expect(w.stored()).toMatchObject({
      access_token: state.tokens?.access_token,
      issued_at: T0_SECONDS,
    });
  });

  it('clears a set whose refresh token has expired, without calling the server', async () => {
    const w = newWorld();
    w.storeSession(T0_SECONDS - 2_592_000 - 1);
    const { auth } = w.open();
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(w.api.requests).toEqual([]);
    expect(w.stored()).toBeNull();
  });

  it('treats a stored set without refresh_expires_in as over', async () => {
    const w = newWorld();
    w.storeSession(T0_SECONDS, { refresh_expires_in: undefined });
    const { auth } = w.open();
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(w.api.requests).toEqual([]);
    expect(w.stored()).toBeNull();
  });

  it('clears stored tokens the server refuses', async () => {
    const w = newWorld();
    w.storeSession();
    w.server.meReply = () => errorReply(401, 'UNAUTHORIZED', 'Authentication required');
    const { auth } = w.open();
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(w.stored()).toBeNull();
  });

  it('keeps stored tokens for the next load when the server cannot be reached', async () => {
    const w = newWorld();
    w.storeSession();
    w.server.meReply = () => Promise.reject(new TypeError('fetch failed'));
    const { auth } = w.open();
    const state = await auth.ready();
    expect(state).toMatchObject({ isAuthenticated: false, isLoading: false, tokens: null });
    expect(w.stored()).not.toBeNull();
  });
});

describe('start-up: tokens in the URL', () => {
  it('signs in with URL tokens, removes them from the address bar at once, and stores them', async () => {
    const w = newWorld();
    const { user: _u, ...tokens } = w.server.session(makeUser());
    const href = `https://app.scout.test/?access_token=${tokens.access_token}&refresh_token=${tokens.refresh_token}&tab=cal`;
    const { auth, win } = w.open({ href });
    expect(win.location.href).toBe('https://app.scout.test/?tab=cal');
    const state = await auth.ready();
    expect(state.isAuthenticated).toBe(true);
    expect(w.stored()).toMatchObject({
      access_token: tokens.access_token,
      refresh_token: tokens.refresh_token,
    });
  });

  it('prefers URL tokens over stored ones', async () => {
    const w = newWorld();
    w.storeSession();
    const { user: _u, ...fresh } = w.server.session(makeUser({ email: 'url@troop42.test' }));
    const { auth } = w.open({
      href: `https://app.scout.test/#access_token=${fresh.access_token}&refresh_token=${fresh.refresh_token}`,
    });
    expect((await auth.ready()).user?.email).toBe('url@troop42.test');
  });

  it('falls back to stored tokens when the URL tokens are refused, leaving storage intact', async () => {
    const w = newWorld();
    const stored = w.storeSession();
    const { auth } = w.open({
      href: 'https://app.scout.test/?access_token=forged&refresh_token=forged',
    });
    const state = await auth.ready();
    expect(state.isAuthenticated).toBe(true);
    expect(state.tokens?.access_token).toBe(stored.access_token);
  });
});

describe('start-up: parent frame', () => {
  function framedWorld(respondFrom: string) {
    const w = newWorld();
    const parent = new FakeParentFrame();
    const { user: _u, ...tokens } = w.server.session(makeUser({ email: 'framed@troop42.test' }));
    parent.onMessage = (message) => {
      if ((message as { type?: string }).type === 'BLINK_REQUEST_AUTH_TOKENS') {
        tab.win.messageFrom(respondFrom, { type: 'BLINK_AUTH_TOKENS', ...tokens });
      }
    };
    const tab = w.open({ parent, allowedParentOrigins: [PORTAL] });
    return { w, tab, parent, tokens };
  }

  it('asks the parent and signs in with tokens from an allowed origin', async () => {
    const { w, tab, parent, tokens } = framedWorld(PORTAL);
    const state = await tab.auth.ready();
    expect(parent.posted).toEqual([
      { message: { type: 'BLINK_REQUEST_AUTH_TOKENS', projectId: PROJECT }, targetOrigin: PORTAL },
    ]);
    expect(state.user?.email).toBe('framed@troop42.test');
    expect(w.stored()).toMatchObject({ access_token: tokens.access_token });
  });

  it('prefers parent-frame tokens over URL and stored tokens, and still cleans the URL', async () => {
    const w = newWorld();
    w.storeSession();
    const parent = new FakeParentFrame();
    const { user: _u, ...tokens } = w.server.session(makeUser({ email: 'framed@troop42.test' }));
    const tab = w.open({
      parent,
      allowedParentOrigins: [PORTAL],
      href: 'https://app.scout.test/?access_token=x&refresh_token=y',
    });
    parent.onMessage = () => tab.win.messageFrom(PORTAL, { type: 'BLINK_AUTH_TOKENS', ...tokens });
    expect(tab.win.location.href).toBe('https://app.scout.test/');
    expect((await tab.auth.ready()).user?.email).toBe('framed@troop42.test');
  });

  it('ignores tokens from an origin not on the allow-list', async () => {
    const { w, tab } = framedWorld('https://evil.test');
    const state = await tab.auth.ready();
    expect(state.isAuthenticated).toBe(false);
    expect(w.api.requests).toEqual([]);
    expect(w.stored()).toBeNull();
  });

  it('never asks a parent when no origin is allowed', async () => {
    const w = newWorld();
    const parent = new FakeParentFrame();
    const tab = w.open({ parent });
    await tab.auth.ready();
    expect(parent.posted).toEqual([]);
  });

  it('signs out on BLINK_AUTH_LOGOUT from an allowed parent only', async () => {
    const { w, tab } = framedWorld(PORTAL);
    await tab.auth.ready();
    tab.win.messageFrom('https://evil.test', { type: 'BLINK_AUTH_LOGOUT' });
    expect(tab.auth.getState().isAuthenticated).toBe(true);
    tab.win.messageFrom(PORTAL, { type: 'BLINK_AUTH_LOGOUT' });
    expect(tab.auth.getState()).toMatchObject({ isAuthenticated: false, user: null, tokens: null });
    expect(w.stored()).toBeNull();
  });
});

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
    const err = await failWith(auth.signInWithEmail('kim@troop42.test', 'wrong'));
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
    expect((await failWith(auth.signUp({ email: 'a@b.co', password: 'long enough' }))).kind).toBe(
      'validation',
    );
    expect((await failWith(auth.signInWithEmail('a@b.co', 'long enough'))).kind).toBe('validation');
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
    const result = failWith(auth.me());
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
    expect((await failWith(auth.me())).kind).toBe('auth');
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

/** Start-up: where a page finds its session (a parent frame, the URL, storage), or none. */
import { afterEach, describe, expect, it } from 'vitest';
import { BASE_URL, errorReply } from '../../test/fake-api.ts';
import { makeUser } from '../../test/fake-auth-server.ts';
import { FakeParentFrame } from '../../test/fake-browser.ts';
import { PORTAL, PROJECT, T0_SECONDS, disposeWorld, newWorld } from '../../test/auth-world.ts';

afterEach(disposeWorld);

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

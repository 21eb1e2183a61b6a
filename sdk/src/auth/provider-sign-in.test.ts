import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_ERROR_MESSAGES } from '@scout/protocol/errors';
import { POPUP_CLOSED_CHECK_MS, POPUP_TIMEOUT_MS, tokenStorageKey } from '@scout/protocol/limits';
import { ScoutError } from '../errors.ts';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, jsonReply } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { FakeParentFrame, FakeStorage } from '../../test/fake-browser.ts';
import { BrowserWithPopups, FakePopup } from '../../test/fake-popups.ts';
import { AuthClient, type AuthMode } from './auth-client.ts';
import { ANSWER_IN_FLIGHT_MS, AUTH_STATE_KEY } from './provider-sign-in.ts';

const PROJECT = 'troop-42';
const APP = 'https://app.scout.test';

function setUp(
  opts: { href?: string; mode?: AuthMode; inFrame?: boolean; blocked?: boolean } = {},
) {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const storage = new FakeStorage();
  const win = new BrowserWithPopups(
    opts.href ?? `${APP}/calendar`,
    storage,
    opts.inFrame ? new FakeParentFrame() : undefined,
  );
  win.blockPopups = opts.blocked ?? false;
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  const auth = new AuthClient({
    projectId: PROJECT,
    http,
    storage,
    window: win,
    ...(opts.mode ? { mode: opts.mode } : {}),
  });
  clients.push(auth);
  /** The tokens message the server's popup page posts, from the auth server's origin. */
  const answer = (popup: FakePopup, over: Record<string, unknown> = {}) => {
    const { user: _u, ...tokens } = server.session(makeUser({ email: 'jamie@troop42.test' }));
    const state = new URL(popup.url).searchParams.get('state');
    win.dispatch('message', {
      origin: BASE_URL,
      source: popup,
      data: { type: 'BLINK_AUTH_TOKENS', ...tokens, projectId: PROJECT, state, ...over },
    });
  };
  return { api, server, storage, win, auth, answer };
}

const clients: AuthClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  vi.useRealTimers();
});

const failure = async (p: Promise<unknown>): Promise<ScoutError> => {
  const err = await p.then(
    () => new Error('expected the sign-in to fail'),
    (e: unknown) => e,
  );
  if (err instanceof ScoutError) return err;
  throw err;
};

describe('signInWithProvider: the popup', () => {
  it('opens a 500 by 600 window named blink-auth at the hosted page, keeping a 32-hex state', async () => {
    const { auth, win } = setUp();
    await auth.ready();
    void auth.signInWithGoogle();
    const popup = win.popups[0];
    expect(popup).toBeDefined();
    expect(popup?.name).toBe('blink-auth');
    expect(popup?.features).toMatch(/^width=500,height=600,left=\d+,top=\d+$/);
    const url = new URL(popup?.url ?? '');
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      project_id: PROJECT,
      state: expect.stringMatching(/^[0-9a-f]{32}$/),
      mode: 'popup',
      redirect_url: APP,
      opener_origin: APP,
    });
    expect(win.sessionStorage.getItem(AUTH_STATE_KEY)).toBe(url.searchParams.get('state'));
  });

  it('carries an invitation to join to the hosted page', async () => {
    const { auth, win } = setUp();
    await auth.ready();
    void auth.signInWithProvider('council-login', { invitation: 'invite-token_1' });
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    const url = new URL(win.popups[0]?.url ?? '');
    expect(url.searchParams.get('invitation')).toBe('invite-token_1');
    expect(url.searchParams.get('provider')).toBe('council-login');
  });

  it('carries a household link to the hosted page', async () => {
    const { auth, win } = setUp();
    await auth.ready();
    void auth.signInWithProvider('google', { family: 'family-token_1' });
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    expect(new URL(win.popups[0]?.url ?? '').searchParams.get('family')).toBe('family-token_1');
  });

  it.each([
    ['signInWithMicrosoft', 'microsoft'],
    ['signInWithGitHub', 'github'],
    ['signInWithApple', 'apple'],
  ] as const)('%s names %s', async (method, provider) => {
    const { auth, win } = setUp();
    void auth[method]();
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    expect(new URL(win.popups[0]?.url ?? '').searchParams.get('provider')).toBe(provider);
  });

  it("signs in with the tokens the popup posts from the auth server's origin", async () => {
    const { auth, win, answer, storage } = setUp();
    const signingIn = auth.signInWithProvider('council-login');
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    const popup = win.popups[0]!;
    // Other pages' messages, even well-formed ones, are not believed.
    win.dispatch('message', { origin: 'https://evil.example', source: popup, data: {} });
    answer(popup);
    popup.closed = true;
    const user = await signingIn;
    expect(user.email).toBe('jamie@troop42.test');
    expect(auth.isAuthenticated()).toBe(true);
    expect(storage.getItem(tokenStorageKey(PROJECT))).toContain('access_token');
    expect(win.sessionStorage.getItem(AUTH_STATE_KEY)).toBeNull();
  });

  it('ignores a message from another origin or another window', async () => {
    vi.useFakeTimers();
    const { auth, win, server } = setUp();
    const outcome = failure(auth.signInWithGoogle());
    const popup = win.popups[0]!;
    const { user: _u, ...tokens } = server.session(makeUser());
    const state = new URL(popup.url).searchParams.get('state');
    const data = { type: 'BLINK_AUTH_TOKENS', ...tokens, projectId: PROJECT, state };
    win.dispatch('message', { origin: APP, source: popup, data });
    win.dispatch('message', { origin: BASE_URL, source: new FakePopup('x', 'y', ''), data });
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS + ANSWER_IN_FLIGHT_MS);
    expect((await outcome).code).toBe('POPUP_CANCELED');
    expect(auth.isAuthenticated()).toBe(false);
  });

  it('a state that is not the one sent: VERIFICATION_FAILED', async () => {
    const { auth, win, answer } = setUp();
    const signingIn = auth.signInWithGoogle();
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    answer(win.popups[0]!, { state: '0'.repeat(32) });
    const err = await failure(signingIn);
    expect(err.code).toBe('VERIFICATION_FAILED');
    expect(auth.isAuthenticated()).toBe(false);
  });

  it('another project id: INVALID_CREDENTIALS', async () => {
    const { auth, win, answer } = setUp();
    const signingIn = auth.signInWithGoogle();
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    answer(win.popups[0]!, { projectId: 'other-troop' });
    expect((await failure(signingIn)).code).toBe('INVALID_CREDENTIALS');
  });

  it("the server's BLINK_AUTH_ERROR, with its code and words", async () => {
    const { auth, win } = setUp();
    const signingIn = auth.signInWithGoogle();
    await vi.waitFor(() => expect(win.popups).toHaveLength(1));
    win.dispatch('message', {
      origin: BASE_URL,
      source: win.popups[0],
      data: {
        type: 'BLINK_AUTH_ERROR',
        code: 'EMAIL_ALREADY_EXISTS',
        message: 'An account with this email already exists.',
      },
    });
    const err = await failure(signingIn);
    expect(err).toMatchObject({ kind: 'auth', code: 'EMAIL_ALREADY_EXISTS' });
  });

  it('the window closed: POPUP_CANCELED at the next check, every 1000 ms', async () => {
    vi.useFakeTimers();
    const { auth, win } = setUp();
    const signingIn = auth.signInWithGoogle();
    const outcome = failure(signingIn);
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS * 3);
    win.popups[0]!.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS + ANSWER_IN_FLIGHT_MS);
    const err = await outcome;
    expect(err.code).toBe('POPUP_CANCELED');
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.POPUP_CANCELED);
  });

  it('an answer that arrives just after the window closed still signs in', async () => {
    vi.useFakeTimers();
    const { auth, win, answer } = setUp();
    const signingIn = auth.signInWithGoogle();
    const popup = win.popups[0]!;
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(POPUP_CLOSED_CHECK_MS);
    answer(popup);
    await vi.advanceTimersByTimeAsync(ANSWER_IN_FLIGHT_MS);
    expect((await signingIn).email).toBe('jamie@troop42.test');
  });

  it('a blocked window: POPUP_CANCELED at once', async () => {
    const { auth } = setUp({ blocked: true });
    expect((await failure(auth.signInWithGoogle())).code).toBe('POPUP_CANCELED');
  });

  it('no answer in 300000 ms: AUTH_TIMEOUT, and the window is closed', async () => {
    vi.useFakeTimers();
    const { auth, win } = setUp();
    const outcome = failure(auth.signInWithGoogle());
    await vi.advanceTimersByTimeAsync(POPUP_TIMEOUT_MS - 1);
    expect(win.popups[0]!.closed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).code).toBe('AUTH_TIMEOUT');
    expect(win.popups[0]!.closed).toBe(true);
  });

  it('is for headless mode only', async () => {
    const { auth, win } = setUp({ mode: 'managed' });
    await expect(auth.signInWithGoogle()).rejects.toMatchObject({ kind: 'validation' });
    expect(win.popups).toEqual([]);
  });
});

describe('signInWithProvider inside a frame: the redirect', () => {
  it('goes to the provider in redirect mode, coming back to this very page', async () => {
    const { auth, win } = setUp({ inFrame: true, href: `${APP}/calendar?view=month` });
    await auth.ready();
    void auth.signInWithGoogle();
    expect(win.popups).toEqual([]);
    const url = new URL(win.location.href);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      provider: 'google',
      mode: 'redirect',
      redirect_url: `${APP}/calendar?view=month`,
    });
    expect(win.sessionStorage.getItem(AUTH_STATE_KEY)).toBe(url.searchParams.get('state'));
  });

  it('carries an invitation to join and a household link in redirect mode too', async () => {
    const { auth, win } = setUp({ inFrame: true });
    await auth.ready();
    void auth.signInWithProvider('google', { invitation: 'invite-token_2' });
    expect(new URL(win.location.href).searchParams.get('invitation')).toBe('invite-token_2');
    void auth.signInWithProvider('google', { family: 'family-token_3' });
    expect(new URL(win.location.href).searchParams.get('family')).toBe('family-token_3');
  });
});

describe('providers and managed mode', () => {
  it('lists the providers the server offers, and email and google when it cannot be asked', async () => {
    const { auth, api } = setUp();
    api.on('GET', '/api/auth/providers', () => jsonReply(200, { providers: ['email', 'council'] }));
    expect(await auth.getProviders()).toEqual(['email', 'council']);
    api.on('GET', '/api/auth/providers', () => jsonReply(503, { error: 'down' }));
    expect(await auth.getAvailableProviders()).toEqual(['email', 'google']);
  });

  it('login() sends the browser to the hosted page with redirect_url and project_id', async () => {
    const { auth, win } = setUp({ mode: 'managed', href: `${APP}/profile` });
    await auth.ready();
    auth.login();
    expect(win.location.href).toBe(
      `${BASE_URL}/auth?redirect_url=${encodeURIComponent(`${APP}/profile`)}&project_id=${PROJECT}`,
    );
  });
});

import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_SESSION_POLL_MS, MOBILE_SESSION_TTL_SECONDS } from '@scout/protocol/limits';
import { memoryStorage } from './token-store.ts';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { AuthClient } from './auth-client.ts';
import { sha256 } from './sha256.ts';

const PROJECT = 'troop-42';
const LOOPBACK = 'http://127.0.0.1:53682/signed-in';
const clients: AuthClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
  vi.useRealTimers();
});

/** A Node app (no window): the sign-in happens in the system browser. */
function mobileApp() {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const auth = new AuthClient({
    projectId: PROJECT,
    http: new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} }),
    storage: memoryStorage(),
  });
  clients.push(auth);
  /** The server's one code, and the challenge it was made for (from the sign-in's link). */
  const issued = { code: 'c'.repeat(43), challenge: '' };
  api.on('POST', '/api/auth/mobile-session/token', (req) => {
    const body = req.body as Record<string, string>;
    const proven =
      crypto
        .createHash('sha256')
        .update(body.code_verifier ?? '')
        .digest('base64url') === issued.challenge;
    if (body.code !== issued.code || !proven || body.redirect_uri !== LOOPBACK)
      return errorReply(400, 'VERIFICATION_FAILED', 'This sign-in code is unknown');
    const { user: _u, ...t } = server.session(makeUser({ email: 'phone@troop42.test' }));
    return jsonReply(200, t);
  });
  /** What the browser hands back once the person has signed in. */
  const start = () => {
    const begun = auth.initiateMobileOAuth('google', { redirectUri: LOOPBACK });
    issued.challenge = new URL(begun.authUrl).searchParams.get('code_challenge') ?? '';
    const back = `${LOOPBACK}?code=${issued.code}&state=${begun.sessionId}`;
    return { ...begun, back };
  };
  return { api, auth, start };
}

describe('mobile sign-in', () => {
  it('initiateMobileOAuth: a link with the redirect, an S256 challenge and a state, never the verifier', () => {
    const { auth } = mobileApp();
    const { sessionId, authUrl, redirectUri } = auth.initiateMobileOAuth('google', {
      redirectUri: LOOPBACK,
    });
    expect(sessionId).toMatch(/^[0-9a-f]{64}$/);
    expect(redirectUri).toBe(LOOPBACK);
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      project_id: PROJECT,
      mode: 'mobile-session',
      redirect_uri: LOOPBACK,
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
      state: sessionId,
    });
    expect(url.searchParams.has('session_id')).toBe(false);
    expect(auth.initiateMobileOAuth('google', { redirectUri: LOOPBACK }).sessionId).not.toBe(
      sessionId,
    );
  });

  it('needs a redirect: without one there is no way back but a session id anyone could poll', () => {
    const { auth } = mobileApp();
    expect(() =>
      auth.initiateMobileOAuth('google', undefined as unknown as { redirectUri: string }),
    ).toThrow(/redirectUri/);
  });

  it('completeMobileOAuth exchanges the code with the verifier only this app holds, once', async () => {
    const { auth, api, start } = mobileApp();
    const { back, authUrl } = start();
    const user = await auth.completeMobileOAuth(back);
    expect(user.email).toBe('phone@troop42.test');
    expect(auth.isAuthenticated()).toBe(true);
    const [exchange] = api.calls('POST', '/api/auth/mobile-session/token');
    const body = exchange?.body as Record<string, string>;
    expect(body.redirect_uri).toBe(LOOPBACK);
    expect(authUrl).not.toContain(body.code_verifier);
    expect(exchange?.headers.authorization).toBeUndefined();
    // The same redirect again (replayed, or caught by another app) is not this app's any more.
    await expect(auth.completeMobileOAuth(back)).rejects.toMatchObject({
      code: 'VERIFICATION_FAILED',
    });
  });

  it('refuses a redirect it did not start, without asking the server', async () => {
    const { auth, api } = mobileApp();
    await expect(
      auth.completeMobileOAuth(`${LOOPBACK}?code=${'c'.repeat(43)}&state=${'a'.repeat(64)}`),
    ).rejects.toMatchObject({ code: 'VERIFICATION_FAILED' });
    expect(api.calls('POST', '/api/auth/mobile-session/token')).toHaveLength(0);
  });

  it("passes on the server's refusal that came back in the redirect", async () => {
    const { auth, start } = mobileApp();
    const { sessionId } = start();
    const back = `${LOOPBACK}?error=POPUP_CANCELED&error_description=Canceled&state=${sessionId}`;
    await expect(auth.completeMobileOAuth(back)).rejects.toMatchObject({
      code: 'POPUP_CANCELED',
    });
    await expect(auth.checkMobileOAuthSession(sessionId)).rejects.toMatchObject({
      code: 'POPUP_CANCELED',
    });
  });

  it('checkMobileOAuthSession: null until the redirect came back, then the user once', async () => {
    const { auth, start } = mobileApp();
    const { sessionId, back } = start();
    expect(await auth.checkMobileOAuthSession(sessionId)).toBeNull();
    await auth.completeMobileOAuth(back);
    expect((await auth.checkMobileOAuthSession(sessionId))?.email).toBe('phone@troop42.test');
    expect(await auth.checkMobileOAuthSession(sessionId)).toBeNull();
  });

  it('pollMobileOAuthSession waits for the redirect the app hands over', async () => {
    vi.useFakeTimers();
    const { auth, start, api } = mobileApp();
    const { sessionId, back } = start();
    const signedIn = auth.pollMobileOAuthSession(sessionId);
    await vi.advanceTimersByTimeAsync(MOBILE_SESSION_POLL_MS * 2);
    await auth.completeMobileOAuth(back);
    await vi.advanceTimersByTimeAsync(MOBILE_SESSION_POLL_MS);
    expect((await signedIn).email).toBe('phone@troop42.test');
    expect(api.calls('GET', '/api/auth/me')).toHaveLength(1);
  });

  it('pollMobileOAuthSession gives up with AUTH_TIMEOUT after 10 minutes', async () => {
    vi.useFakeTimers();
    const { auth, start } = mobileApp();
    const outcome = auth.pollMobileOAuthSession(start().sessionId).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MOBILE_SESSION_TTL_SECONDS * 1000);
    expect(await outcome).toMatchObject({ code: 'AUTH_TIMEOUT' });
  });
});

describe('sha256', () => {
  it('matches the platform digest across block boundaries', () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 119, 128, 300]) {
      const data = crypto.randomBytes(n);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(
        crypto.createHash('sha256').update(data).digest('hex'),
      );
    }
  });
});

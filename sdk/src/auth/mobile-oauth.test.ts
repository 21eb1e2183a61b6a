import { afterEach, describe, expect, it, vi } from 'vitest';
import { MOBILE_SESSION_POLL_MS, MOBILE_SESSION_TTL_SECONDS } from '@scout/protocol/limits';
import { memoryStorage } from './token-store.ts';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, errorReply, jsonReply } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { AuthClient } from './auth-client.ts';

const PROJECT = 'troop-42';
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
  /** The server's answers to polls, in order; the last one repeats. */
  const answers: Array<() => Response> = [];
  api.on('GET', /^\/api\/auth\/mobile-session\//, (_req, i) =>
    (answers[Math.min(i, answers.length - 1)] ?? (() => errorReply(404, 'NOT_FOUND', 'x')))(),
  );
  const tokens = () => {
    const { user: _u, ...t } = server.session(makeUser({ email: 'phone@troop42.test' }));
    return jsonReply(200, t);
  };
  return { api, auth, answers, tokens };
}

const pending = () => jsonReply(202, { status: 'pending' });

describe('mobile sign-in sessions', () => {
  it('initiateMobileOAuth: a 64-hex session id and the hosted page in mobile-session mode', () => {
    const { auth } = mobileApp();
    const { sessionId, authUrl } = auth.initiateMobileOAuth('google');
    expect(sessionId).toMatch(/^[0-9a-f]{64}$/);
    const url = new URL(authUrl);
    expect(`${url.origin}${url.pathname}`).toBe(`${BASE_URL}/auth`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      provider: 'google',
      project_id: PROJECT,
      mode: 'mobile-session',
      session_id: sessionId,
    });
    expect(auth.initiateMobileOAuth('google').sessionId).not.toBe(sessionId);
  });

  it('checkMobileOAuthSession: null while 404 or 202, then signed in with the tokens', async () => {
    const { auth, answers, tokens, api } = mobileApp();
    const { sessionId } = auth.initiateMobileOAuth('google');
    answers.push(() => errorReply(404, 'NOT_FOUND', 'No sign-in is waiting'), pending, tokens);
    expect(await auth.checkMobileOAuthSession(sessionId)).toBeNull();
    expect(await auth.checkMobileOAuthSession(sessionId)).toBeNull();
    const user = await auth.checkMobileOAuthSession(sessionId);
    expect(user?.email).toBe('phone@troop42.test');
    expect(auth.isAuthenticated()).toBe(true);
    expect(api.requests[0]?.path).toBe(`/api/auth/mobile-session/${sessionId}`);
    expect(api.requests[0]?.headers.authorization).toBeUndefined();
  });

  it('pollMobileOAuthSession asks every 2 s until the tokens come', async () => {
    vi.useFakeTimers();
    const { auth, answers, tokens, api } = mobileApp();
    answers.push(pending, pending, tokens);
    const signedIn = auth.pollMobileOAuthSession(auth.initiateMobileOAuth('google').sessionId);
    await vi.advanceTimersByTimeAsync(MOBILE_SESSION_POLL_MS * 2);
    expect((await signedIn).email).toBe('phone@troop42.test');
    expect(api.calls('GET', '/api/auth/me')).toHaveLength(1);
  });

  it('pollMobileOAuthSession gives up with AUTH_TIMEOUT after 10 minutes', async () => {
    vi.useFakeTimers();
    const { auth, answers } = mobileApp();
    answers.push(pending);
    const outcome = auth
      .pollMobileOAuthSession(auth.initiateMobileOAuth('google').sessionId)
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(MOBILE_SESSION_TTL_SECONDS * 1000);
    expect(await outcome).toMatchObject({ code: 'AUTH_TIMEOUT' });
  });
});

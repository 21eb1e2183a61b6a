import { afterEach, describe, expect, it } from 'vitest';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { FakeStorage } from '../../test/fake-browser.ts';
import { BrowserWithPopups } from '../../test/fake-popups.ts';
import { AuthClient } from './auth-client.ts';
import { AUTH_STATE_KEY } from './provider-sign-in.ts';

const PROJECT = 'troop-42';
const STATE = 'ab'.repeat(16);

const clients: AuthClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.dispose();
});

/** A page load at `query`, in a tab whose sessionStorage holds `pending` as its sign-in state. */
function load(query: (tokens: Record<string, string>) => Record<string, string>, pending?: string) {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const { user: _u, ...issued } = server.session(makeUser({ email: 'back@troop42.test' }));
  const tokens = Object.fromEntries(Object.entries(issued).map(([k, v]) => [k, String(v)]));
  const params = new URLSearchParams({ tab: 'home', ...query(tokens) });
  const win = new BrowserWithPopups(`https://app.scout.test/?${params}`, new FakeStorage());
  if (pending) win.sessionStorage.setItem(AUTH_STATE_KEY, pending);
  const auth = new AuthClient({
    projectId: PROJECT,
    http: new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} }),
    storage: win.localStorage,
    window: win,
  });
  clients.push(auth);
  return { auth, win };
}

describe('coming back from a redirect-mode sign-in', () => {
  it('signs in, and the tokens, state and project id leave the address bar at once', async () => {
    const { auth, win } = load((t) => ({ ...t, project_id: PROJECT, state: STATE }), STATE);
    // Before start-up has even asked the server who this is.
    expect(win.location.href).toBe('https://app.scout.test/?tab=home');
    const state = await auth.ready();
    expect(state.user?.email).toBe('back@troop42.test');
    expect(auth.takeRedirectError()).toBeNull();
    expect(win.sessionStorage.getItem(AUTH_STATE_KEY)).toBeNull();
  });

  it('a state this tab did not send: not signed in, VERIFICATION_FAILED', async () => {
    const { auth, win } = load(
      (t) => ({ ...t, project_id: PROJECT, state: STATE }),
      'cd'.repeat(16),
    );
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(auth.takeRedirectError()?.code).toBe('VERIFICATION_FAILED');
    expect(auth.takeRedirectError()).toBeNull();
    expect(win.location.href).toBe('https://app.scout.test/?tab=home');
  });

  it('a state where this tab started no sign-in: not signed in', async () => {
    const { auth } = load((t) => ({ ...t, project_id: PROJECT, state: STATE }));
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(auth.takeRedirectError()?.code).toBe('VERIFICATION_FAILED');
  });

  it("another project's tokens: not signed in, INVALID_CREDENTIALS", async () => {
    const { auth } = load((t) => ({ ...t, project_id: 'other', state: STATE }), STATE);
    expect((await auth.ready()).isAuthenticated).toBe(false);
    expect(auth.takeRedirectError()?.code).toBe('INVALID_CREDENTIALS');
  });

  it('the hosted page in managed mode sends no state: the tokens count', async () => {
    const { auth } = load((t) => ({ ...t, project_id: PROJECT }));
    expect((await auth.ready()).isAuthenticated).toBe(true);
  });

  it("the server's error for this tab's sign-in is kept for the app to show", async () => {
    const { auth, win } = load(
      () => ({ error: 'POPUP_CANCELED', error_description: 'Sign-in was canceled.', state: STATE }),
      STATE,
    );
    await auth.ready();
    expect(auth.takeRedirectError()).toMatchObject({ code: 'POPUP_CANCELED', kind: 'auth' });
    expect(win.location.href).toBe('https://app.scout.test/?tab=home');
  });

  it("an `error` in the address that answers nothing of ours is the page's own business", async () => {
    const { auth, win } = load(() => ({ error: 'x', state: 'y' }));
    await auth.ready();
    expect(auth.takeRedirectError()).toBeNull();
    expect(win.location.href).toContain('error=x');
  });
});

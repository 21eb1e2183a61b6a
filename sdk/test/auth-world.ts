/**
 * A browser profile for the auth client's tests: a fake API with its auth server, one storage
 * and one clock shared by every tab opened in it. `disposeWorld` after each test closes the tabs.
 */
import { vi } from 'vitest';
import { tokenStorageKey } from '@scout/protocol/limits';
import { AuthClient, type AuthClientOptions } from '../src/auth/auth-client.ts';
import { HttpClient } from '../src/http.ts';
import { BASE_URL, FakeApi } from './fake-api.ts';
import { FakeAuthServer, makeUser } from './fake-auth-server.ts';
import { FakeParentFrame, FakeStorage, FakeWindow } from './fake-browser.ts';

export const PROJECT = 'troop-42';
export const KEY = tokenStorageKey(PROJECT);
export const T0 = 1_700_000_000_000;
export const T0_SECONDS = T0 / 1000;
export const PORTAL = 'https://portal.scout.test';

/** One browser profile: an API, its storage and a clock shared by every tab opened in it. */
export function world() {
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
export const newWorld = () => (current = world());

export function disposeWorld(): void {
  for (const tab of current?.tabs ?? []) tab.dispose();
  current = undefined;
  vi.useRealTimers();
}

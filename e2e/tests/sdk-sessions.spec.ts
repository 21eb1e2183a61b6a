/**
 * Session methods of the packed SDK that need more than one request to show what they do: the
 * managed-mode `login` round trip through the server's sign-in page, `getValidToken` renewing a
 * token about to expire, and `logout` ending the session before it leaves the page. The app's
 * page is simulated in Node (support/node-window.ts); the sign-in page runs in Chromium.
 */
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { memoryStorage, NodeWindow } from '../support/node-window.ts';
import { usePackedSdk } from '../support/packed-sdk.ts';

const sdk = usePackedSdk();

const PASSWORD = 'campfire-2026';
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function newAccount(): Promise<string> {
  const email = `sessions.${stamp()}@troop214.example`;
  await sdk
    .createClient({ projectId: 'scout-troop', baseUrl: baseURL })
    .auth.signUp({ email, password: PASSWORD, displayName: 'Avery Chen' });
  return email;
}

/** An app page in managed mode: credentials are typed on the server's page only. */
function managedPage(href: string) {
  const win = new NodeWindow(href);
  const client = sdk.createClient({
    projectId: 'scout-troop',
    baseUrl: baseURL,
    mode: 'managed',
    window: win,
    storage: memoryStorage(),
    analyticsPageviews: false,
  });
  return { win, client };
}

test('login sends a managed-mode page to the server’s sign-in page, which brings it back signed in', async ({
  page,
}) => {
  const email = await newAccount();
  const back = `${baseURL}/troop-app/calendar?view=month`;
  const app = managedPage(back);
  await app.client.auth.initialize();
  // Managed mode: the app's own forms are refused, login() is the way in.
  await expect(app.client.auth.signInWithEmail(email, PASSWORD)).rejects.toMatchObject({
    kind: 'validation',
  });

  app.client.auth.login();
  const hosted = new URL(app.win.location.href);
  expect(`${hosted.origin}${hosted.pathname}`).toBe(`${baseURL}/auth`);
  expect(Object.fromEntries(hosted.searchParams)).toEqual({
    redirect_url: back,
    project_id: 'scout-troop',
  });

  // The browser goes there and signs in; the server sends it back to the app's page.
  await page.goto(hosted.toString());
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  const answer = page.waitForResponse((r) => r.url() === `${baseURL}/auth` && r.status() === 302);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  const location = (await answer).headers().location ?? '';
  expect(location.startsWith(`${back}&access_token=`)).toBe(true);

  // The page loads the SDK again at that address: signed in, the tokens out of the address.
  const returned = managedPage(location);
  const state = await returned.client.auth.initialize();
  expect(state.isAuthenticated).toBe(true);
  expect(returned.client.auth.currentUser()?.email).toBe(email);
  expect(returned.win.location.href).toBe(back);
  expect((await returned.client.auth.me()).email).toBe(email);

  // login() with an address comes back there instead.
  const other = managedPage(back);
  other.client.auth.login(`${baseURL}/troop-app/profile`);
  expect(new URL(other.win.location.href).searchParams.get('redirect_url')).toBe(
    `${baseURL}/troop-app/profile`,
  );
});

test('getValidToken renews a token within 30 s of expiry, and the server takes the new one', async () => {
  const email = await newAccount();
  let ahead = 0;
  const client = sdk.createClient({
    projectId: 'scout-troop',
    baseUrl: baseURL,
    now: () => Date.now() + ahead,
  });
  await client.auth.signInWithEmail(email, PASSWORD);
  const first = client.auth.getState().tokens;
  // Far from expiry: the token held is the valid one, nothing is renewed.
  expect(await client.auth.getValidToken()).toBe(first?.access_token);
  expect(client.auth.getState().tokens?.refresh_token).toBe(first?.refresh_token);

  // 880 s later by the client's clock, 20 s are left of the 900: too few, so it renews first.
  ahead = 880_000;
  const renewed = await client.auth.getValidToken();
  const now = client.auth.getState().tokens;
  expect(renewed).toBe(now?.access_token);
  expect(now?.refresh_token).not.toBe(first?.refresh_token);
  expect(now?.issued_at).toBeGreaterThan((first?.issued_at ?? 0) + 800);
  const me = await fetch(`${baseURL}/api/auth/me`, {
    headers: { Authorization: `Bearer ${renewed}` },
  });
  expect(me.status).toBe(200);

  // Signed out, there is no token to give.
  await client.auth.signOut();
  expect(await client.auth.getValidToken()).toBeNull();
});

test('logout ends the session on the server, then sends the page where it is told', async () => {
  const email = await newAccount();
  // Signed in elsewhere (a script, say); the page adopts those tokens.
  const elsewhere = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL });
  await elsewhere.auth.signInWithEmail(email, PASSWORD);
  const tokens = elsewhere.auth.getState().tokens;
  if (!tokens) throw new Error('signed in without tokens');
  const app = managedPage(`${baseURL}/troop-app/profile`);
  await app.client.auth.setSession(tokens);
  const access = await app.client.auth.getToken();
  await app.client.auth.logout(`${baseURL}/troop-app/goodbye`);
  expect(app.win.location.href).toBe(`${baseURL}/troop-app/goodbye`);
  expect(app.client.auth.isAuthenticated()).toBe(false);
  const me = await fetch(`${baseURL}/api/auth/me`, {
    headers: { Authorization: `Bearer ${access}` },
  });
  expect(me.status).toBe(401);
});

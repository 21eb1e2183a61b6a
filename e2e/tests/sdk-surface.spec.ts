/**
 * The SDK's public surface, as an app written for the spec's client library calls it, checked on
 * the packed package (support/packed-sdk.ts) against the running server: first that every method
 * exists, then what the methods added for that surface do.
 */
import { expect, test } from '../support/fixtures.ts';
import WebSocket from 'ws';
import { baseURL } from '../playwright.config.ts';
import { admin } from '../support/accounts.ts';
import { councilLogin } from '../support/council-login.mjs';
import { usePackedSdk } from '../support/packed-sdk.ts';
import { CHANNEL_METHODS, SURFACE, TABLE_METHODS } from '../support/sdk-surface.ts';

const sdk = usePackedSdk();

const newClient = () => sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL, WebSocket });
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

async function signedUp() {
  const client = newClient();
  const email = `surface.${stamp()}@troop214.example`;
  await client.auth.signUp({ email, password: 'campfire-2026', displayName: 'Riley Park' });
  return { client, email };
}

test('every method of the surface exists on a client from the packed SDK', () => {
  const client = newClient();
  const has = (target: unknown, m: string) =>
    typeof (target as Record<string, unknown> | undefined)?.[m] === 'function';
  const modules = client as unknown as Record<string, unknown>;
  const missing: string[] = [];
  for (const [module, methods] of Object.entries(SURFACE)) {
    for (const m of methods) if (!has(modules[module], m)) missing.push(`${module}.${m}`);
  }
  const table = client.db.table('calendarEvents');
  for (const m of TABLE_METHODS) if (!has(table, m)) missing.push(`db.<table>.${m}`);
  // A table is a property of db too, by its camelCase name, any name the app chooses.
  const db = client.db as unknown as Record<string, unknown>;
  for (const name of ['calendarEvents', 'customUsers', 'patrolGearLoans'])
    for (const m of TABLE_METHODS) if (!has(db[name], m)) missing.push(`db.${name}.${m}`);
  const channel = client.realtime.channel('surface');
  for (const m of CHANNEL_METHODS) if (!has(channel, m)) missing.push(`realtime.channel().${m}`);
  expect(missing).toEqual([]);
});

test('session views: isAuthenticated, currentUser, getToken, getValidToken, refreshToken', async () => {
  const client = newClient();
  await client.auth.initialize();
  expect(client.auth.isAuthenticated()).toBe(false);
  expect(client.auth.currentUser()).toBeNull();
  expect(await client.auth.getToken()).toBeNull();
  expect(await client.auth.getValidToken()).toBeNull();
  expect(await client.auth.refreshToken()).toBe(false);

  const { client: member, email } = await signedUp();
  expect(member.auth.isAuthenticated()).toBe(true);
  expect(member.auth.currentUser()?.email).toBe(email);
  const first = await member.auth.getToken();
  expect(first).toBe(member.auth.getState().tokens?.access_token);
  expect(await member.auth.getValidToken()).toBe(first);
  const before = member.auth.getState().tokens?.refresh_token;
  expect(await member.auth.refreshToken()).toBe(true);
  // The refresh token rotates with every refresh.
  expect(member.auth.getState().tokens?.refresh_token).not.toBe(before);
  expect((await member.auth.me()).email).toBe(email);
});

test('setSession and setToken adopt tokens from elsewhere; refused tokens leave the client signed out', async () => {
  const { client: source, email } = await signedUp();
  const tokens = source.auth.getState().tokens;
  if (!tokens) throw new Error('signed up without tokens');

  const adopted = newClient();
  const user = await adopted.auth.setSession({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_in: 900,
  });
  expect(user.email).toBe(email);
  expect(adopted.auth.isAuthenticated()).toBe(true);

  const bare = newClient();
  expect((await bare.auth.setToken(tokens.access_token)).email).toBe(email);
  expect(Array.isArray(await bare.db.table('calendarEvents').list({ limit: 1 }))).toBe(true);

  const refused = newClient();
  await expect(refused.auth.setToken('not.a.token')).rejects.toMatchObject({ kind: 'auth' });
  expect(refused.auth.isAuthenticated()).toBe(false);
});

test('recoverAuthState picks up a session another script stored', async () => {
  const { client: source, email } = await signedUp();
  const stored = new Map<string, string>();
  const storage = {
    getItem: (k: string) => stored.get(k) ?? null,
    setItem: (k: string, v: string) => void stored.set(k, v),
    removeItem: (k: string) => void stored.delete(k),
  };
  const late = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL, storage });
  await late.auth.initialize();
  expect(late.auth.isAuthenticated()).toBe(false);
  stored.set('blink_tokens_scout-troop', JSON.stringify({ ...source.auth.getState().tokens }));
  const state = await late.auth.recoverAuthState();
  expect(state.isAuthenticated).toBe(true);
  expect(late.auth.currentUser()?.email).toBe(email);
});

test('logout ends the session here; revokeAllSessions ends it on every device', async () => {
  const { client: laptop, email } = await signedUp();
  await laptop.auth.logout();
  expect(laptop.auth.isAuthenticated()).toBe(false);

  await laptop.auth.signInWithEmail(email, 'campfire-2026');
  const phone = newClient();
  await phone.auth.signInWithEmail(email, 'campfire-2026');
  const phoneAccess = phone.auth.getState().tokens?.access_token;
  const asPhone = () =>
    fetch(`${baseURL}/api/auth/me`, { headers: { Authorization: `Bearer ${phoneAccess}` } });
  expect((await asPhone()).status).toBe(200);
  await laptop.auth.revokeAllSessions();
  expect(laptop.auth.isAuthenticated()).toBe(false);
  // The phone's access token, though not expired, is refused (within seconds on every process).
  await expect.poll(async () => (await asPhone()).status).toBe(401);
  // The phone's refresh token was revoked on the server: its next refresh is refused.
  expect(await phone.auth.refreshToken()).toBe(false);
  expect(phone.auth.isAuthenticated()).toBe(false);
});

test('generate*Token give admins one-time links and refuse members', async () => {
  const { client: member, email } = await signedUp();
  await expect(member.auth.generatePasswordResetToken(email)).rejects.toMatchObject({
    status: 403,
  });

  const operator = newClient();
  await operator.auth.signInWithEmail(admin.email, admin.password);
  const reset = await operator.auth.generatePasswordResetToken(email);
  expect(reset.token).toBeTruthy();
  expect(reset.resetUrl).toContain(reset.token);
  const magic = await operator.auth.generateMagicLinkToken(email);
  expect(magic.magicUrl).toContain('magic_token=');
  const verify = await operator.auth.generateEmailVerificationToken();
  expect(verify.verifyUrl).toContain(verify.token);

  // The generated sign-in link signs a new client in, under the name existing clients call.
  const magicToken = new URL(magic.magicUrl ?? '').searchParams.get('magic_token') ?? '';
  const signedIn = newClient();
  expect((await signedIn.auth.verifyMagicLink(magicToken)).email).toBe(email);
  expect(signedIn.auth.isAuthenticated()).toBe(true);

  // The generated reset link works exactly once.
  const visitor = newClient();
  const user = await visitor.auth.confirmPasswordReset(reset.token, 'new-campfire-2026');
  expect(user?.email).toBe(email);
  await expect(
    newClient().auth.confirmPasswordReset(reset.token, 'another-2026'),
  ).rejects.toBeTruthy();
});

test('realtime: subscribe with a callback, isReady, onPresence, publish over HTTP and socket, presence, history', async () => {
  const { client } = await signedUp();
  const channel = `surface-${stamp()}`;
  const got: unknown[] = [];
  const seen: number[] = [];
  const stopPresence = client.realtime.onPresence(channel, (users) => seen.push(users.length));
  const leave = await client.realtime.subscribe(channel, (m) => got.push(m.data));
  expect(client.realtime.channel(channel).isReady()).toBe(true);

  const { client: announcer } = await signedUp();
  const id = await announcer.realtime.publishOverHttp(channel, 'notice', {
    text: 'Campout moved to 6 PM',
  });
  expect(id).toMatch(/^\d+-\d+$/);
  await expect.poll(() => got).toEqual([{ text: 'Campout moved to 6 PM' }]);
  expect(seen.at(-1)).toBe(1);

  // Over the socket, by the module's publish; presence and history over REST.
  const user = client.auth.currentUser();
  const second = await client.realtime.publish(channel, 'notice', { text: 'Bring a flashlight' });
  await expect.poll(() => got.length).toBe(2);
  expect((await client.realtime.presence(channel)).map((u) => u.userId)).toEqual([user?.id]);
  expect((await client.realtime.channel(channel).getPresence()).length).toBe(1);
  const history = await client.realtime.channel(channel).getMessages({ limit: 10 });
  expect(history.map((m) => [m.id, m.type, m.data, m.userId])).toEqual([
    [id, 'notice', { text: 'Campout moved to 6 PM' }, announcer.auth.currentUser()?.id],
    [second, 'notice', { text: 'Bring a flashlight' }, user?.id],
  ]);

  stopPresence();
  await leave();
  expect(client.realtime.channel(channel).isReady()).toBe(false);
  client.realtime.close();
});

test('hasRole and can follow the roles configuration, loaded from the server or given', async () => {
  const { client } = await signedUp();
  expect(client.auth.hasRole('user')).toBe(true);
  expect(client.auth.hasRole(['admin', 'leader'])).toBe(false);
  // No configuration known yet: nothing is allowed.
  expect(client.auth.can('events.manage')).toBe(false);
  const roles = await client.auth.loadRoles();
  expect(roles.defaultRole).toBe('user');
  expect(client.auth.can('events.manage')).toBe(false);

  const operator = sdk.createClient({ projectId: 'scout-troop', baseUrl: baseURL, WebSocket });
  await operator.auth.signInWithEmail(admin.email, admin.password);
  await operator.auth.loadRoles();
  expect(operator.auth.hasRole('admin')).toBe(true);
  expect(operator.auth.can('events.manage')).toBe(true);
  expect(operator.auth.can('anything', 'at-all')).toBe(true);

  const given = sdk.createClient({
    projectId: 'scout-troop',
    baseUrl: baseURL,
    roles: { defaultRole: 'user', roles: { user: { permissions: ['events.*'] } } },
  });
  await given.auth.signInWithEmail(client.auth.currentUser()?.email ?? '', 'campfire-2026');
  expect(given.auth.can('events.manage')).toBe(true);
  expect(given.auth.can('members.read')).toBe(false);
});

test('providers, and a mobile sign-in finished in a browser: back to the app on this device, signed in once', async ({
  page,
}) => {
  const app = newClient();
  expect(await app.auth.getProviders()).toEqual(['email', councilLogin.name]);
  expect(await app.auth.getAvailableProviders()).toEqual(['email', councilLogin.name]);
  const offline = sdk.createClient({ projectId: 'scout-troop', baseUrl: 'http://127.0.0.1:9' });
  expect(await offline.auth.getProviders()).toEqual(['email', 'google']);

  // The app listens on a loopback address of its own device (RFC 8252); here the browser's
  // request to it is answered in place, as the app's listener would.
  const redirectUri = 'http://127.0.0.1:53682/signed-in';
  await page.route(`${redirectUri}**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<h1>Back in the app</h1>' }),
  );
  const { sessionId, authUrl } = app.auth.initiateMobileOAuth(councilLogin.name, { redirectUri });
  expect(await app.auth.checkMobileOAuthSession(sessionId)).toBeNull();
  const signedIn = app.auth.pollMobileOAuthSession(sessionId, { intervalMs: 200 });

  // The system browser: the provider's page, then back to the app with a one-time code.
  const email = `mobile.${stamp()}@troop214.example`;
  await page.goto(authUrl);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${redirectUri}?**`);
  expect(page.url()).not.toMatch(/access_token|refresh_token/);
  await app.auth.completeMobileOAuth(page.url());

  expect((await signedIn).email).toBe(email);
  expect(app.auth.isAuthenticated()).toBe(true);
  // The code worked once, and only for the app that holds the verifier.
  await expect(newClient().auth.completeMobileOAuth(page.url())).rejects.toMatchObject({
    code: 'VERIFICATION_FAILED',
  });

  // The provider is this account's only way in: it cannot be unlinked.
  const methods = await app.auth.getSignInMethods();
  expect(methods).toMatchObject({
    hasPassword: false,
    identities: [{ provider: councilLogin.name }],
  });
  await expect(app.auth.unlinkIdentity(methods.identities[0]?.id ?? '')).rejects.toMatchObject({
    code: 'CONFLICT',
  });
  expect(app.auth.takeRedirectError()).toBeNull();
});

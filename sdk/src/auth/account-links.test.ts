import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_ERROR_MESSAGES, UI_MESSAGES } from '@scout/protocol/errors';
import { tokenStorageKey } from '@scout/protocol/limits';
import { HttpClient } from '../http.ts';
import { BASE_URL, FakeApi, jsonReply, rejection } from '../../test/fake-api.ts';
import { FakeAuthServer, makeUser } from '../../test/fake-auth-server.ts';
import { FakeStorage, FakeWindow } from '../../test/fake-browser.ts';
import { FakeLinkServer } from '../../test/fake-link-server.ts';
import { AuthClient, type AuthClientOptions, type AuthState } from './auth-client.ts';

const PROJECT = 'troop-42';
const KEY = tokenStorageKey(PROJECT);
const APP = 'https://app.scout.test';

const tabs: AuthClient[] = [];
afterEach(() => {
  for (const tab of tabs.splice(0)) tab.dispose();
});

function open(options: Partial<AuthClientOptions> & { href?: string; signedIn?: boolean } = {}) {
  const api = new FakeApi();
  const server = new FakeAuthServer(api);
  const links = new FakeLinkServer(api, server);
  const storage = new FakeStorage();
  if (options.signedIn) {
    const { user: _u, ...tokens } = server.session(makeUser({ emailVerified: false }));
    storage.setItem(KEY, JSON.stringify({ ...tokens, issued_at: Math.floor(Date.now() / 1000) }));
  }
  const win = new FakeWindow(options.href ?? `${APP}/`, storage);
  const http = new HttpClient({ baseUrl: BASE_URL, fetch: api.fetch, sleep: async () => {} });
  const auth = new AuthClient({ projectId: PROJECT, http, storage, window: win, ...options });
  tabs.push(auth);
  const sentSinceStart = () => api.requests.filter((r) => r.path !== '/api/auth/me');
  return { api, server, links, storage, win, auth, sentSinceStart };
}

describe('password reset', () => {
  it('asks for the reset email with the project and the page to come back to', async () => {
    const t = open({ href: `${APP}/sign-in?access_token=A` });
    await t.auth.ready();
    await t.auth.sendPasswordResetEmail('kim@troop42.test');
    await t.auth.sendPasswordResetEmail('kim@troop42.test', { redirectUrl: `${APP}/reset` });
    const calls = t.api.calls('POST', '/api/auth/password/reset');
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'kim@troop42.test', projectId: PROJECT, redirectUrl: `${APP}/sign-in` },
      { email: 'kim@troop42.test', projectId: PROJECT, redirectUrl: `${APP}/reset` },
    ]);
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('refuses a malformed address before asking the server', async () => {
    const t = open();
    await t.auth.ready();
    const err = await rejection(t.auth.sendPasswordResetEmail('not-an-email'));
    expect(err).toMatchObject({ kind: 'validation', code: 'INVALID_EMAIL', retryable: false });
    expect(err.userMessage).toBe(UI_MESSAGES.invalidEmail);
    expect(t.api.requests).toEqual([]);
  });

  it('confirms the new password with the token and the project', async () => {
    const t = open();
    t.links.reset.set('reset-1', 'kim@troop42.test');
    await t.auth.ready();
    await t.auth.confirmPasswordReset('reset-1', 'a new long password');
    const [call] = t.api.calls('POST', '/api/auth/password/reset/confirm');
    expect(call!.body).toEqual({
      token: 'reset-1',
      password: 'a new long password',
      projectId: PROJECT,
    });
    expect(call!.headers.authorization).toBeUndefined();
  });

  it('leaves the visitor signed out when the server answers only success', async () => {
    const t = open();
    t.links.reset.set('reset-1', 'kim@troop42.test');
    await t.auth.ready();
    expect(await t.auth.confirmPasswordReset('reset-1', 'a new long password')).toBeNull();
    expect(t.auth.getState().isAuthenticated).toBe(false);
    expect(t.storage.getItem(KEY)).toBeNull();
  });

  it('signs in and keeps the session when the server answers one with the success', async () => {
    const t = open();
    t.api.on('POST', '/api/auth/password/reset/confirm', () =>
      jsonReply(200, { success: true, ...t.server.session(makeUser({ emailVerified: true })) }),
    );
    await t.auth.ready();
    const seen: AuthState[] = [];
    t.auth.onAuthStateChanged((s) => seen.push(s));
    const user = await t.auth.confirmPasswordReset('reset-1', 'a new long password');
    expect(user).toMatchObject({ id: 'user-1', email: 'kim@troop42.test' });
    expect(t.auth.getState()).toMatchObject({ isAuthenticated: true, isLoading: false });
    expect(seen.at(-1)?.user?.id).toBe('user-1');
    const stored = JSON.parse(t.storage.getItem(KEY) ?? 'null') as { access_token?: string };
    expect(stored.access_token).toBe(t.auth.getState().tokens?.access_token);
    expect(stored.access_token).toBeTruthy();
  });

  it('checks the password length first and sends nothing when it is too short', async () => {
    const t = open();
    await t.auth.ready();
    const err = await rejection(t.auth.confirmPasswordReset('reset-1', 'short'));
    expect(err).toMatchObject({ kind: 'validation', code: 'WEAK_PASSWORD', retryable: false });
    expect(err.userMessage).toBe(UI_MESSAGES.passwordTooShort);
    expect(t.api.requests).toEqual([]);
  });

  it('fails with VERIFICATION_FAILED for a spent token, and for none without a request', async () => {
    const t = open();
    await t.auth.ready();
    const spent = await rejection(t.auth.confirmPasswordReset('used', 'a new long password'));
    expect(spent).toMatchObject({ code: 'VERIFICATION_FAILED', status: 400 });
    expect(spent.userMessage).toBe(AUTH_ERROR_MESSAGES.VERIFICATION_FAILED);
    const none = await rejection(t.auth.confirmPasswordReset('', 'a new long password'));
    expect(none).toMatchObject({ kind: 'auth', code: 'VERIFICATION_FAILED' });
    expect(t.api.requests).toHaveLength(1);
  });
});

describe('changePassword', () => {
  it('sends the old and new password with the bearer token', async () => {
    const t = open({ signedIn: true });
    await t.auth.ready();
    await t.auth.changePassword('correct horse', 'battery staple');
    const [call] = t.api.calls('POST', '/api/auth/password/change');
    expect(call!.body).toEqual({ oldPassword: 'correct horse', newPassword: 'battery staple' });
    expect(call!.headers.authorization).toBe(`Bearer ${t.auth.getState().tokens!.access_token}`);
  });

  it('passes on a wrong old password as the server said it', async () => {
    const t = open({ signedIn: true });
    await t.auth.ready();
    const err = await rejection(t.auth.changePassword('wrong', 'battery staple'));
    expect(err).toMatchObject({ kind: 'auth', code: 'INVALID_CREDENTIALS', status: 401 });
  });

  it('needs a session and a long enough new password before sending anything', async () => {
    const signedOut = open();
    await signedOut.auth.ready();
    expect(await rejection(signedOut.auth.changePassword('a', 'battery staple'))).toMatchObject({
      kind: 'auth',
      code: 'UNAUTHORIZED',
    });
    expect(signedOut.api.requests).toEqual([]);
    const signedIn = open({ signedIn: true });
    await signedIn.auth.ready();
    expect(await rejection(signedIn.auth.changePassword('correct horse', 'short'))).toMatchObject({
      code: 'WEAK_PASSWORD',
    });
    expect(signedIn.sentSinceStart()).toEqual([]);
  });
});

describe('email verification', () => {
  it('asks for the verification email with the bearer token and no body', async () => {
    const t = open({ signedIn: true });
    await t.auth.ready();
    await t.auth.sendEmailVerification();
    const [call] = t.api.calls('POST', '/api/auth/email/verify/send');
    expect(call!.headers.authorization).toBe(`Bearer ${t.auth.getState().tokens!.access_token}`);
    expect(call!.body).toBeUndefined();
    expect(t.links.sent).toEqual([{ kind: 'verify', email: 'kim@troop42.test' }]);
  });

  it('refuses to send one while signed out', async () => {
    const t = open();
    await t.auth.ready();
    expect((await rejection(t.auth.sendEmailVerification())).code).toBe('UNAUTHORIZED');
    expect(t.api.requests).toEqual([]);
  });

  it('verifies, then loads the user again and tells listeners it is verified', async () => {
    const t = open({ signedIn: true });
    await t.auth.ready();
    t.links.verify.set('verify-1', 'user-1');
    const seen: AuthState[] = [];
    t.auth.onAuthStateChanged((s) => seen.push(s));
    await t.auth.verifyEmail('verify-1');
    const [call] = t.api.calls('POST', '/api/auth/email/verify');
    expect(call!.body).toEqual({ token: 'verify-1', projectId: PROJECT });
    expect(t.api.calls('GET', '/api/auth/me')).toHaveLength(2);
    expect(seen.map((s) => s.user?.emailVerified)).toEqual([false, true]);
    expect(t.auth.getState().user?.emailVerified).toBe(true);
  });

  it('verifies without a session and loads no user', async () => {
    const t = open();
    await t.auth.ready();
    t.links.verify.set('verify-1', 'user-1');
    await t.auth.verifyEmail('verify-1');
    expect(t.api.requests.map((r) => r.path)).toEqual(['/api/auth/email/verify']);
    expect(t.auth.getState().isAuthenticated).toBe(false);
  });

  it('leaves the cached user as it was when verification fails', async () => {
    const t = open({ signedIn: true });
    await t.auth.ready();
    const err = await rejection(t.auth.verifyEmail('unknown'));
    expect(err.code).toBe('VERIFICATION_FAILED');
    expect(t.auth.getState().user?.emailVerified).toBe(false);
    expect(t.api.calls('GET', '/api/auth/me')).toHaveLength(1);
  });
});

describe('magic links', () => {
  it('asks for a magic link with the email, the page to come back to and the project', async () => {
    const t = open({ href: `${APP}/calendar` });
    await t.auth.ready();
    await t.auth.sendMagicLink('kim@troop42.test');
    await t.auth.sendMagicLink('kim@troop42.test', { redirectUrl: `${APP}/welcome` });
    expect(t.api.calls('POST', '/api/auth/signin/magic').map((c) => c.body)).toEqual([
      { email: 'kim@troop42.test', redirectUrl: `${APP}/calendar`, projectId: PROJECT },
      { email: 'kim@troop42.test', redirectUrl: `${APP}/welcome`, projectId: PROJECT },
    ]);
  });

  it('signs in with the token in the address, removed from it before the request', async () => {
    const t = open({ href: `${APP}/calendar?magic_token=magic-1&view=week` });
    const state = await t.auth.ready();
    expect(state.isAuthenticated).toBe(false);
    expect(t.win.location.href).toContain('magic_token=magic-1');
    let addressAtRequest = '';
    t.api.on('POST', '/api/auth/signin/magic/verify', () => {
      addressAtRequest = t.win.location.href;
      return jsonReply(200, t.server.session(makeUser({ email: 'kim@troop42.test' })));
    });
    const seen: AuthState[] = [];
    t.auth.onAuthStateChanged((s) => seen.push(s));
    const user = await t.auth.signInWithMagicLink();
    expect(addressAtRequest).toBe(`${APP}/calendar?view=week`);
    expect(t.win.replacedUrls).toEqual([`${APP}/calendar?view=week`]);
    const [call] = t.api.calls('POST', '/api/auth/signin/magic/verify');
    expect(call!.body).toEqual({ token: 'magic-1', projectId: PROJECT });
    expect(call!.headers.authorization).toBeUndefined();
    expect(user.email).toBe('kim@troop42.test');
    expect(seen.at(-1)).toMatchObject({ isAuthenticated: true, isLoading: false, user });
    const stored = JSON.parse(t.storage.getItem(KEY)!) as Record<string, unknown>;
    expect(stored).toMatchObject({
      access_token: t.auth.getState().tokens!.access_token,
      refresh_token: t.auth.getState().tokens!.refresh_token,
      refresh_expires_in: 2_592_000,
    });
  });

  it('reads a plain `token` too, and takes a token passed in over the address', async () => {
    const plain = open({ href: `${APP}/?token=magic-2` });
    plain.links.magic.set('magic-2', 'kim@troop42.test');
    await plain.auth.ready();
    await plain.auth.signInWithMagicLink();
    expect(plain.win.location.href).toBe(`${APP}/`);
    expect(plain.auth.getState().isAuthenticated).toBe(true);

    const given = open({ href: `${APP}/?magic_token=other` });
    given.links.magic.set('magic-3', 'kim@troop42.test');
    await given.auth.ready();
    await given.auth.signInWithMagicLink('magic-3');
    expect(given.api.requests.at(-1)!.body).toEqual({ token: 'magic-3', projectId: PROJECT });
  });

  it('fails with VERIFICATION_FAILED and the catalogue message when there is no token', async () => {
    const t = open({ href: `${APP}/?token=reset-1&type=reset` });
    await t.auth.ready();
    const err = await rejection(t.auth.signInWithMagicLink());
    expect(err).toMatchObject({
      kind: 'auth',
      code: 'VERIFICATION_FAILED',
      userMessage: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED,
    });
    expect(err.message).toBe(AUTH_ERROR_MESSAGES.VERIFICATION_FAILED);
    expect(t.api.requests).toEqual([]);
    expect(t.win.location.href).toBe(`${APP}/?token=reset-1&type=reset`);
  });

  it('maps an expired link to MAGIC_LINK_EXPIRED, not retryable, and stays signed out', async () => {
    const t = open();
    t.links.expiredMagic.add('old');
    await t.auth.ready();
    const err = await rejection(t.auth.signInWithMagicLink('old'));
    expect(err).toMatchObject({ code: 'MAGIC_LINK_EXPIRED', retryable: false });
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.MAGIC_LINK_EXPIRED);
    expect(t.auth.getState().isAuthenticated).toBe(false);
    expect(t.storage.getItem(KEY)).toBeNull();
  });

  it('reports RATE_LIMITED as retryable without trying again on its own', async () => {
    const t = open();
    await t.auth.ready();
    t.api.on('POST', '/api/auth/signin/magic', () =>
      jsonReply(
        429,
        { error: 'Too many attempts. Please wait a moment and try again.', code: 'RATE_LIMITED' },
        { 'Retry-After': '1' },
      ),
    );
    const err = await rejection(t.auth.sendMagicLink('kim@troop42.test'));
    expect(err).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true });
    expect(err.userMessage).toBe(AUTH_ERROR_MESSAGES.RATE_LIMITED);
    expect(t.api.calls('POST', '/api/auth/signin/magic')).toHaveLength(1);
  });

  it('is refused in managed mode, leaving the address alone', async () => {
    const t = open({ mode: 'managed', href: `${APP}/?magic_token=magic-1` });
    await t.auth.ready();
    expect((await rejection(t.auth.signInWithMagicLink())).kind).toBe('validation');
    expect(t.api.requests).toEqual([]);
    expect(t.win.location.href).toBe(`${APP}/?magic_token=magic-1`);
  });
});

describe('readLinkFromUrl and start-up', () => {
  it('start-up leaves link tokens for the app while it strips session tokens', async () => {
    const t = open({ href: `${APP}/?access_token=A&magic_token=M&token=R&projectId=troop-42` });
    const state = await t.auth.ready();
    expect(state.isAuthenticated).toBe(false);
    expect(t.win.location.href).toBe(`${APP}/?magic_token=M&token=R&projectId=troop-42`);
    expect(t.auth.readLinkFromUrl()).toEqual({ kind: 'magic', token: 'M' });
    expect(t.win.location.href).toBe(`${APP}/`);
    expect(t.auth.readLinkFromUrl()).toBeNull();
  });

  it.each([
    [`${APP}/reset?token=R&projectId=troop-42`, { kind: 'reset', token: 'R' }, `${APP}/reset`],
    [`${APP}/?token=V&type=verify&tab=2`, { kind: 'verify', token: 'V' }, `${APP}/?tab=2`],
  ])('reads %s once and cleans the address', async (href, link, cleaned) => {
    const t = open({ href });
    await t.auth.ready();
    expect(t.api.requests).toEqual([]);
    expect(t.auth.readLinkFromUrl()).toEqual(link);
    expect(t.win.location.href).toBe(cleaned);
  });

  it('does not send a visitor with an emailed link to the hosted page', async () => {
    const withLink = open({ authRequired: true, href: `${APP}/?token=R&projectId=troop-42` });
    await withLink.auth.ready();
    expect(withLink.win.location.href).toBe(`${APP}/?token=R&projectId=troop-42`);
    const without = open({ authRequired: true });
    await without.auth.ready();
    expect(without.win.location.href.startsWith(`${BASE_URL}/auth?`)).toBe(true);
  });
});

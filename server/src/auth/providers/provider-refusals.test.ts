import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/auth.ts';
import {
  APP_ORIGIN,
  PROVIDER,
  followCallback,
  openAuth,
  popupMessage,
  providerSignIn,
  redirectParams,
  signInAtProvider,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { buildTestApp, embeddedStore } from '../../../test/test-app.ts';

const TOKEN_WORDS = /access_token|refresh_token/;

describe.each(embeddedStore)('provider sign-ins refused, with no token (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store });
  });
  afterAll(async () => rig?.close());

  const start = async (query: Record<string, string>) => {
    const res = await openAuth(rig.t, {
      provider: PROVIDER,
      project_id: 'scout-troop',
      redirect_url: APP_ORIGIN,
      ...query,
    });
    expect(res.statusCode).toBe(302);
    const authorize = new URL(String(res.headers.location));
    const state = authorize.searchParams.get('state') ?? '';
    return { authorize, stateHash: crypto.createHash('sha256').update(state).digest('hex') };
  };

  it('a callback whose state is not one we issued', async () => {
    const { authorize } = await start({ mode: 'redirect' });
    const callback = await signInAtProvider(authorize.href, { email: 'state@troop214.example' });
    callback.searchParams.set('state', 'forged-state');
    const page = await followCallback(rig.t, callback);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('VERIFICATION_FAILED');
    expect(page.body).not.toMatch(TOKEN_WORDS);
    const json = await followCallback(rig.t, callback, 'application/json');
    expect(json.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('a nonce that does not match the one the attempt sent (openid-client checks the ID token)', async () => {
    const { authorize, stateHash } = await start({ mode: 'popup' });
    const callback = await signInAtProvider(authorize.href, { email: 'nonce@troop214.example' });
    await rig.t.deps.store.query('UPDATE sign_in_attempts SET nonce = ? WHERE state_hash = ?', [
      'another-nonce',
      stateHash,
    ]);
    const page = await followCallback(rig.t, callback);
    expect(popupMessage(page.body).message).toMatchObject({
      type: 'BLINK_AUTH_ERROR',
      code: 'VERIFICATION_FAILED',
    });
    expect(page.body).not.toMatch(TOKEN_WORDS);
  });

  it('a PKCE verifier that does not match the challenge (the provider refuses the code)', async () => {
    const { authorize, stateHash } = await start({ mode: 'redirect' });
    const callback = await signInAtProvider(authorize.href, { email: 'pkce@troop214.example' });
    await rig.t.deps.store.query(
      'UPDATE sign_in_attempts SET code_verifier = ? WHERE state_hash = ?',
      ['x'.repeat(43), stateHash],
    );
    const answer = await followCallback(rig.t, callback);
    expect(redirectParams(answer.headers.location)).toEqual({
      error: 'VERIFICATION_FAILED',
      error_description: 'Verification failed. Please try again.',
    });
  });

  it('a replayed callback: the attempt was used once already', async () => {
    const { callback, answer } = await providerSignIn(
      rig.t,
      { mode: 'redirect' },
      { email: 'replay@troop214.example' },
    );
    expect(redirectParams(answer.headers.location).access_token).toBeTruthy();
    const again = await followCallback(rig.t, callback);
    expect(again.statusCode).toBe(400);
    expect(again.headers.location).toBeUndefined();
    expect(again.body).toContain('VERIFICATION_FAILED');
    expect(again.body).not.toMatch(TOKEN_WORDS);
  });

  it('an attempt older than 10 minutes', async () => {
    const { authorize } = await start({ mode: 'redirect', state: 's1' });
    const callback = await signInAtProvider(authorize.href, { email: 'late@troop214.example' });
    rig.t.clock.advance(10 * 60_000 + 1000);
    const answer = await followCallback(rig.t, callback);
    expect(redirectParams(answer.headers.location)).toMatchObject({
      error: 'AUTH_TIMEOUT',
      state: 's1',
    });
    expect(String(answer.headers.location)).not.toMatch(TOKEN_WORDS);
  });

  it.each<Record<string, string>>([
    { mode: 'redirect', redirect_url: 'https://evil.example/' },
    { mode: 'redirect', redirect_url: 'http://localhost:3000.evil.example/' },
    { mode: 'redirect', redirect_url: 'http://localhost:3000@evil.example/' },
    { mode: 'redirect', redirect_url: '//evil.example/' },
    { mode: 'redirect', redirect_url: 'javascript:alert(1)//localhost:3000' },
    { mode: 'popup', redirect_url: 'https://evil.example' },
    { mode: 'popup', redirect_url: APP_ORIGIN, opener_origin: 'https://evil.example' },
    { mode: 'popup' },
    { mode: 'mobile-session', session_id: 'a'.repeat(64) },
    { mode: 'smoke-signal' },
  ])('a return address that is not allowed: %j', async (query) => {
    const res = await openAuth(rig.t, { provider: PROVIDER, ...query });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('VALIDATION_ERROR');
  });

  it('an unverified email that matches an existing account is not linked to it', async () => {
    const existing = await signUp(rig.t, { email: 'taken@troop214.example' });
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'popup' },
      { email: 'taken@troop214.example', unverified: true },
    );
    expect(popupMessage(answer.body).message).toMatchObject({
      type: 'BLINK_AUTH_ERROR',
      code: 'EMAIL_ALREADY_EXISTS',
    });
    const { rows } = await rig.t.deps.store.query(
      'SELECT * FROM user_identities WHERE user_id = ?',
      [existing.user.id],
    );
    expect(rows).toEqual([]);
  });

  it('a verified email that matches an existing account signs in to it and links it', async () => {
    const existing = await signUp(rig.t, { email: 'linked@troop214.example', displayName: '' });
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'redirect' },
      { email: 'Linked@Troop214.example', name: 'Casey Linked' },
    );
    const token = redirectParams(answer.headers.location).access_token ?? '';
    const me = await rig.t.app.inject({
      url: '/api/auth/me',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json().user).toMatchObject({
      id: existing.user.id,
      displayName: 'Casey Linked',
      emailVerified: true,
    });
  });

  it('the person cancels at the provider: POPUP_CANCELED', async () => {
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'popup' },
      { email: 'cancel@troop214.example', cancel: true },
    );
    expect(popupMessage(answer.body).message).toMatchObject({
      type: 'BLINK_AUTH_ERROR',
      code: 'POPUP_CANCELED',
      message: 'Sign-in was canceled. Please try again.',
    });
  });

  it('a provider that is not configured', async () => {
    const res = await openAuth(rig.t, {
      provider: 'myspace',
      mode: 'redirect',
      redirect_url: APP_ORIGIN,
    });
    expect(redirectParams(res.headers.location)).toMatchObject({ error: 'VALIDATION_ERROR' });
  });

  it('another project id', async () => {
    const res = await openAuth(rig.t, {
      provider: PROVIDER,
      project_id: 'other',
      redirect_url: APP_ORIGIN,
    });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('PROJECT_NOT_FOUND');
  });

  it('sign-in starts are rate limited per address like email sign-in', async () => {
    const address = '10.99.0.1';
    const query = { provider: PROVIDER, mode: 'redirect', redirect_url: APP_ORIGIN };
    for (let i = 0; i < 30; i++)
      expect((await openAuth(rig.t, query, address)).statusCode).toBe(302);
    const refused = await openAuth(rig.t, query, address);
    expect(redirectParams(refused.headers.location)).toMatchObject({ error: 'RATE_LIMITED' });
  });
});

describe('a provider out of reach', () => {
  it('does not stop the server from starting; a sign-in with it says the provider cannot be reached', async () => {
    // Port 9 on loopback: nothing listens, so discovery fails at once.
    const t = await buildTestApp({
      config: {
        authProviders: [
          {
            name: 'google',
            issuer: 'http://127.0.0.1:9',
            clientId: 'id',
            clientSecret: 'secret',
            responseMode: 'query',
          },
        ],
      },
    });
    try {
      const health = await t.app.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const res = await openAuth(t, {
        provider: 'google',
        mode: 'redirect',
        redirect_url: APP_ORIGIN,
      });
      expect(redirectParams(res.headers.location)).toMatchObject({
        error: 'NETWORK_ERROR',
        error_description: 'Google cannot be reached right now. Please try again.',
      });
    } finally {
      await t.close();
    }
  });
});

describe('callbacks that name no provider we could have', () => {
  it('answer a clear 400, never a 500', async () => {
    const t = await buildTestApp();
    try {
      for (const url of [
        '/api/auth/callback/..%2F..%2Fadmin?code=x&state=y',
        '/api/auth/callback/Not%20A%20Name?state=y',
        '/api/auth/callback/council-login?state=y&state=z',
      ]) {
        const res = await t.app.inject({ url });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
      }
    } finally {
      await t.close();
    }
  });
});

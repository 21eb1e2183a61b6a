import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, me } from '../../../test/auth.ts';
import {
  APP_ORIGIN,
  PROVIDER,
  answerFromProvider,
  browserOf,
  openAuth,
  popupMessage,
  providerSignIn,
  redirectParams,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { embeddedStore } from '../../../test/test-app.ts';

describe.each(embeddedStore)('sign-in with a provider (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store });
  });
  afterAll(async () => rig?.close());

  it('lists the configured provider beside email', async () => {
    const res = await rig.t.app.inject({ url: '/api/auth/providers?projectId=scout-troop' });
    expect(res.json()).toEqual({ providers: ['email', PROVIDER] });
  });

  it('redirect mode: from /auth to the provider and back to redirect_url with a session', async () => {
    const { start, answer } = await providerSignIn(
      rig.t,
      { mode: 'redirect', state: 'a1b2c3', redirect_url: `${APP_ORIGIN}/troop?tab=home` },
      { email: 'jamie.rivera@troop214.example', name: 'Jamie Rivera' },
    );
    // Off to the provider with PKCE (S256) and a nonce; the provider's state is not the client's.
    const authorize = new URL(String(start.headers.location));
    expect(authorize.origin).toBe(rig.idp.issuer);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toBeTruthy();
    expect(authorize.searchParams.get('state')).not.toBe('a1b2c3');
    expect(authorize.searchParams.get('redirect_uri')).toBe(
      `${APP_ORIGIN}/api/auth/callback/${PROVIDER}`,
    );

    expect(answer.statusCode).toBe(302);
    const back = new URL(String(answer.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(`${APP_ORIGIN}/troop`);
    const params = redirectParams(answer.headers.location);
    expect(params).toMatchObject({
      tab: 'home',
      token_type: 'Bearer',
      expires_in: '900',
      refresh_expires_in: '2592000',
      project_id: 'scout-troop',
      state: 'a1b2c3',
    });
    const user = (await me(rig.t, params.access_token ?? '')).json().user;
    expect(user).toMatchObject({
      email: 'jamie.rivera@troop214.example',
      displayName: 'Jamie Rivera',
      emailVerified: true,
    });
    const methods = await rig.t.app.inject({
      url: '/api/auth/identities',
      headers: bearer(params.access_token ?? ''),
    });
    expect(methods.json()).toMatchObject({
      hasPassword: false,
      identities: [{ provider: PROVIDER, email: 'jamie.rivera@troop214.example' }],
    });
  });

  it('the same person signing in again reaches the same account', async () => {
    const person = { email: 'pat.lee@troop214.example', name: 'Pat Lee' };
    const first = await providerSignIn(rig.t, { redirect_url: APP_ORIGIN }, person);
    const second = await providerSignIn(rig.t, { redirect_url: APP_ORIGIN }, person);
    const idOf = async (location: unknown) =>
      (await me(rig.t, redirectParams(location).access_token ?? '')).json().user.id;
    expect(await idOf(second.answer.headers.location)).toBe(
      await idOf(first.answer.headers.location),
    );
  });

  it('popup mode: a page that posts the tokens to the opener origin only, allowed by a CSP hash', async () => {
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'popup', state: 'f'.repeat(32), redirect_url: APP_ORIGIN },
      { email: 'morgan.ash@troop214.example' },
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toContain('text/html');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const { targetOrigin, message } = popupMessage(answer.body);
    expect(targetOrigin).toBe(APP_ORIGIN);
    expect(message).toMatchObject({
      type: 'BLINK_AUTH_TOKENS',
      token_type: 'Bearer',
      expires_in: 900,
      refresh_expires_in: 2592000,
      projectId: 'scout-troop',
      state: 'f'.repeat(32),
    });
    expect((await me(rig.t, String(message.access_token))).statusCode).toBe(200);

    // The one inline script is exactly the one the page's policy allows, and nothing else runs.
    const csp = String(answer.headers['content-security-policy']);
    const scripts = [...answer.body.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1] ?? '');
    expect(scripts).toHaveLength(1);
    const hash = crypto
      .createHash('sha256')
      .update(scripts[0] ?? '')
      .digest('base64');
    expect(csp).toContain(`script-src 'sha256-${hash}'`);
    expect(csp).not.toContain("unsafe-inline'; script");
    expect(csp).toContain("default-src 'none'");
    expect(answer.body).toContain('window.opener.postMessage(d.message,d.targetOrigin)');
  });

  it('popup mode posts to opener_origin when the client names it', async () => {
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'popup', redirect_url: `${APP_ORIGIN}/x`, opener_origin: APP_ORIGIN },
      { email: 'opener@troop214.example' },
    );
    expect(popupMessage(answer.body).targetOrigin).toBe(APP_ORIGIN);
  });
});

describe('a provider that answers by form post (as Apple does)', () => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ responseMode: 'form_post' });
  });
  afterAll(async () => rig?.close());

  it('asks for response_mode=form_post and signs in from the POST to the callback', async () => {
    const start = await openAuth(rig.t, {
      provider: PROVIDER,
      mode: 'redirect',
      redirect_url: APP_ORIGIN,
      state: 'apple-like',
    });
    const authorize = new URL(String(start.headers.location));
    expect(authorize.searchParams.get('response_mode')).toBe('form_post');
    const answer = await answerFromProvider(authorize.href, { email: 'posted@troop214.example' });
    expect(answer.form?.get('code')).toBeTruthy();
    const res = await rig.t.app.inject({
      method: 'POST',
      url: answer.url.pathname,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...browserOf(rig.t).header(),
      },
      payload: answer.form?.toString(),
    });
    expect(res.statusCode).toBe(302);
    const params = redirectParams(res.headers.location);
    expect(params.state).toBe('apple-like');
    expect((await me(rig.t, params.access_token ?? '')).json().user.email).toBe(
      'posted@troop214.example',
    );
  });
});

describe('a provider that takes the client secret only in the Authorization header', () => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ clientAuthMethod: 'client_secret_basic' });
  });
  afterAll(async () => rig?.close());

  it('is sent the secret the way its discovery document asks', async () => {
    const { answer } = await providerSignIn(
      rig.t,
      { mode: 'redirect' },
      { email: 'basic@troop214.example' },
    );
    expect(redirectParams(answer.headers.location).access_token).toBeTruthy();
  });
});

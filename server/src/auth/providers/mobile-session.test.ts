import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { me, nextAddress, PASSWORD, signUp } from '../../../test/auth.ts';
import {
  PROVIDER,
  openAuth,
  providerSignIn,
  redirectParams,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { testStoreKinds } from '../../../test/test-app.ts';

/** Where a desktop app listens for the end of its sign-in (RFC 8252 7.3: any port). */
const LOOPBACK = 'http://127.0.0.1:53682/signed-in';
/** The troop's own phone app, registered in APP_REDIRECT_URIS. */
const APP_SCHEME = 'org.troop214.app:/signed-in';
const TOKEN_WORDS = /access_token|refresh_token|eyJ/;

/** What an app makes before opening the browser: a PKCE pair, a state, and the link. */
function appStart(redirectUri = LOOPBACK) {
  const verifier = crypto.randomBytes(32).toString('base64url');
  const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
  const state = crypto.randomBytes(32).toString('hex');
  return {
    verifier,
    state,
    redirectUri,
    query: {
      mode: 'mobile-session',
      redirect_uri: redirectUri,
      code_challenge: challenge,
      code_challenge_method: 'S256',
      state,
      // What clients of the earlier protocol sent; it names nothing any more.
      session_id: state,
    },
  };
}

describe.each(testStoreKinds)('mobile sign-in (%s)', (store) => {
  let rig: ProviderRig;
  beforeAll(async () => {
    rig = await startProviderRig({ store, config: { appRedirectUris: [APP_SCHEME] } });
  });
  afterAll(async () => rig?.close());

  const exchange = (body: Record<string, string>) =>
    rig.t.app.inject({
      method: 'POST',
      url: '/api/auth/mobile-session/token',
      payload: body,
      remoteAddress: nextAddress(),
    });
  const pollAsBefore = (sessionId: string) =>
    rig.t.app.inject({ url: `/api/auth/mobile-session/${sessionId}` });

  it('a link someone else made: the person signs in, and its maker gets nothing', async () => {
    // The attacker makes the link and keeps every value in it, the PKCE verifier included.
    const attacker = appStart();
    const { answer } = await providerSignIn(rig.t, attacker.query, {
      email: 'member@troop214.example',
      name: 'Member Victim',
    });
    const tries = [
      await pollAsBefore(attacker.state),
      await exchange({
        code: attacker.state,
        code_verifier: attacker.verifier,
        redirect_uri: attacker.redirectUri,
      }),
      await exchange({
        session_id: attacker.state,
        code_verifier: attacker.verifier,
        redirect_uri: attacker.redirectUri,
      }),
    ];
    rig.t.clock.advance(60_000);
    tries.push(await pollAsBefore(attacker.state));
    for (const res of tries) {
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.body).not.toMatch(TOKEN_WORDS);
    }
    // The one-time code went to the app on the device where the person signed in.
    expect(answer.statusCode).toBe(302);
    const back = new URL(String(answer.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe(LOOPBACK);
  });

  it('a link of the earlier kind (a session id alone) is refused before anyone signs in', async () => {
    const sessionId = crypto.randomBytes(32).toString('hex');
    const start = await openAuth(rig.t, {
      provider: PROVIDER,
      mode: 'mobile-session',
      session_id: sessionId,
    });
    expect(start.statusCode).toBe(400);
    expect(start.headers.location).toBeUndefined();
    expect(start.body).toContain('redirect_uri');
    expect((await pollAsBefore(sessionId)).statusCode).toBe(404);
  });

  it('the app that started it: a one-time code at its redirect, exchanged with its verifier', async () => {
    const app = appStart();
    const { answer } = await providerSignIn(rig.t, app.query, {
      email: 'mobile@troop214.example',
      name: 'Riley Mobile',
    });
    expect(answer.statusCode).toBe(302);
    expect(String(answer.headers.location)).not.toMatch(TOKEN_WORDS);
    const { code, state, ...rest } = redirectParams(answer.headers.location);
    expect(state).toBe(app.state);
    expect(rest).toEqual({});
    expect(code).toMatch(/^[\w-]{43}$/);
    // Until the exchange the tokens wait sealed, under the code's hash: the row alone opens nothing.
    const { rows } = await rig.t.deps.store.query<{ code_hash: string; sealed_tokens: string }>(
      'SELECT code_hash, sealed_tokens FROM app_sign_in_codes',
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.code_hash).not.toContain(code);
      expect(row.sealed_tokens).not.toMatch(/eyJ|Bearer/);
    }

    const done = await exchange({
      code: code ?? '',
      code_verifier: app.verifier,
      redirect_uri: app.redirectUri,
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['cache-control']).toBe('no-store');
    const tokens = done.json();
    expect(tokens).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    expect((await me(rig.t, tokens.access_token)).json().user.email).toBe(
      'mobile@troop214.example',
    );
    const again = await exchange({
      code: code ?? '',
      code_verifier: app.verifier,
      redirect_uri: app.redirectUri,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'VERIFICATION_FAILED' });
  });

  it('a code caught by another app on the device is worth nothing without the verifier, and is spent', async () => {
    const app = appStart();
    const { answer } = await providerSignIn(rig.t, app.query, {
      email: 'mobile2@troop214.example',
    });
    const { code = '' } = redirectParams(answer.headers.location);
    const other = crypto.randomBytes(32).toString('base64url');
    const caught = await exchange({ code, code_verifier: other, redirect_uri: app.redirectUri });
    expect(caught.statusCode).toBe(400);
    expect(caught.body).not.toMatch(TOKEN_WORDS);
    const late = await exchange({
      code,
      code_verifier: app.verifier,
      redirect_uri: app.redirectUri,
    });
    expect(late.statusCode).toBe(400);
  });

  it('a code works only for its own redirect and for two minutes', async () => {
    const app = appStart();
    const first = redirectParams(
      (await providerSignIn(rig.t, app.query, { email: 'mobile3@troop214.example' })).answer.headers
        .location,
    );
    const elsewhere = await exchange({
      code: first.code ?? '',
      code_verifier: app.verifier,
      redirect_uri: 'http://127.0.0.1:1/other',
    });
    expect(elsewhere.statusCode).toBe(400);

    const slow = appStart();
    const second = redirectParams(
      (await providerSignIn(rig.t, slow.query, { email: 'mobile3@troop214.example' })).answer
        .headers.location,
    );
    rig.t.clock.advance(2 * 60_000 + 1000);
    const late = await exchange({
      code: second.code ?? '',
      code_verifier: slow.verifier,
      redirect_uri: slow.redirectUri,
    });
    expect(late.statusCode).toBe(400);
    expect(late.body).not.toMatch(TOKEN_WORDS);
  });

  it("the troop's registered app scheme gets the code the same way", async () => {
    const app = appStart(APP_SCHEME);
    const { answer } = await providerSignIn(rig.t, app.query, {
      email: 'phone@troop214.example',
    });
    const location = String(answer.headers.location);
    expect(location.startsWith(`${APP_SCHEME}?code=`)).toBe(true);
    const { code = '' } = redirectParams(location);
    const done = await exchange({ code, code_verifier: app.verifier, redirect_uri: APP_SCHEME });
    expect(done.statusCode).toBe(200);
  });

  it.each<[string, Record<string, string>]>([
    ['localhost by name', { redirect_uri: 'http://localhost:53682/signed-in' }],
    ['a web address', { redirect_uri: 'https://evil.example/signed-in' }],
    ['a scheme the troop did not register', { redirect_uri: 'com.evil.app:/signed-in' }],
    ['a look-alike host', { redirect_uri: 'http://127.0.0.1.evil.example/' }],
    ['credentials in it', { redirect_uri: 'http://user@127.0.0.1:53682/' }],
    ['no redirect', { redirect_uri: '' }],
    ['no challenge', { code_challenge: '' }],
    ['a plain challenge', { code_challenge_method: 'plain' }],
  ])('refuses an app sign-in with %s', async (_why, change) => {
    const res = await openAuth(rig.t, { provider: PROVIDER, ...appStart().query, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('VALIDATION_ERROR');
  });

  it('the hosted page says which app it signs in, and its password form ends at the app', async () => {
    const { user } = await signUp(rig.t, { email: 'hosted.mobile@troop214.example' });
    const app = appStart();
    const page = await openAuth(rig.t, app.query);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('the app on this device');
    expect(String(page.headers['content-security-policy'])).toContain(
      "form-action 'self' http://127.0.0.1:53682",
    );
    const res = await rig.t.app.inject({
      method: 'POST',
      url: '/auth',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
      payload: new URLSearchParams({
        ...app.query,
        action: 'password',
        email: user.email,
        password: PASSWORD,
      }).toString(),
      remoteAddress: nextAddress(),
    });
    expect(res.statusCode).toBe(302);
    const { code = '', state } = redirectParams(res.headers.location);
    expect(state).toBe(app.state);
    const done = await exchange({ code, code_verifier: app.verifier, redirect_uri: LOOPBACK });
    expect((await me(rig.t, done.json().access_token)).json().user.id).toBe(user.id);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  APP_ORIGIN,
  Browser,
  PROVIDER,
  followCallback,
  openAuth,
  redirectParams,
  signInAtProvider,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { embeddedStore } from '../../../test/test-app.ts';
import { newBrowserKey, presentedBrowserHash } from './browser-key.ts';

const TOKEN_WORDS = /access_token|refresh_token|eyJ/;

describe.each(embeddedStore)(
  'a provider sign-in belongs to the browser that started it (%s)',
  (store) => {
    let rig: ProviderRig;
    beforeAll(async () => {
      rig = await startProviderRig({ store });
    });
    afterAll(async () => rig?.close());

    const start = (browser: Browser, query: Record<string, string>) =>
      openAuth(
        rig.t,
        { provider: PROVIDER, redirect_url: APP_ORIGIN, state: 'client-state', ...query },
        undefined,
        browser,
      );

    it.each(['redirect', 'popup'])(
      '%s mode: a sign-in started elsewhere and finished in another browser hands it nothing',
      async (mode) => {
        // Someone starts a sign-in in their own browser and passes its provider address on.
        const attacker = new Browser();
        const started = await start(attacker, { mode });
        expect(started.statusCode).toBe(302);
        // The member signs in at the provider, and their own browser comes back with the answer.
        const callback = await signInAtProvider(String(started.headers.location), {
          email: `${mode}.victim@troop214.example`,
        });
        const answer = await followCallback(rig.t, callback, 'text/html', new Browser());
        expect(answer.statusCode).toBe(400);
        expect(answer.headers.location).toBeUndefined();
        expect(answer.body).toContain('VERIFICATION_FAILED');
        expect(answer.body).not.toMatch(TOKEN_WORDS);
        // Nor does the browser that started it get anything afterwards: the attempt is spent.
        const late = await followCallback(rig.t, callback, 'text/html', attacker);
        expect(late.statusCode).toBe(400);
        expect(late.body).not.toMatch(TOKEN_WORDS);
      },
    );

    it('keeps its key in an HttpOnly, SameSite=Lax cookie for the callback only, and clears it there', async () => {
      const browser = new Browser();
      const started = await start(browser, { mode: 'redirect' });
      const cookie = String(started.headers['set-cookie']);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/SameSite=Lax/);
      expect(cookie).toMatch(/Path=\/api\/auth\/callback\//);
      expect(cookie).toMatch(/Max-Age=600/);
      expect(browser.cookies.size).toBe(1);
      const callback = await signInAtProvider(String(started.headers.location), {
        email: 'bound@troop214.example',
      });
      const answer = await followCallback(rig.t, callback, 'text/html', browser);
      expect(redirectParams(answer.headers.location)).toMatchObject({ state: 'client-state' });
      expect(redirectParams(answer.headers.location).access_token).toBeTruthy();
      expect(browser.cookies.size).toBe(0);
    });
  },
);

describe('the browser key cookie', () => {
  const https = { publicUrl: 'https://troop.example' };

  it('is Secure on https, and SameSite=None only for a provider that answers by form post', () => {
    expect(newBrowserKey(https, 's', false).setCookie).toMatch(/; SameSite=Lax; Secure$/);
    expect(newBrowserKey(https, 's', true).setCookie).toMatch(/; SameSite=None; Secure$/);
    // Browsers drop SameSite=None without Secure: plain http keeps Lax.
    expect(newBrowserKey({ publicUrl: 'http://troop.test' }, 's', true).setCookie).toMatch(
      /; SameSite=Lax$/,
    );
  });

  it("is read back only under its own attempt's name", () => {
    const { setCookie, hash } = newBrowserKey(https, 'state-a', false);
    const pair = setCookie.split(';')[0] ?? '';
    expect(presentedBrowserHash(`other=1; ${pair}`, 'state-a')).toBe(hash);
    expect(presentedBrowserHash(pair, 'state-b')).toBeUndefined();
    expect(presentedBrowserHash(undefined, 'state-a')).toBeUndefined();
  });
});

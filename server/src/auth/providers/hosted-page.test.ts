import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextAddress, PASSWORD, signUp } from '../../../test/auth.ts';
import { createMemoryMailer, type MemoryMailer } from '../../../test/mail.ts';
import {
  APP_ORIGIN,
  openAuth,
  redirectParams,
  startProviderRig,
  type ProviderRig,
} from '../../../test/providers.ts';
import { renderIndexHtml } from '../../http/spa.ts';
import { buildTestApp, testConfig } from '../../../test/test-app.ts';

const PORTAL = 'https://portal.troop214.example';

describe('the hosted sign-in page (managed mode)', () => {
  let rig: ProviderRig;
  let mail: MemoryMailer;
  let email: string;
  beforeAll(async () => {
    mail = createMemoryMailer();
    rig = await startProviderRig({
      config: { allowedRedirectOrigins: [PORTAL] },
      deps: { mail },
    });
    email = (await signUp(rig.t, { displayName: 'Avery Hosted' })).user.email;
  });
  afterAll(async () => rig?.close());

  const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
    rig.t.app.inject({
      method: 'POST',
      url: '/auth',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'text/html',
        ...headers,
      },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: nextAddress(),
    });
  const flow = { mode: 'redirect', project_id: 'scout-troop', redirect_url: `${PORTAL}/home` };

  it('offers email and password, the email link and every configured provider, without a script', async () => {
    const page = await openAuth(rig.t, {
      redirect_url: `${PORTAL}/home`,
      project_id: 'scout-troop',
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Scout Leadership Platform');
    expect(page.body).toMatch(/<input name="email" type="email"/);
    expect(page.body).toMatch(/<input name="password" type="password"/);
    expect(page.body).toContain('Email me a sign-in link');
    expect(page.body).toContain('Continue with Council Login');
    expect(page.body).toContain(
      `href="/auth?mode=redirect&#38;project_id=scout-troop&#38;redirect_url=${encodeURIComponent(`${PORTAL}/home`)}&#38;provider=council-login"`,
    );
    expect(page.body).not.toContain('<script');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    // The form's answer is a redirect to the client: the policy allows exactly that origin.
    expect(csp).toContain(`form-action 'self' ${PORTAL}`);
  });

  it('signs in with a password and goes back to redirect_url with the tokens', async () => {
    const res = await post({ ...flow, action: 'password', email, password: PASSWORD });
    expect(res.statusCode).toBe(302);
    const params = redirectParams(res.headers.location);
    expect(String(res.headers.location).startsWith(`${PORTAL}/home?`)).toBe(true);
    expect(params).toMatchObject({ token_type: 'Bearer', project_id: 'scout-troop' });
    expect(params.access_token).toBeTruthy();
  });

  it('shows a wrong password on the page and sends nothing back', async () => {
    const res = await post({ ...flow, action: 'password', email, password: 'not the password' });
    expect(res.statusCode).toBe(401);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('Invalid email or password. Please try again.');
    expect(res.body).toContain(`value="${email}"`);
  });

  it("refuses a form posted from another site's page", async () => {
    const form = { ...flow, action: 'password', email, password: PASSWORD };
    for (const headers of <Record<string, string>[]>[
      { 'sec-fetch-site': 'cross-site', origin: 'null' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
    ]) {
      const res = await post(form, headers);
      expect(res.statusCode).toBe(403);
      expect(res.headers.location).toBeUndefined();
    }
    // Our own page: Chrome says same-origin, and Origin is null under no-referrer.
    const ours = await post(form, { 'sec-fetch-site': 'same-origin', origin: 'null' });
    expect(ours.statusCode).toBe(302);
  });

  it('refuses a redirect_url outside PUBLIC_URL and ALLOWED_REDIRECT_ORIGINS, on the page and on a post', async () => {
    const page = await openAuth(rig.t, { redirect_url: 'https://evil.example/' });
    expect(page.statusCode).toBe(400);
    expect(page.body).not.toContain('<form');
    const res = await post({
      ...flow,
      redirect_url: 'https://evil.example/',
      action: 'password',
      email,
      password: PASSWORD,
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers.location).toBeUndefined();
  });

  it('mails a sign-in link that comes back to this page, then to the client', async () => {
    const before = mail.sent.length;
    const res = await post({ ...flow, action: 'email-link', email });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('a sign-in link is on its way');
    const [message] = (await mail.waitFor(before + 1)).slice(before);
    const link = new URL(String(message?.link));
    expect(`${link.origin}${link.pathname}`).toBe(`${APP_ORIGIN}/auth`);
    expect(link.searchParams.get('redirect_url')).toBe(`${PORTAL}/home`);

    // Opening the link spends nothing (a mail scanner may open it first); the button does.
    const landing = await rig.t.app.inject({
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html' },
    });
    expect(landing.body).toContain('Finish signing in');
    const token = link.searchParams.get('magic_token') ?? '';
    const done = await post({ ...flow, action: 'magic-link', magic_token: token });
    expect(done.statusCode).toBe(302);
    expect(redirectParams(done.headers.location).access_token).toBeTruthy();
    const again = await post({ ...flow, action: 'magic-link', magic_token: token });
    expect(again.statusCode).toBe(400);
    expect(again.headers.location).toBeUndefined();
  });
});

describe('the hosted page of a troop without providers', () => {
  it('offers no "Continue with" at all', async () => {
    const t = await buildTestApp();
    try {
      const page = await openAuth(t, { redirect_url: APP_ORIGIN });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('Continue with');
    } finally {
      await t.close();
    }
  });
});

describe("the app's own page", () => {
  it('names the configured providers in a meta tag, so the auth screen shows them at first paint', () => {
    const provider = { issuer: 'https://accounts.google.com', clientId: 'c', clientSecret: 's' };
    const html = renderIndexHtml(
      '<html><head></head></html>',
      testConfig({
        authProviders: [
          { ...provider, name: 'google', responseMode: 'query' },
          { ...provider, name: 'council-login', responseMode: 'query' },
        ],
      }),
    );
    expect(html).toContain('<meta name="scout-auth-providers" content="google,council-login">');
    expect(renderIndexHtml('<head></head>', testConfig())).toContain(
      '<meta name="scout-auth-providers" content="">',
    );
  });
});

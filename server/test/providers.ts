/**
 * Provider sign-in tests: the app (in-memory, driven by inject) configured with a real OpenID
 * Connect provider on loopback (test/oidc-provider.ts) as `council-login`, and a small browser
 * that plays the person at the provider: it follows redirects with the provider's cookies, fills
 * the provider's sign-in form and stops where the provider sends the person back to the app.
 */
import { expect } from 'vitest';
import type { Config } from '../src/config.ts';
import type { AppDeps } from '../src/deps.ts';
import { nextAddress } from './auth.ts';
import { startTestIdentityProvider, type TestIdentityProvider } from './oidc-provider.ts';
import { buildTestApp, type StoreKind, type TestApp } from './test-app.ts';

export const PROVIDER = 'council-login';
export const CLIENT = { clientId: 'scout-platform', clientSecret: 'council-secret-for-tests' };
/** testConfig's PUBLIC_URL: where the app is said to live, though tests reach it by inject. */
export const APP_ORIGIN = 'http://localhost:3000';

export interface ProviderRig {
  t: TestApp;
  idp: TestIdentityProvider;
  close(): Promise<void>;
}

export async function startProviderRig(
  opts: {
    store?: StoreKind;
    config?: Partial<Config>;
    deps?: Partial<AppDeps>;
    /** How the provider answers: in the query (most), or by a form post (Apple). */
    responseMode?: 'query' | 'form_post';
    clientAuthMethod?: 'client_secret_post' | 'client_secret_basic';
  } = {},
): Promise<ProviderRig> {
  const idp = await startTestIdentityProvider({
    ...(opts.clientAuthMethod ? { clientAuthMethod: opts.clientAuthMethod } : {}),
    clients: [{ ...CLIENT, redirectUris: [`${APP_ORIGIN}/api/auth/callback/${PROVIDER}`] }],
  });
  const t = await buildTestApp({
    ...(opts.store ? { store: opts.store } : {}),
    ...(opts.deps ? { deps: opts.deps } : {}),
    config: {
      authProviders: [
        {
          name: PROVIDER,
          issuer: idp.issuer,
          ...CLIENT,
          responseMode: opts.responseMode ?? 'query',
        },
      ],
      ...opts.config,
    },
  });
  return {
    t,
    idp,
    close: async () => {
      await t.close();
      await idp.close();
    },
  };
}

export interface Person {
  email: string;
  name?: string;
  /** The provider does not vouch for the email. */
  unverified?: boolean;
  /** Presses Cancel on the provider's page instead of signing in. */
  cancel?: boolean;
}

/**
 * The cookies one browser holds for the app. Every test app has one browser by default, which
 * starts sign-ins and follows callbacks alike; a test that needs a second person makes another.
 */
export class Browser {
  readonly cookies = new Map<string, string>();

  /** Keeps what an answer sets, and forgets what it expires. */
  keep(setCookie: string | string[] | undefined): void {
    for (const c of [setCookie ?? []].flat()) {
      const [pair = '', ...attributes] = c.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair.slice(eq + 1).trim());
    }
  }

  header(): Record<string, string> {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
  }
}

const browsers = new WeakMap<TestApp, Browser>();

/** The test app's own browser. */
export function browserOf(t: TestApp): Browser {
  let browser = browsers.get(t);
  if (!browser) browsers.set(t, (browser = new Browser()));
  return browser;
}

/** GET /auth with the given query, as a browser (Accept: text/html) from its own address. */
export async function openAuth(
  t: TestApp,
  query: Record<string, string>,
  address = nextAddress(),
  browser = browserOf(t),
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/auth?${new URLSearchParams(query).toString()}`,
    headers: { accept: 'text/html', ...browser.header() },
    remoteAddress: address,
  });
  browser.keep(res.headers['set-cookie']);
  return res;
}

const decodeEntities = (s: string) =>
  s
    .replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** Where the provider sends the person back: a URL, and for a form_post answer the posted fields. */
export interface ProviderAnswer {
  url: URL;
  form?: URLSearchParams;
}

/** The person at the provider: from its authorization URL to the answer it sends back. */
export async function answerFromProvider(
  authorizationUrl: string,
  person: Person,
): Promise<ProviderAnswer> {
  const cookies = new Map<string, string>();
  let url = new URL(authorizationUrl);
  let form: URLSearchParams | undefined;
  for (let hop = 0; hop < 12; hop++) {
    if (url.origin === APP_ORIGIN) return form ? { url, form } : { url };
    const res = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(form ? { body: form.toString() } : {}),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair = ''] = c.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && location) {
      url = new URL(location, url);
      form = undefined;
      continue;
    }
    const page = await res.text();
    // response_mode=form_post: a page whose form posts the answer to the app.
    const posted = /<form method="post" action="(https?:[^"]+)">/.exec(page);
    if (posted?.[1]) {
      url = new URL(decodeEntities(posted[1]));
      form = new URLSearchParams(
        [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"\/>/g)].map(
          (m) => [m[1] ?? '', decodeEntities(m[2] ?? '')] as [string, string],
        ),
      );
      continue;
    }
    const interaction = /action="(\/interaction\/[^"/]+)\/login"/.exec(page);
    if (!interaction?.[1]) throw new Error(`unexpected provider page ${res.status}: ${page}`);
    url = new URL(`${interaction[1]}/${person.cancel ? 'cancel' : 'login'}`, url);
    form = new URLSearchParams({
      email: person.email,
      ...(person.name ? { name: person.name } : {}),
      ...(person.unverified ? { unverified: '1' } : {}),
    });
  }
  throw new Error('the provider never sent the person back');
}

/** As answerFromProvider, for providers that answer in the query (every one but Apple). */
export async function signInAtProvider(authorizationUrl: string, person: Person): Promise<URL> {
  const answer = await answerFromProvider(authorizationUrl, person);
  if (answer.form) throw new Error('the provider answered with a form post');
  return answer.url;
}

/** Delivers the provider's answer to the app's callback, as the browser would. */
export async function followCallback(
  t: TestApp,
  callback: URL,
  accept = 'text/html',
  browser = browserOf(t),
) {
  const res = await t.app.inject({
    method: 'GET',
    url: `${callback.pathname}${callback.search}`,
    headers: { accept, ...browser.header() },
    remoteAddress: nextAddress(),
  });
  browser.keep(res.headers['set-cookie']);
  return res;
}

/** `/auth` for PROVIDER through to the callback's answer, all in one browser. */
export async function providerSignIn(
  t: TestApp,
  query: Record<string, string>,
  person: Person,
  browser = browserOf(t),
) {
  const start = await openAuth(
    t,
    {
      provider: PROVIDER,
      project_id: t.deps.config.projectId,
      redirect_url: APP_ORIGIN,
      ...query,
    },
    nextAddress(),
    browser,
  );
  if (start.statusCode !== 302)
    throw new Error(`/auth answered ${start.statusCode}: ${start.body}`);
  const callback = await signInAtProvider(String(start.headers.location), person);
  return { start, callback, answer: await followCallback(t, callback, 'text/html', browser) };
}

/** The message a popup page posts to its opener, and where it posts it. */
export function popupMessage(html: string): {
  targetOrigin: string;
  message: Record<string, unknown>;
} {
  const data = /<script type="application\/json" id="blink-auth-result">([^<]*)<\/script>/.exec(
    html,
  );
  if (!data?.[1]) throw new Error(`not a popup answer: ${html}`);
  return JSON.parse(data[1]) as { targetOrigin: string; message: Record<string, unknown> };
}

/** The query of a redirect answer. */
export const redirectParams = (location: unknown) =>
  Object.fromEntries(new URL(String(location)).searchParams);

let people = 0;
/** Someone the provider knows by a fresh address, so tests never meet an earlier account. */
export const newPerson = (name: string): Person => ({
  email: `${name}.${++people}.${Date.now().toString(36)}@troop214.example`,
  name: 'Jamie Rivera',
});

/** A provider sign-in's answer in redirect mode: the tokens, or the refusal's code and words. */
export async function signInRedirected(
  t: TestApp,
  who: Person,
  query: Record<string, string> = {},
): Promise<Record<string, string>> {
  const { answer } = await providerSignIn(t, { mode: 'redirect', ...query }, who);
  expect(answer.statusCode).toBe(302);
  return redirectParams(answer.headers.location);
}

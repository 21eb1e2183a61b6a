/**
 * Accounts made and signed in through the API, and their sessions handed to a browser as the
 * SDK stores them (localStorage `blink_tokens_<projectId>`, sdk/src/auth/token-store.ts). A
 * journey that is not about the sign-up or sign-in forms starts on its dashboard this way,
 * without a page load, a form and a dashboard spent on getting there.
 */
import { expect, type Browser, type BrowserContextOptions, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import type { Member } from './accounts.ts';

/** The project the shared server serves (its default), and a journey's own troop server too. */
export const PROJECT_ID = 'scout-troop';

/** Where the SDK keeps a project's tokens in localStorage. */
const TOKENS_KEY = `blink_tokens_${PROJECT_ID}`;

/** A token set as the SDK keeps it: `issued_at` in seconds, as the SDK's own clock counts. */
export interface StoredTokens {
  access_token: string;
  refresh_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_expires_in: number;
  issued_at: number;
}

export interface SignedIn {
  tokens: StoredTokens;
  user: { id: string; email: string };
}

async function authCall(baseURL: string, path: string, body: unknown): Promise<SignedIn> {
  const res = await fetch(new URL(path, baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...(body as object), projectId: PROJECT_ID }),
  });
  expect(res.status, `POST ${path}: ${await res.clone().text()}`).toBe(200);
  const data = (await res.json()) as Omit<StoredTokens, 'token_type' | 'issued_at'> & {
    user: SignedIn['user'];
  };
  return {
    user: data.user,
    tokens: {
      access_token: data.access_token,
      refresh_token: data.refresh_token,
      token_type: 'Bearer',
      expires_in: data.expires_in,
      refresh_expires_in: data.refresh_expires_in,
      issued_at: Math.floor(Date.now() / 1000),
    },
  };
}

/** Signs `m` up as the sign-up form does (same body), without the form. */
export function createAccount(m: Member, at = baseURL): Promise<SignedIn> {
  const { firstName, lastName, troopNumber, troopRole } = m;
  return authCall(at, '/api/auth/signup', {
    email: m.email,
    password: m.password,
    displayName: `${firstName} ${lastName}`,
    metadata: { firstName, lastName, troopNumber, troopRole },
  });
}

export function signInThroughApi(email: string, password: string, at = baseURL): Promise<SignedIn> {
  return authCall(at, '/api/auth/signin/email', { email, password });
}

/** The browser storage that holds `tokens`, for `browser.newContext({ storageState })`. */
export function storageStateFor(tokens: StoredTokens, at = baseURL) {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(at).origin,
        localStorage: [{ name: TOKENS_KEY, value: JSON.stringify(tokens) }],
      },
    ],
  };
}

/**
 * Opens a same-origin page that loads no app (the health answer) and answers the origin: the
 * app's first load after it already finds what a journey puts into storage here.
 */
async function openBlankOfApp(page: Page): Promise<string> {
  await page.goto('/api/health');
  return new URL(page.url()).origin;
}

async function storeTokens(page: Page, tokens: StoredTokens) {
  await page.evaluate(([key, value]) => window.localStorage.setItem(key, value), [
    TOKENS_KEY,
    JSON.stringify(tokens),
  ] as const);
}

export const greeting = (page: Page, firstName: string) =>
  page.getByRole('heading', { name: new RegExp(`Good Evening.*${firstName.toUpperCase()}`) });

/**
 * A fresh account of its own for `m`, made through the API, and its dashboard open on `page`:
 * for a journey that changes its account's own data, or whose screens show its own name and events.
 */
export async function joinThroughApi(page: Page, m: Member): Promise<SignedIn> {
  // The server the page's browser talks to: the shared one, or a journey's own troop server.
  const made = await createAccount(m, await openBlankOfApp(page));
  await storeTokens(page, made.tokens);
  await page.goto('/');
  await expect(greeting(page, m.firstName)).toBeVisible();
  return made;
}

/** The auth screen, signed out: where a journey about a signed-out form starts. */
export async function openAuthScreen(page: Page) {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
}

/**
 * A session of its own for an existing account, opened on `page`: for a journey that signs it
 * out again, which must not end a session other journeys hold.
 */
export async function signInThroughApiOn(page: Page, email: string, password: string) {
  const { tokens } = await signInThroughApi(email, password, await openBlankOfApp(page));
  await storeTokens(page, tokens);
  await page.goto('/');
}

/**
 * A browser context on the server at `at` (a troop server of a journey's own, say), signed in
 * as an existing account through the API; the server must serve PROJECT_ID.
 */
export async function contextSignedIn(
  browser: Browser,
  who: { email: string; password: string },
  at: string,
  options: BrowserContextOptions = {},
) {
  const { tokens } = await signInThroughApi(who.email, who.password, at);
  return browser.newContext({ ...options, baseURL: at, storageState: storageStateFor(tokens, at) });
}

/**
 * Sign-in with a provider and the hosted sign-in page, in Chromium, against the real server and
 * a real OpenID Connect provider on loopback (support/identity-provider.ts) configured as the
 * troop's "Council Login".
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';
import { newMember } from '../support/accounts.ts';
import { councilLogin } from '../support/council-login.mjs';
import { createAccount } from '../support/sessions.ts';

const CONTINUE = `Continue with ${councilLogin.label}`;

/** An account made over the API, so a journey starts from an existing member. */
async function existingMember(first: string) {
  const m = newMember(first, 'Hollis');
  const res = await fetch(`${baseURL}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      email: m.email,
      password: m.password,
      displayName: `${m.firstName} ${m.lastName}`,
      projectId: 'scout-troop',
    }),
  });
  expect(res.status).toBe(200);
  return m;
}

/** Clicks "Continue with Council Login" and answers the popup that opens. */
async function openProviderPopup(page: Page) {
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.getByRole('button', { name: CONTINUE }).click(),
  ]);
  await popup.waitForLoadState();
  return popup;
}

test('Continue with the provider: a 500 by 600 popup, the provider signs in, the dashboard greets', async ({
  page,
}) => {
  await page.goto('/');
  const popup = await openProviderPopup(page);
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([500, 600]);
  expect(popup.url()).toContain('/interaction/');

  const email = `${newMember('Jordan').email}`;
  await popup.getByLabel('Email').fill(email);
  await popup.getByLabel('Full name').fill('Jordan Council');
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;

  await expect(page.getByRole('heading', { name: /Good Evening.*JORDAN/ })).toBeVisible();
  // A reload keeps the session the popup handed over.
  await page.reload();
  await expect(page.getByRole('heading', { name: /Good Evening.*JORDAN/ })).toBeVisible();
});

test("a parent's household link, opened by the other parent who continues with the provider, joins them to that household", async ({
  browser,
}) => {
  const last = `Hollis${Math.random().toString(36).slice(2, 7)}`;
  const parent = await createAccount(newMember('Jordan', last));
  const households = `${baseURL}/api/households/scout-troop/mine`;
  const asParent = async (path: string, body: unknown) => {
    const res = await fetch(`${households}${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${parent.tokens.access_token}`,
      },
      body: JSON.stringify(body),
    });
    expect(res.ok, await res.clone().text()).toBe(true);
    return res.json() as Promise<{ url: string }>;
  };
  await asParent('/scouts', { firstName: 'Robin', lastName: last });
  const { url } = await asParent('/invitations', { kind: 'adult' });

  const page = await (await browser.newContext()).newPage();
  await page.goto(`/${new URL(url).search}`);
  await expect(
    page.getByRole('heading', {
      name: `Jordan ${last} invited you to join Jordan ${last} household`,
    }),
  ).toBeVisible();
  const popup = await openProviderPopup(page);
  await popup.getByLabel('Email').fill(newMember('Casey').email);
  await popup.getByLabel('Full name').fill(`Casey ${last}`);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;

  // The new account is an adult of the household: it sees Jordan's scout as its own.
  await page.goto('/profile');
  const family = page.getByRole('region', { name: 'Family' });
  await expect(family.getByRole('list', { name: 'Scouts' })).toContainText(`Robin ${last}`);
  await expect(family).toContainText(`Jordan ${last}`);
  await page.context().close();
});

test('closing the popup shows that the sign-in was canceled', async ({ page }) => {
  await page.goto('/');
  const popup = await openProviderPopup(page);
  await popup.close();
  await expect(page.getByText('Sign-in was canceled. Please try again.')).toBeVisible();
  await expect(page.getByRole('button', { name: CONTINUE })).toBeEnabled();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('the hosted sign-in page signs in with a password and returns to the app', async ({
  page,
}) => {
  const m = await existingMember('Quinn');
  const back = `${baseURL}/?from=hosted`;
  await page.goto(`/auth?redirect_url=${encodeURIComponent(back)}&project_id=scout-troop`);
  await expect(page.getByText('Scout Leadership Platform')).toBeVisible();
  await expect(page.getByRole('link', { name: CONTINUE })).toBeVisible();
  await page.getByLabel('Email address').fill(m.email);
  await page.getByLabel('Password').fill(m.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();

  await expect(page.getByRole('heading', { name: /Good Evening.*QUINN/ })).toBeVisible();
  // The tokens left the address bar at once; the app's own parameter stayed.
  await expect(page).toHaveURL(`${baseURL}/?from=hosted`);
});

test('the profile lists a linked provider and unlinks it while the password remains', async ({
  page,
}) => {
  const m = await existingMember('Avery');
  await page.goto('/');
  const popup = await openProviderPopup(page);
  // The provider vouches for the same email: the identity joins the existing account.
  await popup.getByLabel('Email').fill(m.email);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Sign in' }).click();
  await closed;
  await expect(page.getByRole('heading', { name: /Good Evening.*AVERY/ })).toBeVisible();

  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const linked = page.getByRole('region', { name: 'Linked accounts' });
  await expect(linked.getByText(councilLogin.label)).toBeVisible();
  await linked.getByRole('button', { name: `Unlink ${councilLogin.label}` }).click();
  await linked
    .getByRole('group', { name: `Unlink ${councilLogin.label}?` })
    .getByRole('button', { name: 'Unlink' })
    .click();
  await expect(linked).toBeHidden();
});

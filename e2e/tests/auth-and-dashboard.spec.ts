import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { newMember, signIn, signOut, signUp } from '../support/accounts.ts';

test('sign up, greeting, reload keeps the session, sign out, sign in again', async ({ page }) => {
  const m = newMember('Jordan', 'Reyes');
  await signUp(page, m);
  await expect(
    page
      .getByRole('heading', { name: 'Good Evening JORDAN' })
      .or(page.getByRole('heading', { name: 'Good Evening, JORDAN' })),
  ).toBeVisible();

  await page.reload();
  await expect(page.getByRole('heading', { name: /Good Evening.*JORDAN/ })).toBeVisible();

  await signOut(page);
  await signIn(page, m.email, m.password);
  await expect(page.getByRole('heading', { name: /Good Evening.*JORDAN/ })).toBeVisible();
});

test('sign-up validation shows the first failing rule', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Troop number').fill('7');
  await page.getByLabel('Email address').fill('sam@troop7.example');
  await page.getByLabel('Password', { exact: true }).fill('longenough');
  await page.getByLabel('Confirm password').fill('different1');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
});

test('wrong password shows the service message', async ({ page }) => {
  const m = newMember('Riley', 'Shaw');
  await signUp(page, m);
  await signOut(page);
  await signIn(page, m.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
});

test('mobile viewport shows the bottom tab bar and no horizontal scroll', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await signUp(page, newMember('Casey', 'Ng'));
  const tabBar = page.getByRole('navigation', { name: /bottom|tab bar|mobile/i });
  await expect(tabBar).toBeVisible();
  const box = await tabBar.boundingBox();
  expect(box && box.y + box.height).toBeGreaterThan(844 - 2);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await context.close();
});

test('axe finds no serious or critical violation on the auth screen and the dashboard', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  const serious = (r: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
    r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help}`);
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
  await signUp(page, newMember('Avery', 'Kim'));
  expect(serious(await new AxeBuilder({ page }).analyze())).toEqual([]);
});

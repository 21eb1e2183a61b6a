import { expect, test } from '../support/fixtures.ts';
import { pageIn, sidewaysOverflow, VIEWPORTS, type ViewportName } from '../support/viewports.ts';
import { newMember, signIn, signOut, signUp } from '../support/accounts.ts';
import { createAccount, openAuthScreen } from '../support/sessions.ts';

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

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: sign-up validation shows the first failing rule`, async ({ browser }) => {
    const page = await pageIn(browser, vp);
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

    // A message goes as soon as the field it names is fixed, before anything is sent again.
    await page.getByLabel('Confirm password').fill('longenough');
    await expect(page.getByText('Passwords do not match')).toBeHidden();
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
    await page.getByLabel('Password', { exact: true }).fill('long-enough-now');
    await page.getByLabel('Confirm password').fill('long-enough-now');
    await expect(page.getByText('Password must be at least 8 characters long')).toBeHidden();
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.context().close();
  });
}

test('wrong password shows the service message', async ({ page }) => {
  const m = newMember('Riley', 'Shaw');
  await createAccount(m);
  await openAuthScreen(page);
  await signIn(page, m.email, 'not-the-password');
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
});

test('mobile viewport shows the bottom tab bar and no horizontal scroll', async ({
  signedInPage,
}) => {
  const { page } = await signedInPage('member', 'phone');
  const tabBar = page.getByRole('navigation', { name: /bottom|tab bar|mobile/i });
  await expect(tabBar).toBeVisible();
  const box = await tabBar.boundingBox();
  expect(box && box.y + box.height).toBeGreaterThan(844 - 2);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { newMember, signIn, signOut, signUp } from '../support/accounts.ts';
import { linkInMail, mailsTo } from '../support/mailbox.ts';

const greeting = (firstName: string) => new RegExp(`Good Evening.*${firstName.toUpperCase()}`);

/** The one-time token of an emailed link must leave the address bar once the app has read it. */
async function expectNoTokenInAddress(page: Page) {
  await expect.poll(() => new URL(page.url()).search).toBe('');
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help}`);
}

test('forgot password: the mailed link sets a new password and signs in; only the new one works', async ({
  page,
  request,
}) => {
  const m = newMember('Morgan', 'Hale');
  await signUp(page, m);
  await signOut(page);

  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
  await page.getByLabel('Email address').fill(m.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we sent a link to reset the password.'),
  ).toBeVisible();

  const link = await linkInMail(request, m.email, 1);
  expect(new URL(link).searchParams.get('type')).toBe('reset');
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectNoTokenInAddress(page);
  expect(await seriousViolations(page)).toEqual([]);

  const newPassword = 'new-trail-2027';
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password').fill('short');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();

  await signOut(page);
  await signIn(page, m.email, m.password);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signIn(page, m.email, newPassword);
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();

  // The link worked once.
  await signOut(page);
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('third-password-1');
  await page.getByLabel('Confirm new password').fill('third-password-1');
  await page.getByRole('button', { name: 'Set Password' }).click();
  await expect(page.getByText('Verification failed. Please try again.')).toBeVisible();
});

test('forgot password gives the same confirmation for an address without an account', async ({
  page,
  request,
}) => {
  const confirmation = page.getByText(
    'If an account exists for that address, we sent a link to reset the password.',
  );
  const askForReset = async (email: string) => {
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(confirmation).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  };
  const m = newMember('Rowan', 'Fox');
  await signUp(page, m);
  await signOut(page);

  const stranger = `nobody.${Date.now().toString(36)}@troop214.example`;
  await askForReset(stranger);
  await askForReset(m.email);
  // The member's mail, asked for later, has arrived: none went to the stranger.
  await linkInMail(request, m.email, 1);
  expect(await mailsTo(request, stranger)).toEqual([]);
});

test('email me a sign-in link: the mailed link signs in and opens the dashboard', async ({
  page,
  request,
}) => {
  const m = newMember('Quinn', 'Ortiz');
  await signUp(page, m);
  await signOut(page);

  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in with an email link' })).toBeVisible();
  await page.getByLabel('Email address').fill(m.email);
  await page.getByRole('button', { name: 'Send sign-in link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we sent a link to sign in.'),
  ).toBeVisible();

  const link = await linkInMail(request, m.email, 1);
  expect(new URL(link).searchParams.get('magic_token')).toBeTruthy();
  await page.goto(link);
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
  await expectNoTokenInAddress(page);
  await page.reload();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();

  // A spent link says so on the auth screen, in the catalogue's words.
  await signOut(page);
  await page.goto(link);
  await expect(page.getByRole('alert')).toHaveText('Verification failed. Please try again.');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('verification banner: Resend mails a link that verifies the address', async ({
  page,
  request,
}) => {
  const m = newMember('Devon', 'Park');
  await signUp(page, m);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await expect(banner).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await banner.getByRole('button', { name: 'Resend' }).click();
  await expect(banner.getByRole('status')).toHaveText('Verification email sent');
  const link = await linkInMail(request, m.email, 1);
  expect(new URL(link).searchParams.get('type')).toBe('verify');

  await page.goto(link);
  await expect(page.getByText('Email verified')).toBeVisible();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
  await expectNoTokenInAddress(page);
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
  await expect(banner).toBeHidden();
});

test('verification banner: Dismiss hides it for the rest of the visit', async ({
  page,
  request,
}) => {
  const m = newMember('Harper', 'Cole');
  await signUp(page, m);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
  await expect(banner).toBeHidden();
  expect(await mailsTo(request, m.email)).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import {
  pageIn,
  seriousViolations,
  sidewaysOverflow,
  VIEWPORTS,
  type ViewportName,
} from '../support/viewports.ts';
import { newMember, signIn, signOut } from '../support/accounts.ts';
import { createAccount, joinThroughApi, openAuthScreen } from '../support/sessions.ts';
import { linkInMail, mailsTo } from '../support/mailbox.ts';

const greeting = (firstName: string) => new RegExp(`Good Evening.*${firstName.toUpperCase()}`);

/** The one-time token of an emailed link must leave the address bar once the app has read it. */
async function expectNoTokenInAddress(page: Page) {
  await expect.poll(() => new URL(page.url()).search).toBe('');
}

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: forgot password: the mailed link sets a new password and signs in; only the new one works`, async ({
    browser,
    request,
  }) => {
    const page = await pageIn(browser, vp);
    const m = newMember('Morgan', 'Hale');
    await createAccount(m);
    await openAuthScreen(page);

    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email address').fill(m.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(
      page.getByText(
        'If an account exists for that address, we sent a link to reset the password.',
      ),
    ).toBeVisible();

    const link = await linkInMail(request, m.email, 1);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expectNoTokenInAddress(page);
    expect(await seriousViolations(page)).toEqual([]);

    const newPassword = 'new-trail-2027';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill('something-else');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    // The message goes as soon as an edit fixes what it names.
    await page.getByLabel('Confirm new password').fill(newPassword);
    await expect(page.getByText('Passwords do not match')).toBeHidden();
    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByLabel('Confirm new password').fill('short');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();

    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await expect(page.getByText('Password must be at least 8 characters long')).toBeHidden();
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
    // A spent link says what happened, and a new one is a click away.
    await expect(page.getByText('This link has expired or was already used.')).toBeVisible();
    await expect(page.getByText('Verification failed. Please try again.')).toHaveCount(0);
    await page.getByRole('button', { name: 'Send a new reset link' }).click();
    // (Mailing it is the forgot-password form's, tested above; one mail a minute per address.)
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible();
    await page.context().close();
  });
}

// That no mail goes to an address without an account is server/src/auth/recovery.test.ts's.
test('forgot password gives the same confirmation for an address without an account', async ({
  page,
}) => {
  const confirmation = page.getByText(
    'If an account exists for that address, we sent a link to reset the password.',
  );
  const askForReset = async (email: string) => {
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await page.getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(confirmation).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  };
  const m = newMember('Rowan', 'Fox');
  await createAccount(m);
  await openAuthScreen(page);

  const stranger = `nobody.${Date.now().toString(36)}@troop214.example`;
  await askForReset(stranger);
  await askForReset(m.email);
});

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: email me a sign-in link: the mailed link signs in and opens the dashboard`, async ({
    browser,
    request,
  }) => {
    const page = await pageIn(browser, vp);
    const m = newMember('Quinn', 'Ortiz');
    await createAccount(m);
    await openAuthScreen(page);

    await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with an email link' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email address').fill(m.email);
    await page.getByRole('button', { name: 'Send sign-in link' }).click();
    await expect(
      page.getByText('If an account exists for that address, we sent a link to sign in.'),
    ).toBeVisible();

    const link = await linkInMail(request, m.email, 1);
    await page.goto(link);
    await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
    await expectNoTokenInAddress(page);
    await page.reload();
    await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();

    // A spent link says so on the auth screen, in the catalogue's words.
    await signOut(page);
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used.');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await page.getByRole('button', { name: 'Email me a new sign-in link' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in with an email link' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByRole('button', { name: 'Send sign-in link' })).toBeVisible();
    await page.context().close();
  });
}

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: verification banner: Resend mails a link that verifies the address; a spent one offers a new one`, async ({
    browser,
    request,
  }) => {
    const page = await pageIn(browser, vp);
    const m = newMember('Devon', 'Park');
    await joinThroughApi(page, m);
    const banner = page.getByRole('region', { name: 'Email verification' });
    await expect(banner).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    await banner.getByRole('button', { name: 'Resend' }).click();
    await expect(banner.getByRole('status')).toHaveText('Verification email sent');
    const link = await linkInMail(request, m.email, 1);

    await page.goto(link);
    await expect(page.getByText('Email verified')).toBeVisible();
    await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
    await expectNoTokenInAddress(page);
    await expect(banner).toBeHidden();
    await page.reload();
    await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
    await expect(banner).toBeHidden();

    // Opened again by a member signed in and not yet verified, the spent link offers them a new
    // one right there (it sends what the signed-out way below sends: one mail a minute each).
    await signOut(page);
    const other = newMember('Ellis', 'Grant');
    await joinThroughApi(page, other);
    await page.goto(link);
    const toast = page.locator('[data-sonner-toast]').filter({
      hasText: 'This link has expired or was already used.',
    });
    await expect(
      toast.getByRole('button', { name: 'Send a new verification email' }),
    ).toBeVisible();

    // Signed out, the auth screen says what happened, and the new email goes out with the sign-in.
    await signOut(page);
    await page.goto(link);
    await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used.');
    await page.getByRole('button', { name: 'Send a new verification email' }).click();
    await expect(
      page.getByText('Sign in below: the new verification email goes out as soon as you do.'),
    ).toBeVisible();
    await expect(page.getByLabel('Email address')).toBeFocused();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Email address').fill(other.email);
    await page.getByLabel('Password', { exact: true }).fill(other.password);
    await page.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(page.getByRole('heading', { name: greeting(other.firstName) })).toBeVisible();
    await expect(page.getByText('Verification email sent')).toBeVisible();
    await page.context().close();
  });
}

// That signing up mails nothing is server/src/auth/sign-up-sends-no-mail.test.ts's.
test('verification banner: Dismiss hides it for the rest of the visit', async ({ page }) => {
  const m = newMember('Harper', 'Cole');
  await joinThroughApi(page, m);
  const banner = page.getByRole('region', { name: 'Email verification' });
  await banner.getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: greeting(m.firstName) })).toBeVisible();
  await expect(banner).toBeHidden();
});

// What the mails say and link to (one link, the same in both parts) is the server's
// (server/src/auth/recovery.test.ts, magic-link.test.ts, email-verification.test.ts).
test('the reset, sign-in and verification mails fit a screen 390 px wide', async ({
  browser,
  request,
}) => {
  // The account is made the way the sign-up form makes it: the mails are what this is about.
  const m = newMember('Noor', 'Haddad');
  const { firstName, lastName, troopNumber, troopRole } = m;
  const signedUp = await request.post('/api/auth/signup', {
    data: {
      email: m.email,
      password: m.password,
      displayName: `${firstName} ${lastName}`,
      metadata: { firstName, lastName, troopNumber, troopRole },
    },
  });
  expect(signedUp.ok()).toBe(true);
  const { access_token } = (await signedUp.json()) as { access_token: string };
  const asks = [
    request.post('/api/auth/password/reset', { data: { email: m.email } }),
    request.post('/api/auth/signin/magic', { data: { email: m.email } }),
    request.post('/api/auth/email/verify/send', {
      headers: { Authorization: `Bearer ${access_token}` },
      data: {},
    }),
  ];
  for (const answer of await Promise.all(asks)) expect(answer.ok()).toBe(true);
  await expect.poll(async () => (await mailsTo(request, m.email)).length).toBe(3);

  // A mail app's reading pane on a phone: no page zoom, the mail gets 390 px.
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  for (const mail of await mailsTo(request, m.email)) {
    await page.setContent(mail.html);
    expect(await sidewaysOverflow(page), mail.subject).toBeLessThanOrEqual(0);
    // The link to tap is there, and no link reaches past the edge.
    const anchors = await page.locator('a[href]').evaluateAll((as) =>
      as.map((a) => ({
        href: (a as HTMLAnchorElement).href,
        fits: a.getBoundingClientRect().right <= window.innerWidth,
      })),
    );
    expect(anchors.length, mail.subject).toBeGreaterThan(0);
    expect(
      anchors.filter((a) => !a.fits),
      mail.subject,
    ).toEqual([]);
  }
  await context.close();
});

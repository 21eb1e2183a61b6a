import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { chooseTroopRole, newMember, signIn, signOut } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { pngImage } from '../support/png.ts';
import { seriousViolations } from '../support/viewports.ts';

const STORED_IMAGE = 'img[src*="/api/storage/"]';

async function openProfile(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

async function backToDashboard(page: Page) {
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: /Good Evening/ })).toBeVisible();
}

test('an uploaded avatar shows on the profile, on the dashboard, and after a reload', async ({
  page,
}) => {
  await joinThroughApi(page, newMember('Morgan', 'Hale'));
  await expect(page.locator(`header ${STORED_IMAGE}`)).toHaveCount(0);
  await openProfile(page);

  await expect(page.getByRole('button', { name: 'Change avatar' })).toBeEnabled();
  await page.getByLabel('Avatar image').setInputFiles({
    name: 'campfire.png',
    mimeType: 'image/png',
    buffer: pngImage(64, 64),
  });
  await expect(
    page.getByRole('status').filter({ hasText: 'Profile picture updated.' }),
  ).toBeVisible();
  const onProfile = page.getByRole('button', { name: 'Change avatar' }).locator(STORED_IMAGE);
  await expect(onProfile).toBeVisible();
  // The picture's path, and that it is served to anyone holding its address, are
  // web/src/screens/profile/avatar-file.test.ts's and server/src/storage/avatar.test.ts's.
  const src = await onProfile.getAttribute('src');

  await backToDashboard(page);
  await expect(page.locator(`header ${STORED_IMAGE}`)).toHaveAttribute('src', src ?? '');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: /Good Evening/ })).toBeVisible();
  await expect(page.locator(`header ${STORED_IMAGE}`)).toHaveAttribute('src', src ?? '');
});

test('the avatar checks refuse a non-image and an image of 5 MB or more before uploading', async ({
  page,
}) => {
  await joinThroughApi(page, newMember('Quinn', 'Ford'));
  await openProfile(page);
  const uploads: string[] = [];
  page.on('request', (req) => {
    if (req.url().includes('/api/storage/')) uploads.push(req.url());
  });
  const picker = page.getByLabel('Avatar image');

  await picker.setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Bring a flashlight.'),
  });
  await expect(page.getByRole('alert')).toHaveText('Please upload an image file');

  await picker.setInputFiles({
    name: 'huge.png',
    mimeType: 'image/png',
    buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 0x50),
  });
  await expect(page.getByRole('alert')).toHaveText('Image size must be less than 5MB');

  expect(uploads).toEqual([]);
  await expect(
    page.getByRole('button', { name: 'Change avatar' }).locator(STORED_IMAGE),
  ).toHaveCount(0);
});

test('edited names and troop are saved, survive a reload and rename the greeting', async ({
  page,
}) => {
  const m = newMember('Jamie', 'Cole');
  await joinThroughApi(page, m);
  await openProfile(page);

  await expect(page.getByText(`Email: ${m.email}`)).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Jamie');
  await expect(page.getByLabel('Last name')).toHaveValue('Cole');
  await expect(page.getByLabel('Troop number')).toHaveValue('214');
  await expect(page.getByLabel('Troop role')).toHaveValue('Scoutmaster');

  await page.getByLabel('First name').fill('   ');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByRole('alert')).toHaveText('All fields are required');

  await page.getByLabel('First name').fill(' Taylor ');
  await page.getByLabel('Last name').fill('Brooks-Lane');
  await page.getByLabel('Troop number').fill('88');
  await chooseTroopRole(page, 'Council Member');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const saved = page.getByRole('status').filter({ hasText: 'Profile updated successfully!' });
  await expect(saved).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Taylor Brooks-Lane' })).toBeVisible();
  // docs/product.md section 4: the success message clears itself. (What the save leaves in the
  // users and custom_users tables is server/src/rest/saved-profile-rows.test.ts's.)
  await expect(saved).toHaveCount(0);

  await backToDashboard(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Good Evening, TAYLOR' })).toBeVisible();
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu').getByText('Taylor', { exact: true })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Good Evening, TAYLOR' })).toBeVisible();
  await openProfile(page);
  await expect(page.getByLabel('First name')).toHaveValue('Taylor');
  await expect(page.getByLabel('Last name')).toHaveValue('Brooks-Lane');
  await expect(page.getByLabel('Troop number')).toHaveValue('88');
  await expect(page.getByLabel('Troop role')).toHaveValue('Council Member');
});

test('changing the password: the old one stops working and the new one signs in', async ({
  page,
}) => {
  const m = newMember('Robin', 'Vale');
  const newPassword = 'northstar-2027';
  await joinThroughApi(page, m);
  await openProfile(page);
  const current = page.getByLabel('Current password', { exact: true });
  const next = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  const change = page.getByRole('button', { name: 'Change Password' });

  await current.fill(m.password);
  await next.fill(newPassword);
  await confirm.fill('northstar-2028');
  await change.click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  // The message goes as soon as an edit fixes what it names.
  await confirm.fill(newPassword);
  await expect(page.getByText('Passwords do not match')).toBeHidden();

  await next.fill('short');
  await confirm.fill('short');
  await change.click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 8 characters long');

  await current.fill('not-my-password');
  await next.fill(newPassword);
  await confirm.fill(newPassword);
  await expect(page.getByText('Password must be at least 8 characters long')).toBeHidden();
  await change.click();
  await expect(page.getByRole('alert')).toHaveText('The current password is not correct');
  // A wrong current password does not end the session.
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

  await current.fill(m.password);
  await change.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'Password changed successfully!' }),
  ).toBeVisible();
  await expect(current).toHaveValue('');
  await expect(next).toHaveValue('');
  await expect(confirm).toHaveValue('');

  await backToDashboard(page);
  await signOut(page);
  await signIn(page, m.email, m.password);
  await expect(page.getByText('Invalid email or password. Please try again.')).toBeVisible();
  await signIn(page, m.email, newPassword);
  await expect(page.getByRole('heading', { level: 1, name: 'Good Evening, ROBIN' })).toBeVisible();
});

test('axe finds no serious or critical violation on the profile screen', async ({ page }) => {
  await joinThroughApi(page, newMember('Avery', 'Stone'));
  await openProfile(page);
  expect(await seriousViolations(page)).toEqual([]);

  // With messages showing, too.
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByLabel('Current password', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Change Password' }).click();
  await expect(page.getByRole('alert')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
});

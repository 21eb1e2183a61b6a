/**
 * A troop's first start: no admin yet, so the server leaves a one-time setup link in its data
 * folder; whoever started it opens the link and creates the first admin in the browser.
 */
import { expect, test } from '../support/fixtures.ts';
import { startTroopServer, type TroopServer } from '../support/troop-server.ts';
import { seriousViolations } from '../support/viewports.ts';

test.describe('first admin', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test('the setup link creates the first admin, signed in, and works once', async ({ page }) => {
    troop = await startTroopServer();
    const link = await troop.setupLink();

    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Create the first admin' })).toBeVisible();
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Your name').fill('Pat Council');
    await page.getByLabel('Email address').fill('pat@troop214.example');
    await page.getByLabel('Password', { exact: true }).fill('council-fire-2026');
    await page.getByLabel('Confirm password').fill('council-fire-2027');
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await expect(page.getByText('Passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill('council-fire-2026');
    // The message goes as soon as an edit fixes what it names.
    await expect(page.getByText('Passwords do not match')).toBeHidden();
    await page.getByRole('button', { name: 'Create Admin Account' }).click();
    await expect(page.getByRole('heading', { name: /Good Evening.*PAT/ })).toBeVisible();

    // The admin's account menu offers the Members screen; the link is spent.
    await page.getByRole('button', { name: /account menu/i }).click();
    await expect(page.getByRole('menuitem', { name: 'Members' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.goto(link);
    await expect(page.getByText('This setup link has expired or was already used.')).toBeVisible();
    await page.getByRole('button', { name: 'Back to sign in' }).click();
    await expect(page.getByRole('heading', { name: /Good Evening.*PAT/ })).toBeVisible();
  });
});

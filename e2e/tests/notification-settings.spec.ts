/**
 * A member chooses which event mails they get on the profile screen: reminders off, then on
 * again a day ahead instead of two; the choice outlives a reload. On a laptop and on a phone,
 * with axe finding nothing serious.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { pageIn, seriousViolations, VIEWPORTS, type ViewportName } from '../support/viewports.ts';

async function openProfile(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

const section = (page: Page) => page.getByRole('region', { name: 'Notifications' });

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(vp, () => {
    test('a member turns reminders off, then on a day ahead, and the choice stays', async ({
      browser,
    }) => {
      const page = await pageIn(browser, vp);
      await joinThroughApi(page, newMember('Robin', 'Hale'));
      await openProfile(page);
      const settings = section(page);
      const reminders = settings.getByRole('checkbox', { name: /^Reminders/ });
      const hours = settings.getByLabel('Hours before an event');
      const save = settings.getByRole('button', { name: 'Save notifications' });

      await expect(reminders).toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /^New events/ })).toBeChecked();
      await expect(
        settings.getByRole('checkbox', { name: /^Changes and cancellations/ }),
      ).toBeChecked();
      await expect(hours).toHaveValue('48');

      await reminders.uncheck();
      await expect(hours).toBeDisabled();
      await save.click();
      await expect(
        settings.getByRole('status').filter({ hasText: 'Notification settings saved.' }),
      ).toBeVisible();

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(reminders).not.toBeChecked();

      await reminders.check();
      await hours.fill('200');
      await save.click();
      await expect(
        settings.getByText('Choose a whole number of hours from 1 to 168.'),
      ).toBeVisible();
      await expect(hours).toHaveAttribute('aria-invalid', 'true');
      await hours.fill('24');
      await save.click();
      await expect(
        settings.getByRole('status').filter({ hasText: 'Notification settings saved.' }),
      ).toBeVisible();

      // The page fits the screen: nothing to scroll sideways on a phone.
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
      await expect(reminders).toBeChecked();
      await expect(hours).toHaveValue('24');
      await page.context().close();
    });
  });
}

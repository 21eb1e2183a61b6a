/**
 * Analytics in the browser: a member's screens arrive as pageviews (and the sign-up as a custom
 * event), and an admin reads them on the Analytics screen, chart and tables, with no serious axe
 * findings. A plain member is not offered the screen.
 */
import type { Page } from '@playwright/test';
import { newMember, signUp } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { apiSession, createEvent, openCalendar, removeOwnEvents } from '../support/calendar.ts';
import { seriousViolations } from '../support/viewports.ts';

const LOG = /\/api\/analytics\/[^/]+\/log$/;

async function openAccountMenu(page: Page) {
  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
}

test('a member’s screens appear as pageviews on the admin’s Analytics screen', async ({
  browser,
  signedInPage,
}) => {
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  // Every batch the member's page delivers.
  const delivered: string[] = [];
  member.on('response', (res) => {
    if (LOG.test(res.url()) && res.status() === 200) delivered.push(res.request().postData() ?? '');
  });
  await signUp(member, newMember('Jordan', 'Lee'));
  await openAccountMenu(member);
  await member.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(member.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
  // A member is not offered analytics.
  await openAccountMenu(member);
  await expect(member.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  await expect(member.getByRole('menuitem', { name: 'Analytics' })).toHaveCount(0);
  await member.keyboard.press('Escape');
  // The calendar is a screen too, and adding an event is an app event of its own.
  await member.getByRole('button', { name: 'Back' }).first().click();
  await openCalendar(member);
  await createEvent(member, { name: 'Analytics check-in', date: '2031-03-04', time: '18:00' });
  // Batches leave 3 s after the first waiting event; wait until the last of them has arrived.
  await expect
    .poll(() => delivered.join('\n'), { timeout: 20_000 })
    .toMatch(/"\/profile"[\s\S]*"\/calendar"[\s\S]*"event_created"/);
  // The calendar is the troop's: the journeys after this one find it as it was.
  await removeOwnEvents(member.request, await apiSession(member));
  await memberContext.close();

  const { page } = await signedInPage('admin');
  await openAccountMenu(page);
  await page.getByRole('menuitem', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 1 })).toBeVisible();

  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('img', { name: /Visitors over time: [1-9]/ })).toBeVisible();
  const topPages = page.getByRole('table', { name: 'Top pages' });
  await expect(topPages.getByRole('rowheader', { name: '/dashboard', exact: true })).toBeVisible();
  await expect(topPages.getByRole('rowheader', { name: '/profile', exact: true })).toBeVisible();
  await expect(topPages.getByRole('rowheader', { name: '/auth', exact: true })).toBeVisible();
  await expect(topPages.getByRole('rowheader', { name: '/calendar', exact: true })).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Custom events' })
      .getByRole('rowheader', { name: 'event_created', exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Custom events' })
      .getByRole('rowheader', { name: 'signup', exact: true }),
  ).toBeVisible();
  await expect(
    page
      .getByRole('table', { name: 'Channels' })
      .getByRole('rowheader', { name: 'Direct', exact: true }),
  ).toBeVisible();
  const visitors = page.getByRole('definition').first();
  await expect(visitors).not.toHaveText('0');

  // The chart's text alternative as a table.
  await page.getByText('Visitors over time as a table').click();
  const overTime = page.getByRole('table', { name: 'Visitors, visits and pageviews over time' });
  await expect(overTime.getByRole('columnheader', { name: 'Pageviews' })).toBeVisible();
  await expect(overTime.getByRole('row').nth(23)).toBeVisible(); // a header and an hour each

  // A custom range.
  await page.getByRole('button', { name: 'Custom' }).click();
  await expect(page.getByLabel('From')).toBeVisible();

  expect(await seriousViolations(page)).toEqual([]);
});

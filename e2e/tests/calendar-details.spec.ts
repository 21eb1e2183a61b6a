/**
 * Event details in the browser: end time, location with its map link, a plain-text description
 * whose web addresses are links and whose markup stays text, and a category named in text; an
 * event cancelled elsewhere shows as cancelled with its reason. Desktop and phone, axe clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import {
  apiSession,
  eventRow,
  listedDate,
  membersWhoCleanUp,
  openCalendar,
  enterEvent,
} from '../support/calendar.ts';
import { DAY_MS, daysAhead, isoDate, todayUtc } from '../support/dates.ts';
import { closeToasts, seriousViolations, waitForToastsToGo } from '../support/viewports.ts';

const members = membersWhoCleanUp();

/** Axe looks once the toast the step shows has come and gone. */
async function waitForTheToast(page: Page) {
  await expect(page.locator('[data-sonner-toast]').first()).toBeVisible();
  await waitForToastsToGo(page);
}

// Dates stay ahead of today whenever the journeys run: a past event waits behind Show earlier events.
const CAMP = {
  name: 'Spring Campout',
  date: daysAhead(140),
  time: '09:00',
  end: '17:30',
  location: 'Pine Lake Scout Camp, Route 9',
  description: 'Packing list: https://troop.example/packing.\n<b>Bring</b> boots',
};

async function createDetailedEvent(page: Page, name = CAMP.name) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByLabel('Date', { exact: true }).fill(CAMP.date);
  await dialog.getByLabel('Time', { exact: true }).fill(CAMP.time);
  await dialog.getByLabel('End time (optional)').fill(CAMP.end);
  await dialog.getByLabel('Category (optional)').selectOption({ label: 'Campout' });
  await dialog.getByLabel('Location (optional)').fill(CAMP.location);
  await dialog.getByLabel('Description (optional)').fill(CAMP.description);
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
}

async function expectDetails(page: Page, name = CAMP.name) {
  const row = eventRow(page, name);
  await expect(row).toContainText('9:00 AM to 5:30 PM');
  await expect(row).toContainText('Campout');
  await expect(row).toContainText(`Where: ${CAMP.location}`);
  const map = row.getByRole('link', { name: /^Map/ });
  await expect(map).toHaveAttribute(
    'href',
    `https://www.openstreetmap.org/search?query=${encodeURIComponent(CAMP.location)}`,
  );
  await expect(map).toHaveAttribute('target', '_blank');
  await expect(row.getByRole('link', { name: 'https://troop.example/packing' })).toHaveAttribute(
    'href',
    'https://troop.example/packing',
  );
  // Markup a member typed is text, never HTML.
  await expect(row).toContainText('<b>Bring</b> boots');
  await expect(row.locator('b')).toHaveCount(0);
}

test('a member adds an event with its details and every member sees them', async ({ page }) => {
  await members.join(page, newMember('Dana', 'Reyes'));
  await openCalendar(page);
  await createDetailedEvent(page);
  await expectDetails(page);
  await waitForTheToast(page);
  // Stored: a reload shows the same.
  await page.reload();
  await openCalendar(page);
  await expectDetails(page);
  expect(await seriousViolations(page)).toEqual([]);
});

test('an end before the start is refused in the form, next to the field', async ({ page }) => {
  await members.join(page, newMember('Eli', 'Moss'));
  await openCalendar(page);
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill('Late hike');
  await dialog.getByLabel('Date', { exact: true }).fill(daysAhead(150));
  await dialog.getByLabel('Time', { exact: true }).fill('18:00');
  await dialog.getByLabel('End time (optional)').fill('17:00');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog.getByText('The end must be after the start')).toBeVisible();
  await expect(dialog.getByLabel('End time (optional)')).toBeFocused();
  // Moving the start, not the end, fixes it as well: the message goes.
  await dialog.getByLabel('Time', { exact: true }).fill('16:00');
  await expect(dialog.getByText('The end must be after the start')).toBeHidden();
});

test('on a phone, a cancelled event shows its reason beside its details', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await members.join(page, newMember('Fay', 'Ngata'));
  await openCalendar(page);
  const name = 'Fall Campout';
  await createDetailedEvent(page, name);
  // Cancelled through the Data API, as another client would.
  const { headers, eventsPath } = await apiSession(page);
  const cancelled = await page.request.patch(
    `${eventsPath}?event_name=eq.${encodeURIComponent(name)}`,
    { headers, data: { status: 'cancelled', cancelReason: 'Trail closed' } },
  );
  expect(cancelled.ok()).toBe(true);
  await expect(eventRow(page, name)).toContainText('Cancelled: Trail closed');
  await expectDetails(page, name);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();
});

test('the creator fixes an event in the same dialog and cancels another with a reason', async ({
  page,
  signedInPage,
}) => {
  await members.join(page, newMember('Gus', 'Hale'));
  // A name of this run's own: the troop's calendar is shared with journeys running beside it.
  const name = `Knot Night ${Date.now().toString(36).slice(-5)}`;
  // Entered through the Data API as the Create dialog enters it: filling that dialog in is the
  // journey 'a member adds an event with its details'; this one is about the Edit dialog.
  const api = await apiSession(page);
  await enterEvent(page, api, {
    id: `event_${Date.now()}_knots`,
    eventName: name,
    eventDate: CAMP.date,
    eventTime: CAMP.time,
    endTime: CAMP.end,
    category: 'campout',
    location: CAMP.location,
    description: CAMP.description,
    creatorName: 'Gus Hale',
  });
  await openCalendar(page);

  await eventRow(page, name)
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Event' });
  // The same dialog, filled with the event, opening on its first field.
  await expect(dialog.getByLabel('Event name')).toBeFocused();
  await expect(dialog.getByLabel('Location (optional)')).toHaveValue(CAMP.location);
  await expect(dialog.getByLabel('Category (optional)')).toHaveValue('campout');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByLabel('Time', { exact: true }).fill('10:00');
  await dialog.getByLabel('Location (optional)').fill('Church Hall');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toBeHidden();
  const row = eventRow(page, name);
  await expect(row).toContainText('10:00 AM to 5:30 PM');
  await expect(row).toContainText('Where: Church Hall');
  // Focus is back on the menu button the dialog was opened from.
  const more = row.getByRole('button', { name: `More actions: ${name}` });
  await expect(more).toBeFocused();

  // The saved toast closed as a person would, so axe reads no half-faded toast.
  await expect(page.getByText('Event saved', { exact: true })).toBeVisible();
  await closeToasts(page);
  await more.click();
  await page.getByRole('menuitem', { name: 'Cancel event', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this event?' });
  await cancel.getByLabel('Reason (optional)').fill('Hall double-booked');
  expect(await seriousViolations(page)).toEqual([]);
  await cancel.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(cancel).toBeHidden();
  await expect(row).toContainText('Cancelled: Hall double-booked');
  // A cancelled event takes no answers, and cannot be cancelled again.
  await expect(row.getByRole('button', { name: `RSVP: ${name}` })).toHaveCount(0);
  await more.click();
  const menu = page.getByRole('menu', { name: `More actions: ${name}` });
  await expect(menu.getByRole('menuitem')).toHaveText(['Add to calendar', 'Edit', 'Delete']);
  // The menu takes the focus as it opens (a moment after it shows); Escape then gives it back.
  await expect.poll(() => menu.evaluate((m) => m.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(more).toBeFocused();

  // Another member sees the change live, and no Edit on someone else's event.
  const { page: otherPage } = await signedInPage('member');
  await openCalendar(otherPage);
  await expect(eventRow(otherPage, name)).toContainText('Cancelled: Hall double-booked');
  await eventRow(otherPage, name)
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await expect(
    otherPage.getByRole('menu', { name: `More actions: ${name}` }).getByRole('menuitem'),
  ).toHaveText(['Add to calendar']);
});

test('the category filter shows one category, named in text', async ({ page }) => {
  await members.join(page, newMember('Jo', 'Park'));
  await openCalendar(page);
  await createDetailedEvent(page, 'Filter Campout');
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill('Filter Car Wash');
  await dialog.getByLabel('Date', { exact: true }).fill(daysAhead(141));
  await dialog.getByLabel('Time', { exact: true }).fill('10:00');
  await dialog.getByLabel('Category (optional)').selectOption({ label: 'Fundraiser' });
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();

  const filter = page.getByLabel('Show category');
  await filter.selectOption({ label: 'Fundraiser' });
  await expect(eventRow(page, 'Filter Car Wash')).toContainText('Fundraiser');
  await expect(eventRow(page, 'Filter Campout')).toHaveCount(0);
  await filter.selectOption({ label: 'Service' });
  await expect(page.getByText('No events in this category.')).toBeVisible();
  await filter.selectOption({ label: 'All categories' });
  await expect(eventRow(page, 'Filter Campout')).toBeVisible();
  await expect(eventRow(page, 'Filter Car Wash')).toBeVisible();
});

test('an all-day campout over several days needs no time and shows its days', async ({ page }) => {
  // July of next year: ahead whenever the journey runs, and in another year, so the days carry it.
  const summerCamp = Date.UTC(new Date(todayUtc()).getUTCFullYear() + 1, 6, 7);
  await members.join(page, newMember('Kai', 'Ortiz'));
  await openCalendar(page);
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill('Summer Camp Week');
  await dialog.getByLabel('Date', { exact: true }).fill(isoDate(summerCamp));
  await dialog.getByLabel('All day').check();
  await expect(dialog.getByLabel('Time', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Last day (optional)').fill(isoDate(summerCamp + 7 * DAY_MS));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  // Whole days: the first and the last, with no time.
  const days = `${listedDate(summerCamp)} to ${listedDate(summerCamp + 7 * DAY_MS)}`;
  const row = eventRow(page, 'Summer Camp Week');
  await expect(row.locator('time')).toHaveText(days);
  await page.reload();
  await openCalendar(page);
  await expect(eventRow(page, 'Summer Camp Week').locator('time')).toHaveText(days);
});

test('a browser in another time zone is told the troop’s; one in the troop’s is not', async ({
  browser,
}) => {
  const away = await browser.newContext({ timezoneId: 'Europe/Berlin' });
  const awayPage = await away.newPage();
  await members.join(awayPage, newMember('Lena', 'Vogt'));
  await openCalendar(awayPage);
  await expect(
    awayPage.getByText("Times are in the troop's time zone, America/New York."),
  ).toBeVisible();
  await away.close();

  const home = await browser.newContext({ timezoneId: 'America/New_York' });
  const homePage = await home.newPage();
  await members.join(homePage, newMember('Max', 'Hill'));
  await openCalendar(homePage);
  await expect(homePage.getByText("Times are in the troop's time zone")).toHaveCount(0);
  await home.close();
});

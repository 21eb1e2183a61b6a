import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import {
  apiSession,
  createEvent,
  deleteEvent,
  eventRow,
  eventRows,
  fillEventForm,
  membersWhoCleanUp,
  openCalendar,
} from '../support/calendar.ts';
import {
  pageIn,
  seriousViolations,
  sidewaysOverflow,
  waitForToastsToGo,
} from '../support/viewports.ts';

// The empty calendar and the order of the whole list are what these journeys show: they run on
// their worker's own troop server, where no journey running beside them adds events.
test.use({ ownTroop: true });

const members = membersWhoCleanUp();

const COURT = {
  name: 'Court of Honor',
  date: '2031-07-04',
  time: '19:30',
  link: 'https://troop214.example/court-of-honor',
};
const SERVICE = { name: 'Service Day', date: '2031-06-15', time: '08:00' };

test('create, order, another member cannot delete, subscribe, download, delete, empty state', async ({
  page,
  browser,
}) => {
  const leader = newMember('Alex', 'Morgan');
  await members.join(page, leader);
  await openCalendar(page);
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();

  // Created in the wrong order on purpose: the list puts June before July.
  await createEvent(page, COURT);
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await createEvent(page, SERVICE);
  const rows = eventRows(page);
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Service Day');
  await expect(rows.nth(0)).toContainText('Jun 15, 2031');
  await expect(rows.nth(0)).toContainText('8:00 AM');
  await expect(rows.nth(1)).toContainText('Court of Honor');
  await expect(rows.nth(1)).toContainText('Jul 04, 2031');
  await expect(rows.nth(1)).toContainText('7:30 PM');
  await expect(rows.nth(1)).toContainText('Created by Alex Morgan');
  const link = rows.nth(1).getByRole('link', { name: new RegExp(COURT.link) });
  await expect(link).toHaveAttribute('href', COURT.link);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(rows.nth(1).getByRole('button', { name: 'Delete: Court of Honor' })).toBeVisible();

  // A second member, in a browser of their own, sees the event but no Delete button.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await joinThroughApi(other, newMember('Sam', 'Lee'));
  await openCalendar(other);
  const seen = eventRow(other, COURT.name);
  await expect(seen).toContainText('Jul 04, 2031');
  await expect(seen.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expect(eventRows(other).getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  // That the API refuses them too is server/src/rest/calendar-events.test.ts's.
  await otherContext.close();

  // The private feed's link, and a reset one in its place (what the feed serves, and that the
  // old link stops at once, is server/src/calendar/routes.test.ts's).
  await page.getByRole('button', { name: 'Subscribe' }).click();
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to the troop calendar' });
  await expect(subscribe).toContainText(
    'Add this address to Google, Apple or Outlook calendar to see troop events on your phone.',
  );
  const httpsField = subscribe.getByLabel('Calendar link (https)');
  await expect(httpsField).toHaveValue(/\/api\/calendar\/.+\.ics$/);
  const feedUrl = await httpsField.inputValue();
  await expect(subscribe.getByLabel('Calendar app link (webcal)')).toHaveValue(/^webcal:\/\//);
  await subscribe.getByRole('button', { name: 'Reset link' }).click();
  await page
    .getByRole('alertdialog', { name: 'Reset your subscription link?' })
    .getByRole('button', { name: 'Reset link' })
    .click();
  await expect(httpsField).not.toHaveValue(feedUrl);
  await subscribe.getByRole('button', { name: 'Close' }).click();
  await expect(subscribe).toBeHidden();

  // "Add to calendar" saves the event's own .ics file.
  const downloading = page.waitForEvent('download');
  await eventRow(page, COURT.name)
    .getByRole('button', { name: 'Add to calendar: Court of Honor' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Court of Honor.ics');
  const file = await download.createReadStream();
  let ics = '';
  for await (const chunk of file) ics += String(chunk);
  expect(ics).toContain('SUMMARY:Court of Honor');

  // Delete asks first; Cancel keeps the event.
  await eventRow(page, COURT.name).getByRole('button', { name: 'Delete: Court of Honor' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(eventRow(page, COURT.name)).toBeVisible();
  await deleteEvent(page, COURT.name);
  await expect(page.getByText('Event deleted', { exact: true }).first()).toBeVisible();
  await deleteEvent(page, SERVICE.name);
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();

  // A javascript: link is refused before anything is sent.
  const dialog = await fillEventForm(page, {
    ...SERVICE,
    name: 'Sneaky',
    link: 'javascript:alert(1)',
  });
  await expect(dialog.getByText('Links must start with http:// or https://')).toBeVisible();
  await expect(dialog.getByLabel('Link (optional)')).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();
  const session = await apiSession(page);
  const after = await page.request.get(session.eventsPath, { headers: session.headers });
  expect(await after.json()).toEqual([]);

  // The user menu leads back to the dashboard.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Back to Dashboard' }).click();
  await expect(page.getByRole('heading', { name: /Good Evening.*ALEX/ })).toBeVisible();
});

test('past events wait behind "Show earlier events"; a failed create reloads the list', async ({
  page,
}) => {
  await members.join(page, newMember('Jamie', 'Fox'));
  await openCalendar(page);
  await createEvent(page, { name: 'Spring Campout', date: '2020-04-18', time: '09:00' });
  await createEvent(page, { name: 'Winter Klondike', date: '2032-01-10', time: '07:15' });
  // Back on the calendar later: it opens on what is coming up.
  await page.reload();
  await openCalendar(page);
  await expect(eventRow(page, 'Winter Klondike')).toBeVisible();
  await expect(eventRow(page, 'Spring Campout')).toHaveCount(0);
  await page.getByRole('button', { name: /Show earlier events/ }).click();
  await expect(eventRows(page).nth(0)).toContainText('Spring Campout');
  await expect(eventRows(page).nth(0)).toContainText('Apr 18, 2020');

  // The server fails the create: the toast says so and the list comes again from the server.
  let reloads = 0;
  await page.route('**/rest/v1/calendar_events*', async (route) => {
    if (route.request().method() === 'POST') {
      await route.fulfill({
        status: 500,
        json: {
          error: { code: 'INTERNAL_ERROR', message: 'Something went wrong' },
          code: 'INTERNAL_ERROR',
          message: 'Something went wrong',
        },
      });
      return;
    }
    reloads += 1;
    await route.continue();
  });
  const dialog = await fillEventForm(page, {
    name: 'Lost Hike',
    date: '2031-05-01',
    time: '10:00',
  });
  await expect(
    page.getByText(/Could not create the event|Something went wrong/).first(),
  ).toBeVisible();
  await expect(page.getByText(/The list was reloaded from the server/)).toBeVisible();
  await expect.poll(() => reloads).toBeGreaterThan(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(eventRow(page, 'Lost Hike')).toHaveCount(0);
  await page.unroute('**/rest/v1/calendar_events*');

  await deleteEvent(page, 'Spring Campout');
  await deleteEvent(page, 'Winter Klondike');
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();
});

test('a phone-sized screen shows a long link without sideways scrolling', async ({ browser }) => {
  const page = await pageIn(browser, 'phone');
  await members.join(page, newMember('Casey', 'Ng'));
  await openCalendar(page);
  const link = `https://troop214.example/${'very-long-path-segment/'.repeat(12)}`;
  await createEvent(page, { name: 'Canoe Trip', date: '2031-08-20', time: '06:45', link });
  // The row's web link; the event's name is a link too, to the event's own address.
  await expect(
    eventRow(page, 'Canoe Trip').getByRole('link', { name: /very-long-path-segment/ }),
  ).toBeVisible();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  await deleteEvent(page, 'Canoe Trip');
  await page.context().close();
});

/** Toasts fade in and out; contrast is judged once one is fully shown, held by the pointer. */
async function holdToast(page: Page) {
  const toast = page.locator('[data-sonner-toast]').first();
  await toast.hover();
  await expect(toast).toHaveCSS('opacity', '1');
}

test('axe finds no serious or critical violation on the calendar, with and without a dialog', async ({
  page,
}) => {
  await members.join(page, newMember('Avery', 'Kim'));
  await openCalendar(page);
  expect(await seriousViolations(page)).toEqual([]);
  await createEvent(page, { ...COURT, name: 'Axe Night' });
  await holdToast(page);
  expect(await seriousViolations(page)).toEqual([]);
  await waitForToastsToGo(page);
  expect(await seriousViolations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Create Event' })).toBeHidden();
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Create Event' })).toBeFocused();

  await page.getByRole('button', { name: 'Subscribe' }).click();
  const subscribe = page.getByRole('dialog', { name: 'Subscribe to the troop calendar' });
  await expect(subscribe.getByLabel('Calendar link (https)')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(subscribe).toBeHidden();

  await eventRow(page, 'Axe Night').getByRole('button', { name: 'Delete: Axe Night' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this event?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();
  await waitForToastsToGo(page);
  expect(await seriousViolations(page)).toEqual([]);
});

import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import {
  apiSession,
  createEvent,
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

/** A row's "More actions" menu (Add to calendar, Edit, Cancel event, Delete), opened. */
async function openRowMenu(page: Page, name: string) {
  await eventRow(page, name)
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  const menu = page.getByRole('menu', { name: `More actions: ${name}` });
  await expect(menu).toBeVisible();
  return menu;
}

/** Deletes a listed event from its row's menu, through the confirmation. */
async function deleteListed(page: Page, name: string) {
  const menu = await openRowMenu(page, name);
  await menu.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete Event' }).click();
  await expect(confirm).toBeHidden();
  await expect(eventRow(page, name)).toHaveCount(0);
}

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
  // One action on the row, the answer (one tap, or the RSVP panel for a note and the names);
  // the others wait in its menu, which the keyboard works.
  await expect(rows.nth(1).getByRole('button')).toHaveText([
    'Going',
    'Maybe',
    'Not going',
    'RSVP',
    '',
  ]);
  const more = rows.nth(1).getByRole('button', { name: 'More actions: Court of Honor' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More actions: Court of Honor' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Add to calendar',
    'Edit',
    'Cancel event',
    'Delete',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Add to calendar' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Edit' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(more).toBeFocused();

  // A second member, in a browser of their own, sees the event but can only add it to a calendar.
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await joinThroughApi(other, newMember('Sam', 'Lee'));
  await openCalendar(other);
  const seen = eventRow(other, COURT.name);
  await expect(seen).toContainText('Jul 04, 2031');
  const theirMenu = await openRowMenu(other, COURT.name);
  await expect(theirMenu.getByRole('menuitem')).toHaveText(['Add to calendar']);
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
  await (
    await openRowMenu(page, COURT.name)
  )
    .getByRole('menuitem', { name: 'Add to calendar' })
    .click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('Court of Honor.ics');
  const file = await download.createReadStream();
  let ics = '';
  for await (const chunk of file) ics += String(chunk);
  expect(ics).toContain('SUMMARY:Court of Honor');

  // Delete asks first; Cancel keeps the event.
  await (await openRowMenu(page, COURT.name)).getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(eventRow(page, COURT.name)).toBeVisible();
  await deleteListed(page, COURT.name);
  await expect(page.getByText('Event deleted', { exact: true }).first()).toBeVisible();
  await deleteListed(page, SERVICE.name);
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

  await deleteListed(page, 'Spring Campout');
  await deleteListed(page, 'Winter Klondike');
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
  await deleteListed(page, 'Canoe Trip');
  await page.context().close();
});

test('a laptop screen holds six meetings; a campout over days shows both ends, its places and its deadline', async ({
  page,
}) => {
  await members.join(page, newMember('Robin', 'Vale'));
  const api = await apiSession(page);
  const add = async (data: Record<string, unknown>) => {
    const made = await page.request.post(api.eventsPath, { headers: api.headers, data });
    expect(made.status()).toBe(201);
  };
  for (let day = 1; day <= 7; day += 1) {
    await add({
      id: `event_${Date.now()}_meeting${day}`,
      event_name: `Patrol meeting ${day}`,
      event_date: `2031-09-0${day}`,
      event_time: '19:00',
      category: 'meeting',
    });
  }
  await add({
    id: `event_${Date.now()}_campout`,
    event_name: 'Fall Campout',
    event_date: '2031-10-10',
    event_time: '18:00',
    end_date: '2031-10-12',
    end_time: '12:00',
    capacity: 12,
    // Midday in Greenwich: the same day on every clock a browser may keep.
    rsvp_deadline: '2031-10-03T12:00:00.000Z',
    description: 'Bring a sleeping bag, a mess kit and warm layers. '.repeat(12),
  });
  await openCalendar(page);

  // Six plain meetings fit on a 1280x800 screen below its header, names, times and answers.
  const rows = eventRows(page);
  await expect(rows).toHaveCount(8);
  await rows.nth(0).evaluate((row) => row.scrollIntoView({ block: 'start' }));
  for (let i = 0; i < 6; i += 1) await expect(rows.nth(i)).toBeInViewport({ ratio: 1 });

  const campout = eventRow(page, 'Fall Campout');
  await expect(campout).toContainText('Fri, Oct 10, 2031, 6:00 PM to Sun, Oct 12, 2031, 12:00 PM');
  await expect(campout).toContainText('12 places, 12 left · Answer by Fri, Oct 3,');
  // A long description keeps to two lines in the list.
  const description = campout.locator('p', { hasText: /^Bring a sleeping bag/ });
  const lineHeight = await description.evaluate((p) => parseFloat(getComputedStyle(p).lineHeight));
  const box = await description.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(2 * lineHeight + 1);
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
  // The toast is judged too, so this create leaves it open.
  await expect(await fillEventForm(page, { ...COURT, name: 'Axe Night' })).toBeHidden();
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

  const axeMenu = await openRowMenu(page, 'Axe Night');
  expect(await seriousViolations(page)).toEqual([]);
  await axeMenu.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Delete this event?' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await expect(page.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();
  await waitForToastsToGo(page);
  expect(await seriousViolations(page)).toEqual([]);
});

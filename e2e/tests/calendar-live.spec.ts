import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { apiSession, createEvent, eventRow, openCalendar } from '../support/calendar.ts';
import { closeToasts } from '../support/viewports.ts';

// The empty calendar at the end is the whole troop's: this journey runs on its worker's own
// troop server, where no journey running beside it adds events.
test.use({ ownTroop: true });

/** Set on a page once; still there later only if the page was never reloaded. */
const markPage = (page: Page) =>
  page.evaluate(() => {
    (window as unknown as { liveMark?: string }).liveMark = 'not reloaded';
  });
const pageMark = (page: Page) =>
  page.evaluate(() => (window as unknown as { liveMark?: string }).liveMark);

/** Events this journey made, removed again whatever happens, so the other journeys start empty. */
const leftovers: Array<{ page: Page; id: string }> = [];
test.afterEach(async () => {
  for (const { page, id } of leftovers.splice(0)) {
    const api = await apiSession(page).catch(() => null);
    if (api)
      await page.request.delete(`${api.eventsPath}?id=eq.${encodeURIComponent(id)}`, {
        headers: api.headers,
      });
  }
});

test('two members on the calendar: what one creates, cancels or deletes shows on the other screen without a reload', async ({
  page,
  browser,
}) => {
  await joinThroughApi(page, newMember('Alex', 'Morgan'));
  await openCalendar(page);

  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await joinThroughApi(other, newMember('Sam', 'Lee'));
  await openCalendar(other);
  await markPage(other);

  // Created on one screen, it appears on the other.
  await createEvent(page, { name: 'Live Campfire', date: '2032-05-09', time: '18:30' });
  const api = await apiSession(page);
  const found = await page.request.get(`${api.eventsPath}?event_name=eq.Live%20Campfire`, {
    headers: api.headers,
  });
  const [campfire] = (await found.json()) as Array<{ id: string }>;
  leftovers.push({ page, id: campfire!.id });
  const seen = eventRow(other, 'Live Campfire');
  await expect(seen).toBeVisible();
  await expect(seen).toContainText('May 09, 2032');
  await expect(seen).toContainText('6:30 PM');
  await expect(seen).toContainText('Created by Alex Morgan');
  await expect(seen.getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  // Written by another client straight through the Data API: both screens show it.
  const direct = await page.request.post(api.eventsPath, {
    headers: { ...api.headers, Prefer: 'return=representation' },
    data: {
      id: `event_${Date.now()}`,
      event_name: 'Patrol Leaders Council',
      event_date: '2032-05-02',
      event_time: '19:00',
      creator_name: 'Alex Morgan',
    },
  });
  expect(direct.status()).toBe(201);
  const [council] = (await direct.json()) as Array<{ id: string }>;
  leftovers.push({ page, id: council!.id });
  await expect(eventRow(other, 'Patrol Leaders Council')).toBeVisible();
  await expect(eventRow(page, 'Patrol Leaders Council')).toBeVisible();

  // Cancelled on one screen, it shows cancelled with its reason on the other.
  await closeToasts(page);
  await eventRow(page, 'Live Campfire')
    .getByRole('button', { name: 'More actions: Live Campfire' })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel event', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this event?' });
  await cancel.getByLabel('Reason (optional)').fill('Burn ban');
  await cancel.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(cancel).toBeHidden();
  await expect(eventRow(other, 'Live Campfire')).toContainText('Cancelled: Burn ban');
  await expect(eventRow(other, 'Patrol Leaders Council')).not.toContainText('Cancelled');

  // Deleted on one screen, it goes from the other; the cancelled toast closed first, as a person
  // would, since it covers the row's menu on the way.
  await expect(page.getByText('Event cancelled', { exact: true })).toBeVisible();
  await closeToasts(page);
  await eventRow(page, 'Live Campfire')
    .getByRole('button', { name: 'More actions: Live Campfire' })
    .click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await page
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Delete Event' })
    .click();
  await expect(eventRow(page, 'Live Campfire')).toHaveCount(0);
  await expect(eventRow(other, 'Live Campfire')).toHaveCount(0);

  // Deleted through the Data API, it goes from both.
  const removed = await page.request.delete(
    `${api.eventsPath}?id=eq.${encodeURIComponent(council!.id)}`,
    { headers: api.headers },
  );
  expect(removed.status()).toBeLessThan(300);
  await expect(eventRow(other, 'Patrol Leaders Council')).toHaveCount(0);
  await expect(eventRow(page, 'Patrol Leaders Council')).toHaveCount(0);
  await expect(other.getByRole('heading', { name: 'No Events Yet' })).toBeVisible();

  expect(await pageMark(other)).toBe('not reloaded');
  await otherContext.close();
});

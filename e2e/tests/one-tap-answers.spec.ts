/**
 * A family's week in one tap: a parent answers for two scouts with two taps on the dashboard's
 * card, at phone size; offline the answer waits and says so, then goes; the calendar's row shows
 * the same answers. The rules behind the answers are the API's tests (server/src/rsvps/).
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { daysAhead } from '../support/dates.ts';
import { apiSession, eventRow, membersWhoCleanUp, openCalendar } from '../support/calendar.ts';
import { pageIn, seriousViolations } from '../support/viewports.ts';

// The dashboard's card shows the whole troop's next events: this journey runs on its worker's
// own troop server, where no journey beside it adds any, and removes its events after it.
test.use({ ownTroop: true });

const members = membersWhoCleanUp();

/** What a screen reader hears of the last tap: the polite live region of the answers. */
const saveStatus = (scope: ReturnType<Page['locator']>) => scope.locator('[aria-live="polite"]');

const pressed = (page: Page | ReturnType<Page['locator']>, name: string) =>
  expect(page.getByRole('button', { name, exact: true })).toHaveAttribute('aria-pressed', 'true');

test('phone: a parent answers for two scouts with two taps, offline too, and the calendar row shows the same answers', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'phone');
  const last = `Ortiz${Math.random().toString(36).slice(2, 7)}`;
  await members.join(page, newMember('Dana', last));
  const api = await apiSession(page);
  for (const firstName of ['Robin', 'Kit']) {
    const res = await page.request.post(
      `${api.origin}/api/households/${api.projectId}/mine/scouts`,
      { headers: api.headers, data: { firstName, lastName: last } },
    );
    expect(res.ok(), await res.text()).toBe(true);
  }
  const made = await page.request.post(api.eventsPath, {
    headers: api.headers,
    data: {
      id: `event_${Date.now()}_hike`,
      eventName: 'Patrol Hike',
      eventDate: daysAhead(6),
      eventTime: '09:00',
      capacity: 10,
      creatorName: `Dana ${last}`,
    },
  });
  expect(made.status()).toBe(201);
  await page.reload();

  const card = page.getByRole('region', { name: 'Calendar' });
  const hike = card.getByRole('listitem').filter({ hasText: 'Patrol Hike' });
  await expect(hike.getByText('No answer yet')).toHaveCount(3);
  // The event says so in words while anyone of the family still owes an answer.
  await expect(hike.getByText('Needs your answer')).toBeVisible();
  // Two taps: one per scout.
  await hike.getByRole('button', { name: `Going: Robin ${last}`, exact: true }).click();
  await hike.getByRole('button', { name: `Going: Kit ${last}`, exact: true }).click();
  await pressed(hike, `Going: Robin ${last}`);
  await pressed(hike, `Going: Kit ${last}`);
  await expect(saveStatus(hike)).toHaveText('Saved');
  await expect(hike.getByText('No answer yet')).toHaveCount(1);
  await expect(hike.getByText('Needs your answer')).toBeVisible();

  // Offline, the answer shows at once and says it waits; back online, it goes.
  await page.context().setOffline(true);
  await hike.getByRole('button', { name: `Not going: Dana ${last} (you)`, exact: true }).click();
  await pressed(hike, `Not going: Dana ${last} (you)`);
  await expect(saveStatus(hike)).toHaveText("Saved when you're back online");
  await expect(hike.getByText("Saved when you're back online", { exact: true })).toHaveCount(2);
  await page.context().setOffline(false);
  await expect(saveStatus(hike)).toHaveText('Saved');
  await expect(hike.getByText('Needs your answer')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);

  // The server holds all three: the calendar's row, read afresh, shows them.
  await page.goto('/calendar');
  await openCalendar(page);
  const row = eventRow(page, 'Patrol Hike');
  await expect(row).toContainText('10 places, 8 left');
  await pressed(row, `Going: Robin ${last}`);
  await pressed(row, `Going: Kit ${last}`);
  await pressed(row, `Not going: Dana ${last} (you)`);
  await expect(row.getByText('Needs your answer')).toHaveCount(0);
  // Answered by all three, it leaves the list of events that need an answer.
  const owedOnly = page.getByRole('checkbox', { name: 'Needs an answer' });
  await owedOnly.check();
  await expect(row).toHaveCount(0);
  await owedOnly.uncheck();
  await expect(row).toHaveCount(1);
  // Changing one there is one tap too, and the dashboard follows.
  await row.getByRole('button', { name: `Maybe: Kit ${last}`, exact: true }).click();
  await expect(saveStatus(row)).toHaveText('Saved');
  await expect(row).toContainText('10 places, 9 left');

  // The answers panel, for a note, says the same when offline rather than greying out unsaid.
  await row.getByRole('button', { name: 'RSVP: Patrol Hike' }).click();
  const mine = row.getByRole('form', { name: `Answer for Dana ${last}` });
  await mine.getByLabel(`Note for Dana ${last} (optional)`).fill('Driving 3');
  await page.context().setOffline(true);
  await mine.getByRole('button', { name: 'Save answer' }).click();
  await expect(row.getByText("Saved when you're back online", { exact: true })).toHaveCount(1);
  await page.context().setOffline(false);
  await expect(mine.getByLabel(`Note for Dana ${last} (optional)`)).toHaveValue('Driving 3');
  await expect(row.getByText("Saved when you're back online", { exact: true })).toHaveCount(0);
  await page.goto('/');
  await pressed(hike, `Maybe: Kit ${last}`);
  await page.context().close();
});

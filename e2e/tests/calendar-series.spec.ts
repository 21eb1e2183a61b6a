/**
 * Repeating events in the browser: a leader sets up a weekly meeting in one dialog and sees
 * its occurrences in the list, moves one, cancels another and changes the series from a date
 * on, each time choosing which occurrences the change reaches. Desktop and phone, axe clean.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import {
  apiSession,
  listedDate,
  membersWhoCleanUp,
  openCalendar,
  rowOn,
  seriesRows,
  enterEvent,
} from '../support/calendar.ts';
import { DAY_MS, isoDate, nextTuesday, todayUtc } from '../support/dates.ts';
import { closeToasts, seriousViolations } from '../support/viewports.ts';

const members = membersWhoCleanUp();

async function createWeeklySeries(page: Page, name: string, start: number, times: number) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await expect(dialog.getByLabel('Event name')).toBeFocused();
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByLabel('Date', { exact: true }).fill(isoDate(start));
  await dialog.getByLabel('Time', { exact: true }).fill('19:00');
  await dialog.getByLabel('Repeat', { exact: true }).selectOption({ label: 'Weekly' });
  const weekdays = dialog.getByRole('group', { name: 'Repeat on' });
  // The start's weekday comes chosen; leaving it out is refused next to the days.
  await expect(weekdays.getByLabel('Tuesday')).toBeChecked();
  await weekdays.getByLabel('Tuesday').uncheck();
  await weekdays.getByLabel('Wednesday').check();
  const ends = dialog.getByRole('group', { name: 'Ends' });
  await ends.getByLabel('After a number of times').check();
  await dialog.getByLabel('How many times').fill(String(times));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(
    weekdays.getByText('The first date is a Tuesday: include Tuesday or change the date'),
  ).toBeVisible();
  // Focus lands on the group's first day, with the message read beside it.
  await expect(weekdays.getByRole('checkbox').first()).toBeFocused();
  await weekdays.getByLabel('Wednesday').uncheck();
  await weekdays.getByLabel('Tuesday').check();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(seriesRows(page, name)).toHaveCount(times);
}

test('a leader sets up a weekly meeting, moves one, cancels one and changes the rest', async ({
  page,
}) => {
  await members.join(page, newMember('Lee', 'Varga'));
  // A series whose meetings all lie before the list's first window, read at the end when asked
  // for; entered before the calendar opens, so the reload that checks the changes reads it too.
  // Names of this run's own: the troop's calendar is shared with journeys running beside it.
  const run = Date.now().toString(36).slice(-5);
  const old = `Spring Patrol Meeting ${run}`;
  const api = await apiSession(page);
  const firstOld = todayUtc() - 70 * DAY_MS;
  await enterEvent(page, api, {
    id: `event_${Date.now()}_spring`,
    event_name: old,
    event_date: isoDate(firstOld),
    event_time: '19:00',
    rrule: 'FREQ=WEEKLY;COUNT=4',
  });
  await openCalendar(page);
  const name = `Weekly Troop Meeting ${run}`;
  const t0 = nextTuesday();
  const week = (n: number) => t0 + n * 7 * DAY_MS;
  await createWeeklySeries(page, name, t0, 6);
  for (let n = 0; n < 6; n++) await expect(rowOn(page, name, week(n))).toContainText('7:00 PM');
  await expect(rowOn(page, name, week(6))).toHaveCount(0);

  // Move the second meeting to the Wednesday: only that one moves.
  await rowOn(page, name, week(1))
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Event name')).toBeFocused();
  const scope = edit.getByRole('group', { name: 'Change which events?' });
  await expect(scope.getByRole('radio', { name: 'This event' })).toBeChecked();
  await expect(scope.getByRole('radio')).toHaveCount(3);
  // Axe reads this dialog, its scope and its repeat fields too, in calendar-series-rule.spec.ts.
  await edit.getByLabel('Date', { exact: true }).fill(isoDate(week(1) + DAY_MS));
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOn(page, name, week(1) + DAY_MS)).toHaveCount(1);
  await expect(rowOn(page, name, week(1) + DAY_MS)).toContainText(
    `Moved from ${listedDate(week(1))}`,
  );
  await expect(rowOn(page, name, week(1))).toHaveCount(0);
  await expect(seriesRows(page, name)).toHaveCount(6);

  // Cancel the third: it stays listed, marked, and the others do not. The saved toast is closed
  // first, as a person would, so axe reads no half-faded toast.
  await expect(page.getByText('Event saved', { exact: true })).toBeVisible();
  await closeToasts(page);
  await rowOn(page, name, week(2))
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel event', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this event?' });
  await cancel.getByLabel('Reason (optional)').fill('Hall closed');
  await expect(
    cancel.getByRole('group', { name: 'Cancel which events?' }).getByRole('radio', {
      name: 'This event',
    }),
  ).toBeChecked();
  expect(await seriousViolations(page)).toEqual([]);
  await cancel.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(cancel).toBeHidden();
  await expect(rowOn(page, name, week(2))).toContainText('Cancelled: Hall closed');
  await expect(seriesRows(page, name).filter({ hasText: 'Cancelled' })).toHaveCount(1);

  // From the fifth on, the meeting starts at 6:30 PM; the earlier ones keep 7:00 PM.
  await expect(page.getByText('Event cancelled', { exact: true })).toBeVisible();
  await closeToasts(page);
  await rowOn(page, name, week(4))
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await edit.getByLabel('Time', { exact: true }).fill('18:30');
  await edit
    .getByRole('group', { name: 'Change which events?' })
    .getByRole('radio', { name: 'This and following events' })
    .check();
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(rowOn(page, name, week(4))).toContainText('6:30 PM');
  await expect(rowOn(page, name, week(5))).toContainText('6:30 PM');
  await expect(rowOn(page, name, week(3))).toContainText('7:00 PM');
  await expect(rowOn(page, name, week(0))).toContainText('7:00 PM');
  await expect(seriesRows(page, name)).toHaveCount(6);

  // Stored as such: a reload shows the same occurrences.
  await page.reload();
  await openCalendar(page);
  await expect(seriesRows(page, name)).toHaveCount(6);
  await expect(rowOn(page, name, week(1) + DAY_MS)).toHaveCount(1);
  await expect(rowOn(page, name, week(2))).toContainText('Cancelled: Hall closed');
  await expect(rowOn(page, name, week(5))).toContainText('6:30 PM');
  expect(await seriousViolations(page)).toEqual([]);

  // The series before the first window is not listed until asked for.
  await expect(seriesRows(page, old)).toHaveCount(0);
  const earlier = page.getByRole('button', { name: /^Show earlier events/ });
  const loading = page.getByRole('button', { name: 'Loading earlier events...' });
  // Each press shows earlier rows already read, or reads the window before them.
  for (let i = 0; i < 10 && (await seriesRows(page, old).count()) < 4; i++) {
    await earlier.click();
    await expect(loading).toHaveCount(0);
  }
  for (let n = 0; n < 4; n++)
    await expect(rowOn(page, old, firstOld + n * 7 * DAY_MS)).toContainText('7:00 PM');
});

test('on a phone, a monthly meeting on the nth weekday is set up and one date deleted', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await members.join(page, newMember('Mia', 'Stone'));
  await openCalendar(page);
  // A name of this run's own: the troop's calendar is shared with journeys running beside it.
  const name = `Monthly Committee ${Date.now().toString(36).slice(-5)}`;
  // The 2nd Tuesday of next month.
  const now = new Date();
  let first = Date.UTC(now.getFullYear(), now.getMonth() + 1, 1);
  while (new Date(first).getUTCDay() !== 2) first += DAY_MS;
  const start = first + 7 * DAY_MS;

  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByLabel('Date', { exact: true }).fill(isoDate(start));
  await dialog.getByLabel('Time', { exact: true }).fill('20:00');
  await dialog
    .getByLabel('Repeat', { exact: true })
    .selectOption({ label: 'Monthly on the 2nd Tuesday' });
  await dialog.getByRole('group', { name: 'Ends' }).getByLabel('After a number of times').check();
  await dialog.getByLabel('How many times').fill('3');
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(seriesRows(page, name)).toHaveCount(3);
  const rows = seriesRows(page, name);
  for (let i = 0; i < 3; i++) await expect(rows.nth(i)).toContainText('Tue,');

  await expect(page.getByText('Repeating event created', { exact: true })).toBeVisible();
  await closeToasts(page);
  await rowOn(page, name, start)
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  const scope = confirm.getByRole('group', { name: 'Delete which events?' });
  await scope.getByRole('radio', { name: 'This event' }).check();
  expect(await seriousViolations(page)).toEqual([]);
  await confirm.getByRole('button', { name: 'Delete Event' }).click();
  await expect(confirm).toBeHidden();
  await expect(seriesRows(page, name)).toHaveCount(2);
  await expect(rowOn(page, name, start)).toHaveCount(0);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await context.close();
});

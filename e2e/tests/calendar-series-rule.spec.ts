/**
 * Changing how a series repeats in the browser: the edit dialog shows the series' rule once
 * the change reaches beyond one occurrence, and weekly on Tuesday becomes weekly on Wednesday
 * from a date on, the earlier meetings untouched and six meetings in all.
 */
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import {
  apiSession,
  membersWhoCleanUp,
  openCalendar,
  rowOn,
  seriesRows,
  enterEvent,
} from '../support/calendar.ts';
import { DAY_MS, isoDate, nextTuesday } from '../support/dates.ts';
import { seriousViolations } from '../support/viewports.ts';

const members = membersWhoCleanUp();

test('weekly on Tuesday becomes weekly on Wednesday from a date on, in the edit dialog', async ({
  page,
}) => {
  await members.join(page, newMember('Rae', 'Okafor'));
  // A name of this run's own: the troop's calendar is shared with journeys running beside it.
  const name = `Patrol Leaders Council ${Date.now().toString(36).slice(-5)}`;
  const t0 = nextTuesday();
  const week = (n: number) => t0 + n * 7 * DAY_MS;
  // The series as the Create dialog enters it (weekly on Tuesday, six times), through the Data
  // API: setting it up in the dialog is calendar-series.spec.ts's; this journey changes it.
  const api = await apiSession(page);
  await enterEvent(page, api, {
    id: `event_${Date.now()}_plc`,
    eventName: name,
    eventDate: isoDate(t0),
    eventTime: '19:00',
    rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=6',
    creatorName: 'Rae Okafor',
  });
  await openCalendar(page);
  await expect(seriesRows(page, name)).toHaveCount(6);

  // One occurrence keeps the rule: the Repeat setting appears once the change reaches further.
  await rowOn(page, name, week(2))
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const edit = page.getByRole('dialog', { name: 'Edit Event' });
  await expect(edit.getByLabel('Event name')).toBeFocused();
  await expect(edit.getByLabel('Repeat', { exact: true })).toHaveCount(0);
  await edit
    .getByRole('group', { name: 'Change which events?' })
    .getByRole('radio', { name: 'This and following events' })
    .check();
  const repeat = edit.getByLabel('Repeat', { exact: true });
  await expect(repeat).toHaveValue('weekly');
  const weekdays = edit.getByRole('group', { name: 'Repeat on' });
  await expect(weekdays.getByLabel('Tuesday')).toBeChecked();
  await expect(edit.getByLabel('How many times')).toHaveValue('6');
  await weekdays.getByLabel('Tuesday').uncheck();
  await weekdays.getByLabel('Wednesday').check();
  expect(await seriousViolations(page)).toEqual([]);
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();

  // Two Tuesdays before the date, then Wednesdays at the same time: six meetings in all.
  await expect(rowOn(page, name, week(2) + DAY_MS)).toContainText('7:00 PM');
  await expect(seriesRows(page, name)).toHaveCount(6);
  for (const n of [0, 1]) await expect(rowOn(page, name, week(n))).toContainText('Tue,');
  for (const n of [2, 3, 4, 5]) {
    await expect(rowOn(page, name, week(n))).toHaveCount(0);
    await expect(rowOn(page, name, week(n) + DAY_MS)).toContainText('Wed,');
  }

  // The Wednesdays' dialog shows their own rule, four times from the date on.
  await rowOn(page, name, week(3) + DAY_MS)
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await edit
    .getByRole('group', { name: 'Change which events?' })
    .getByRole('radio', { name: 'All events' })
    .check();
  await expect(weekdays.getByLabel('Wednesday')).toBeChecked();
  await expect(weekdays.getByLabel('Tuesday')).not.toBeChecked();
  await expect(edit.getByLabel('How many times')).toHaveValue('4');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit).toBeHidden();

  await page.reload();
  await openCalendar(page);
  await expect(seriesRows(page, name)).toHaveCount(6);
  await expect(rowOn(page, name, week(5) + DAY_MS)).toContainText('Wed,');
});

test('changes to a series reach another open calendar without a reload', async ({
  page,
  signedInPage,
}) => {
  await members.join(page, newMember('Noa', 'Berg'));
  await openCalendar(page);
  const { page: other } = await signedInPage('member');
  await openCalendar(other);
  await other.evaluate(() => {
    (window as unknown as { liveMark?: string }).liveMark = 'not reloaded';
  });

  const name = `Live Troop Meeting ${Date.now().toString(36).slice(-5)}`;
  const t0 = nextTuesday();
  const week = (n: number) => t0 + n * 7 * DAY_MS;
  const api = await apiSession(page);
  const series = await enterEvent(page, api, {
    id: `event_${Date.now()}_live`,
    event_name: name,
    event_date: isoDate(t0),
    event_time: '19:00',
    rrule: 'FREQ=WEEKLY;BYDAY=TU;COUNT=4',
  });
  await expect(seriesRows(other, name)).toHaveCount(4);

  // Cancelled on one screen, it shows cancelled on the other.
  await rowOn(page, name, week(1))
    .getByRole('button', { name: `More actions: ${name}` })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel event', exact: true }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel this event?' });
  await cancel.getByLabel('Reason (optional)').fill('Hall closed');
  await cancel.getByRole('button', { name: 'Cancel Event' }).click();
  await expect(cancel).toBeHidden();
  await expect(rowOn(other, name, week(1))).toContainText('Cancelled: Hall closed');

  // Its rule changed from a date on through the occurrence route: the other screen follows.
  const occurrence = `/api/calendar/${encodeURIComponent(api.projectId)}/events/${encodeURIComponent(series!.id)}/occurrences/${isoDate(week(2))}`;
  const changed = await page.request.patch(`${occurrence}?scope=following`, {
    headers: api.headers,
    data: { changes: { rrule: 'FREQ=WEEKLY;BYDAY=TH;COUNT=4' } },
  });
  expect(changed.status()).toBe(200);
  await expect(rowOn(other, name, week(2) + 2 * DAY_MS)).toContainText('Thu,');
  await expect(rowOn(other, name, week(2))).toHaveCount(0);
  await expect(seriesRows(other, name)).toHaveCount(4);

  // The first part deleted as a whole: the Thursdays stay, on the other screen too.
  const removed = await page.request.delete(
    `${occurrence.replace(isoDate(week(2)), isoDate(t0))}?scope=all`,
    {
      headers: api.headers,
    },
  );
  expect(removed.status()).toBe(200);
  await expect(seriesRows(other, name)).toHaveCount(2);
  await expect(rowOn(other, name, week(1))).toHaveCount(0);
  expect(await other.evaluate(() => (window as unknown as { liveMark?: string }).liveMark)).toBe(
    'not reloaded',
  );
});

/**
 * The month view beside the list on wide screens: a weekly meeting's dates are marked in it,
 * the arrow keys move by day and week (into the next month, keys pressed without waiting), Page
 * Down by month, Today comes back, and a chosen day names its events and their category. The
 * list's category filter reaches the month. On wide screens the cells name their events, a
 * cancelled one struck through and said in words, a moved meeting says where it was, and the
 * chosen day looks unlike today. Phones keep the list, and show the month (with dots, not names)
 * when asked. Axe clean. Every date is relative to today, and each step holds whichever month it falls in.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import {
  apiSession,
  createWeekly,
  listedDate,
  membersWhoCleanUp,
  openCalendar,
} from '../support/calendar.ts';
import { addMonthsUtc, DAY_MS, isoDate, todayUtc } from '../support/dates.ts';
import { seriousViolations } from '../support/viewports.ts';

const members = membersWhoCleanUp();

const longDay = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
const monthTitle = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * A day's button in the month; other members' events may share the day, so any count is said,
 * with how many of them are cancelled.
 */
const dayLabel = (ms: number) =>
  new RegExp(`^${longDay(ms)}, (\\d+ events?(, (\\d+ )?cancelled)?|no events)$`);
const dayButton = (page: Page, ms: number) =>
  page.getByRole('grid').getByRole('button', { name: dayLabel(ms) });
/** A day's cell, where wide screens name its events. */
const dayCell = (page: Page, ms: number) =>
  page
    .getByRole('grid')
    .getByRole('gridcell')
    .filter({ has: page.getByRole('button', { name: dayLabel(ms) }) });
const eventsOn = (page: Page, ms: number) =>
  page.getByRole('list', { name: `Events on ${longDay(ms)}` });

/** Shows the month holding `ms`, from a month at most two away. */
async function goToMonthOf(page: Page, ms: number) {
  for (
    let i = 0;
    i < 2 && !(await page.getByRole('heading', { name: monthTitle(ms) }).count());
    i++
  )
    await page
      .getByRole('button', {
        name: isoDate(ms) > isoDate(todayUtc()) ? 'Next month' : 'Previous month',
      })
      .click();
  await expect(page.getByRole('heading', { name: monthTitle(ms) })).toBeVisible();
}

/** Shows the month holding `ms`, starting from today's. */
async function showMonthOf(page: Page, ms: number) {
  if (monthTitle(ms) !== monthTitle(todayUtc()))
    await page.getByRole('button', { name: 'Next month' }).click();
  await expect(page.getByRole('heading', { name: monthTitle(ms) })).toBeVisible();
}

test('on a wide screen a month beside the list marks the meetings and moves by keyboard', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await members.join(page, newMember('Noa', 'Quinn'));
  await openCalendar(page);
  const name = 'Month View Meeting';
  const start = todayUtc() + 2 * DAY_MS;
  await createWeekly(page, name, start, 3, { category: 'Meeting' });

  const today = dayButton(page, todayUtc());
  await expect(today).toHaveAttribute('aria-current', 'date');
  await expect(page.getByRole('heading', { name: monthTitle(todayUtc()) })).toBeVisible();

  // Today is the day in the tab order; arrows move focus by day and by week, into the next
  // month when the days lead there.
  await today.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await expect(dayButton(page, start)).toBeFocused();
  await expect(page.getByRole('heading', { name: monthTitle(start) })).toBeVisible();
  const chosen = eventsOn(page, start).getByRole('listitem').filter({ hasText: name });
  await expect(chosen).toContainText(`7:00 PM: ${name}`);
  await expect(chosen).toContainText('Meeting');
  await page.keyboard.press('ArrowDown');
  await expect(dayButton(page, start + 7 * DAY_MS)).toBeFocused();
  expect(await seriousViolations(page)).toEqual([]);

  // Five weeks down always leaves the month, whatever today is; keys pressed one after the
  // other without waiting each land on a day.
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowDown');
  const later = start + 42 * DAY_MS;
  await expect(dayButton(page, later)).toBeFocused();
  await expect(page.getByRole('heading', { name: monthTitle(later) })).toBeVisible();

  // Page Down shows the next month from there, Page Up comes back; Today returns to today.
  const next = addMonthsUtc(later, 1);
  await page.keyboard.press('PageDown');
  await expect(dayButton(page, next)).toBeFocused();
  await expect(page.getByRole('heading', { name: monthTitle(next) })).toBeVisible();
  await page.keyboard.press('PageUp');
  await expect(dayButton(page, addMonthsUtc(next, -1))).toBeFocused();
  await expect(page.getByRole('heading', { name: monthTitle(later) })).toBeVisible();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect(page.getByRole('heading', { name: monthTitle(todayUtc()) })).toBeVisible();
  await expect(
    page.getByRole('grid').getByRole('button', { name: /,/ }).and(page.locator('[tabindex="0"]')),
  ).toHaveAttribute('aria-current', 'date');

  // The list's category filter reaches the month.
  await showMonthOf(page, start);
  const filter = page.getByLabel('Show category');
  await filter.selectOption({ label: 'Campout' });
  await expect(page.getByText('Campout events only')).toBeVisible();
  await dayButton(page, start).click();
  await expect(page.getByRole('heading', { name: longDay(start), exact: true })).toBeVisible();
  await expect(eventsOn(page, start).filter({ hasText: name })).toHaveCount(0);
  await filter.selectOption({ label: 'Meeting' });
  await expect(eventsOn(page, start)).toContainText(name);
  await filter.selectOption({ label: 'All categories' });
  await expect(eventsOn(page, start)).toContainText(name);
});

test('on a wide screen the cells name the events, a cancelled one struck through, a moved one says where it was', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await members.join(page, newMember('Ria', 'Santos'));
  await openCalendar(page);
  const name = 'Month Names Meeting';
  const start = todayUtc() + 2 * DAY_MS;
  await createWeekly(page, name, start, 3, { category: 'Meeting' });

  // The second meeting is cancelled and the third moved a day later, as a leader would.
  const api = await apiSession(page);
  const found = await page.request.get(
    `${api.origin}${api.eventsPath}?event_name=eq.${encodeURIComponent(name)}`,
    { headers: api.headers },
  );
  const [series] = (await found.json()) as { id: string }[];
  const occurrence = (ms: number) =>
    `${api.origin}/api/calendar/${encodeURIComponent(api.projectId)}/events/${series!.id}/occurrences/${isoDate(ms)}`;
  const cancelled = start + 7 * DAY_MS;
  const given = start + 14 * DAY_MS;
  const moved = given + DAY_MS;
  const cancel = await page.request.post(`${occurrence(cancelled)}/cancel`, {
    headers: api.headers,
    data: { reason: 'Hall closed' },
  });
  expect(cancel.ok()).toBe(true);
  const move = await page.request.patch(occurrence(given), {
    headers: api.headers,
    data: { changes: { eventDate: isoDate(moved) } },
  });
  expect(move.ok()).toBe(true);
  await page.reload();

  // The month beside the list is small: dots. Chosen, it takes the page and names the meetings;
  // the cancelled one is struck through and its day says so.
  await goToMonthOf(page, start);
  await expect(dayCell(page, start).getByText(name)).toBeHidden();
  await page
    .getByRole('group', { name: 'Calendar view' })
    .getByRole('button', { name: 'Month' })
    .click();
  await expect(page.getByRole('region', { name: 'Events' })).toHaveCount(0);
  await goToMonthOf(page, start);
  await expect(dayCell(page, start).getByText(name)).toBeVisible();
  await goToMonthOf(page, cancelled);
  await expect(dayButton(page, cancelled)).toHaveAccessibleName(/cancelled$/);
  await expect(dayCell(page, cancelled).getByText(name)).toHaveCSS(
    'text-decoration-line',
    'line-through',
  );
  await dayButton(page, cancelled).click();
  await expect(
    eventsOn(page, cancelled).getByRole('listitem').filter({ hasText: name }),
  ).toContainText('Cancelled');

  // The chosen day is filled, today only outlined, and each is announced as such.
  await expect(dayCell(page, cancelled)).toHaveAttribute('aria-selected', 'true');
  const chosenLook = await dayButton(page, cancelled).evaluate(
    (b) => getComputedStyle(b).backgroundColor,
  );
  expect(chosenLook).not.toBe('rgba(0, 0, 0, 0)');
  await goToMonthOf(page, todayUtc());
  const today = dayButton(page, todayUtc());
  await expect(today).toHaveAttribute('aria-current', 'date');
  await expect(today).toHaveCSS('background-color', 'rgba(0, 0, 0, 0)');

  // The moved meeting is on its new day and says where the series had it.
  await goToMonthOf(page, moved);
  await dayButton(page, moved).click();
  await expect(eventsOn(page, moved).getByRole('listitem').filter({ hasText: name })).toContainText(
    `Moved from ${listedDate(given)}`,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

test('a phone keeps the list, and shows the month when asked', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await members.join(page, newMember('Oli', 'Reed'));
  await openCalendar(page);
  const name = 'Phone Meeting';
  const start = todayUtc() + 3 * DAY_MS;
  await createWeekly(page, name, start, 3, { category: 'Meeting' });
  await expect(page.getByRole('grid')).toHaveCount(0);

  const views = page.getByRole('group', { name: 'Calendar view' });
  await expect(views.getByRole('button', { name: 'List' })).toHaveAttribute('aria-pressed', 'true');
  await views.getByRole('button', { name: 'Month' }).click();
  await expect(views.getByRole('button', { name: 'Month' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(page.getByRole('list', { name: 'Troop events' })).toHaveCount(0);
  await showMonthOf(page, start);
  await dayButton(page, start).click();
  const chosen = eventsOn(page, start).getByRole('listitem').filter({ hasText: name });
  await expect(chosen).toContainText(`7:00 PM: ${name}`);
  await expect(chosen).toContainText('Meeting');
  // A phone's cells mark the day with dots; the names are left to the day's list.
  await expect(dayCell(page, start).getByText(name)).toHaveCount(1);
  await expect(dayCell(page, start).getByText(name)).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await views.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Troop events' })).toBeVisible();
  await context.close();
});

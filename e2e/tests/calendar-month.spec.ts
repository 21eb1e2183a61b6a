/**
 * The month view beside the list on wide screens: a weekly meeting's dates are marked in it,
 * the arrow keys move by day and week (into the next month, keys pressed without waiting), Page
 * Down by month, Today comes back, and a chosen day names its events and their category. The
 * list's category filter reaches the month. Phones keep the list, and show the month when asked.
 * Axe clean. Every date is relative to today, and each step holds whichever month it falls in.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { createWeekly, membersWhoCleanUp, openCalendar } from '../support/calendar.ts';
import { addMonthsUtc, DAY_MS, todayUtc } from '../support/dates.ts';
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

/** A day's button in the month; other members' events may share the day, so any count is said. */
const dayButton = (page: Page, ms: number) =>
  page
    .getByRole('grid')
    .getByRole('button', { name: new RegExp(`^${longDay(ms)}, (\\d+ events?|no events)$`) });
const eventsOn = (page: Page, ms: number) =>
  page.getByRole('list', { name: `Events on ${longDay(ms)}` });

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
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await seriousViolations(page)).toEqual([]);

  await views.getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('grid')).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'Troop events' })).toBeVisible();
  await context.close();
});

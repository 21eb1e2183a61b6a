import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { daysAhead } from '../support/dates.ts';
import {
  apiSession,
  eventRow,
  fillEventForm,
  membersWhoCleanUp,
  openCalendar,
  removeOwnEvents,
} from '../support/calendar.ts';
import { pageIn, seriousViolations, VIEWPORTS, type ViewportName } from '../support/viewports.ts';

// The dashboard's next three events and the count of past events are the whole troop's: these
// journeys run on their worker's own troop server, where no journey running beside them adds
// events, and each removes its own events after it.
test.use({ ownTroop: true });

const members = membersWhoCleanUp();

/** 'Sat, Dec 05, 2026': the weekday before the spec's 'MMM dd, yyyy'. */
function shownDate(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  const weekday = date.toLocaleDateString('en-US', { weekday: 'short' });
  const month = date.toLocaleDateString('en-US', { month: 'short' });
  return `${weekday}, ${month} ${String(d).padStart(2, '0')}, ${y}`;
}

type Box = NonNullable<Awaited<ReturnType<Locator['boundingBox']>>>;
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The boxes of the toasts on screen now, read in one pass in the page: toasts come and go while
 * they are measured, and one that is still sliding in or out is not yet where it rests.
 */
function toastBoxes(page: Page): Promise<Box[] | 'moving'> {
  return page.evaluate(() => {
    const toasts = Array.from(
      document.querySelectorAll('[data-sonner-toast][data-visible="true"]'),
    );
    if (toasts.some((t) => t.getAnimations().length > 0)) return 'moving';
    return toasts.map((t) => {
      const { x, y, width, height } = t.getBoundingClientRect();
      return { x, y, width, height };
    });
  });
}

/**
 * Whether the open menu's items lie where toasts are, and which items a toast covers: at the
 * middle of each place where an item and a toast meet, what a tap reaches is not the item.
 */
function menuOverToasts(page: Page) {
  return page.evaluate(() => {
    const toasts = Array.from(
      document.querySelectorAll('[data-sonner-toast][data-visible="true"]'),
    ).map((t) => t.getBoundingClientRect());
    let overToasts = false;
    const covered: string[] = [];
    for (const item of Array.from(document.querySelectorAll('[role="menuitem"]'))) {
      const b = item.getBoundingClientRect();
      for (const t of toasts) {
        const [left, right] = [Math.max(b.left, t.left), Math.min(b.right, t.right)];
        const [top, bottom] = [Math.max(b.top, t.top), Math.min(b.bottom, t.bottom)];
        if (left >= right || top >= bottom) continue;
        overToasts = true;
        const hit = document.elementFromPoint((left + right) / 2, (top + bottom) / 2);
        if (!item.contains(hit)) {
          covered.push(item.textContent ?? '');
          break;
        }
      }
    }
    return { overToasts, covered };
  });
}

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: toasts stay clear of the header and the tab bar and under an open menu, three at most, each dismissible`, async ({
    browser,
  }) => {
    const page = await pageIn(browser, vp);
    await members.join(page, newMember('Toby', 'Marsh'));
    await openCalendar(page);
    const header = await page.locator('header').first().boundingBox();
    const tabBar =
      vp === 'phone' ? await page.getByRole('navigation', { name: 'Tab bar' }).boundingBox() : null;
    expect(header).not.toBeNull();

    for (let i = 1; i <= 5; i++) {
      const dialog = await fillEventForm(page, {
        name: `Patrol meeting ${i}`,
        date: daysAhead(10 + i),
        time: '19:00',
      });
      await expect(dialog).toBeHidden();
      await expect
        .poll(async () => {
          const boxes = await toastBoxes(page);
          if (boxes === 'moving') return 'moving';
          const clear = boxes.every(
            (b) => !overlaps(b, header as Box) && !(tabBar && overlaps(b, tabBar)),
          );
          return { some: boxes.length > 0, atMostThree: boxes.length <= 3, clear };
        })
        .toEqual({ some: true, atMostThree: true, clear: true });
    }

    // The account menu drops down where toasts are: opened over them, it is not covered by them.
    const first = page.locator('[data-sonner-toast][data-visible="true"]').first();
    await first.hover(); // Toasts under the pointer stay.
    await page.getByRole('button', { name: /account menu/i }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu')).toBeVisible();
    await expect.poll(() => menuOverToasts(page)).toEqual({ overToasts: true, covered: [] });
    // Opened from the keyboard, the menu takes the focus; Escape then closes it.
    await expect(page.getByRole('menuitem').first()).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toBeHidden();

    // Each toast has its own close button.
    const text = (await first.textContent()) ?? '';
    await first.hover();
    await first.getByRole('button', { name: /close/i }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: text })).toHaveCount(0);
    await page.context().close();
  });
}

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: the Calendar card shows the next three events, meetings of a series included; the other cards look empty, not loading`, async ({
    browser,
  }) => {
    const page = await pageIn(browser, vp);
    await members.join(page, newMember('Uma', 'Patel'));
    const api = await apiSession(page);
    const { headers, eventsPath } = api;
    const seed = [
      { eventName: 'Court of Honor', eventDate: daysAhead(9), eventTime: '18:30' },
      { eventName: 'Last spring campout', eventDate: daysAhead(-20), eventTime: '08:00' },
      { eventName: 'Service day', eventDate: daysAhead(3), eventTime: '09:00' },
      { eventName: 'Summer camp', eventDate: daysAhead(40), eventTime: '07:00' },
      { eventName: 'Troop meeting', eventDate: daysAhead(5), eventTime: '19:00' },
      // Cancelled: still on the card, marked, so a family who planned on it sees it is off.
      {
        eventName: 'Called-off hike',
        eventDate: daysAhead(1),
        eventTime: '10:00',
        status: 'cancelled',
      },
      // A weekly council that began weeks ago shows by its next date, four days from today.
      {
        eventName: 'Patrol leaders council',
        eventDate: daysAhead(-24),
        eventTime: '18:00',
        rrule: 'FREQ=WEEKLY',
      },
    ];
    for (const [i, e] of seed.entries()) {
      const res = await page.request.post(eventsPath, {
        headers,
        data: { id: `event_${Date.now()}${i}`, ...e, creatorName: 'Uma Patel' },
      });
      expect(res.status()).toBe(201);
    }
    await page.reload();
    const card = page.getByRole('region', { name: 'Calendar' });
    const blocks = card.getByRole('list', { name: 'Next events' }).getByRole('listitem');
    await expect(blocks).toHaveCount(3);
    await expect(blocks.nth(0)).toContainText('Called-off hike');
    await expect(blocks.nth(0)).toContainText(`Cancelled${shownDate(daysAhead(1))}, 10:00 AM`);
    await expect(blocks.nth(0).getByRole('button')).toHaveCount(0);
    await expect(blocks.nth(1)).toContainText('Service day');
    await expect(blocks.nth(1)).toContainText(`${shownDate(daysAhead(3))}, 9:00 AM`);
    // Each event still ahead takes the member's answer in one tap.
    await expect(
      blocks.nth(1).getByRole('button', { name: 'Going: Uma Patel (you)', exact: true }),
    ).toHaveAttribute('aria-pressed', 'false');
    await expect(blocks.nth(2)).toContainText('Patrol leaders council');
    await expect(blocks.nth(2)).toContainText(`${shownDate(daysAhead(4))}, 6:00 PM`);

    for (const [name, empty] of [
      ['Social', 'No posts yet'],
      ['Newsletter', 'No newsletters yet'],
      // No sign-up slots on this troop's events: the Volunteer card says so.
      ['Volunteer', 'No open slots at upcoming events'],
    ] as const) {
      const other = page.getByRole('region', { name });
      await expect(other.getByRole('listitem')).toHaveCount(3);
      await expect(other.getByRole('listitem').first()).toHaveText(empty);
      await expect(other.locator('[aria-busy="true"], .animate-pulse')).toHaveCount(0);
    }
    expect(await seriousViolations(page)).toEqual([]);
    // The calendar is the troop's: the journeys after this one find it as it was.
    await removeOwnEvents(page.request, api);
    await page.context().close();
  });
}

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: a new past event goes where a reload puts it, marked Past; dates show their weekday`, async ({
    browser,
  }) => {
    const page = await pageIn(browser, vp);
    await members.join(page, newMember('Vic', 'Lund'));
    await openCalendar(page);
    const upcoming = {
      name: `Winter campout ${Date.now()}`,
      date: daysAhead(12),
      time: '17:00',
    };
    const dialog = await fillEventForm(page, upcoming);
    await expect(dialog).toBeHidden();
    await expect(eventRow(page, upcoming.name)).toContainText(shownDate(upcoming.date));

    // The calendar is the troop's: other members' past events may be folded away already.
    const earlier = page.getByRole('button', { name: /^Show earlier events/ });
    const hiddenBefore = async () =>
      (await earlier.count()) === 0
        ? 0
        : Number(/\((\d+)\)/.exec((await earlier.textContent()) ?? '')?.[1]);
    const before = await hiddenBefore();

    const past = { name: `Fall hike ${Date.now()}`, date: daysAhead(-7), time: '10:00' };
    await expect(await fillEventForm(page, past)).toBeHidden();
    await expect(
      page.getByText(/It is in the past: find it under Show earlier events/),
    ).toBeVisible();
    await expect(eventRow(page, past.name)).toHaveCount(0);
    await expect.poll(hiddenBefore).toBe(before + 1);

    await page.reload();
    await openCalendar(page);
    await expect(eventRow(page, past.name)).toHaveCount(0);
    await expect.poll(hiddenBefore).toBe(before + 1);
    await earlier.click();
    await expect(eventRow(page, past.name)).toContainText('Past event');
    await expect(eventRow(page, past.name)).toContainText(shownDate(past.date));
    await expect(eventRow(page, upcoming.name)).not.toContainText('Past event');
    await page.context().close();
  });
}

/**
 * Addresses in the browser: an event's own address opened from the dashboard, the list, a reload,
 * a new page and a sign-in first; and the auth screen's tab stops, each one visible.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { apiSession, eventRow, removeOwnEvents } from '../support/calendar.ts';
import { daysAhead } from '../support/dates.ts';
import { expectArrivedAt } from '../support/screens.ts';
import { createAccount, PROJECT_ID, storageStateFor } from '../support/sessions.ts';
import { walkTabStops } from '../support/tab-stops.ts';
import { pageIn, VIEWPORTS, type ViewportName } from '../support/viewports.ts';

test.describe('addresses', () => {
  // The dashboard's next three events are the whole troop's: this journey runs on its worker's
  // own troop server, where no journey running beside it adds events.
  test.use({ ownTroop: true });

  /** The event the address shows: its name, focused, links to that address. */
  const expectEventShown = async (page: Page, path: string) => {
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: 'Troop Calendar' })).toBeVisible();
    const focused = page.locator(':focus');
    await expect(focused).toHaveAttribute('href', path);
    await expect(focused).toBeInViewport();
  };

  test("an event's address: the dashboard card opens it, Back, a reload, a new page and signing in first all land on it; an unknown address says so", async ({
    browser,
    baseURL,
  }) => {
    // The member and the events through the API before the first page: signing up is the auth
    // journeys', and the dashboard reads the events as it opens, with no reload spent on them.
    const member = newMember('Robin', 'Hale');
    const at = baseURL!;
    const { tokens } = await createAccount(member, at);
    const stamp = Date.now();
    const campout = `event_${stamp}_camp`;
    const council = `event_${stamp}_council`;
    for (const e of [
      { id: campout, eventName: 'Fall campout', eventDate: daysAhead(3), eventTime: '09:00' },
      // A weekly council that began weeks ago: its next meeting is four days from today.
      {
        id: council,
        eventName: 'Patrol leaders council',
        eventDate: daysAhead(-24),
        eventTime: '18:00',
        rrule: 'FREQ=WEEKLY',
      },
    ]) {
      const res = await fetch(`${at}/api/db/${PROJECT_ID}/rest/v1/calendar_events`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${tokens.access_token}`,
        },
        body: JSON.stringify({ ...e, creatorName: 'Robin Hale' }),
      });
      expect(res.status, await res.clone().text()).toBe(201);
    }
    const meetingPath = `/calendar/events/${council}/${daysAhead(4)}`;
    const campoutPath = `/calendar/events/${campout}`;
    const context = await browser.newContext({
      ...VIEWPORTS.desktop,
      storageState: storageStateFor(tokens, at),
    });
    const page = await context.newPage();
    await page.goto('/');
    const api = await apiSession(page);

    // The card's meeting opens that meeting of the series, and Back returns to the dashboard.
    const card = page.getByRole('region', { name: 'Calendar' });
    await card.getByRole('link', { name: 'Patrol leaders council' }).first().click();
    await expectEventShown(page, meetingPath);
    await page.goBack();
    await expectArrivedAt(page, 'dashboard');
    await page.goForward();
    await expectEventShown(page, meetingPath);

    // Another event's name in the list is its address; a reload stays on it.
    await eventRow(page, 'Fall campout').getByRole('link', { name: 'Fall campout' }).click();
    await expectEventShown(page, campoutPath);
    await page.reload();
    await expectEventShown(page, campoutPath);

    // The address pasted into a new page of the same browser.
    const pasted = await page.context().newPage();
    await pasted.goto(campoutPath);
    await expectEventShown(pasted, campoutPath);
    // An address that names nothing says so, with the way back.
    await pasted.goto('/calendar/events/nothing/not-a-date');
    await expect(pasted.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
    await pasted.getByRole('button', { name: 'Go to the dashboard' }).click();
    await expectArrivedAt(pasted, 'dashboard');

    // Signed out, the address asks to sign in first, keeps itself, and opens once signed in.
    const stranger = await pageIn(browser, 'desktop');
    await stranger.goto(meetingPath);
    await stranger.getByRole('tab', { name: 'Sign In' }).click();
    await stranger.getByLabel('Email address').fill(member.email);
    await stranger.getByLabel('Password', { exact: true }).fill(member.password);
    await stranger.getByRole('button', { name: 'Sign In', exact: true }).click();
    await expectEventShown(stranger, meetingPath);

    await removeOwnEvents(page.request, api);
    await stranger.context().close();
    await page.context().close();
  });
});

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test(`${vp}: the auth screen has no invisible tab stop on either tab`, async ({ browser }) => {
    const page = await pageIn(browser, vp);
    await page.goto('/');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    for (const tab of ['Sign In', 'Sign Up']) {
      await page.getByRole('tab', { name: tab }).click();
      const { stops, invisible } = await walkTabStops(page);
      expect(invisible, tab).toEqual([]);
      // A tab's panel is no stop of its own: Tab goes from the tabs on to the form.
      expect(
        stops.filter((s) => s.includes('[role=tabpanel]')),
        tab,
      ).toEqual([]);
      expect(stops, tab).toContainEqual(expect.stringMatching(/^input/));
    }
    await page.context().close();
  });
}

/**
 * Troops on one server (docs/decisions/065-troops.md): a person in two troops sees the troop in
 * the header, switches to the other from its menu, keeping the sign-in, and the calendar is then
 * that troop's; signed out and in again, they start in the server's own troop. Seeded through the API: the platform admin makes the second troop with the person
 * as its first leader, and each troop gets an event of its own.
 */
import { expect, test } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { admin, newMember, signIn, signOut } from '../support/accounts.ts';
import { eventRow, openCalendar } from '../support/calendar.ts';
import { daysAhead } from '../support/dates.ts';
import {
  PROJECT_ID,
  createAccount,
  signInThroughApi,
  storageStateFor,
} from '../support/sessions.ts';

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

test('a person in two troops sees the troop’s name, switches troop and sees that troop’s calendar', async ({
  browser,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const other = { projectId: `troop-45-${tag}`, name: `Troop 45 Riverside ${tag}` };
  const person = newMember('Riley', 'Twotroops');
  const signedUp = await createAccount(person);
  const token = signedUp.tokens.access_token;

  const platformAdmin = await signInThroughApi(admin.email, admin.password);
  const made = await request.post(`${baseURL}/api/troops/${PROJECT_ID}`, {
    headers: bearer(platformAdmin.tokens.access_token),
    data: { ...other, number: '45', leaderEmail: person.email },
  });
  expect(made.status(), await made.text()).toBe(200);

  const addEvent = async (projectId: string, name: string) => {
    const res = await request.post(`${baseURL}/api/db/${projectId}/rest/v1/calendar_events`, {
      headers: bearer(token),
      data: { event_name: name, event_date: daysAhead(9), event_time: '09:00' },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  const homeEvent = `Lakeside Campfire ${tag}`;
  const otherEvent = `Riverside Canoe Trip ${tag}`;
  await addEvent(PROJECT_ID, homeEvent);
  await addEvent(other.projectId, otherEvent);

  const context = await browser.newContext({ storageState: storageStateFor(signedUp.tokens) });
  try {
    const page = await context.newPage();
    await page.goto('/');
    const header = page.getByRole('banner');
    // The server's own troop has no name: the switcher names it by its project id.
    await expect(
      header.getByRole('button', { name: `Switch troop, now in ${PROJECT_ID}` }),
    ).toBeVisible();
    await openCalendar(page);
    await expect(eventRow(page, homeEvent)).toBeVisible();
    await expect(eventRow(page, otherEvent)).toHaveCount(0);

    await header.getByRole('button', { name: /^Switch troop/ }).click();
    const menu = page.getByRole('menu');
    await expect(menu.getByRole('menuitemradio', { name: new RegExp(PROJECT_ID) })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await menu.getByRole('menuitemradio', { name: new RegExp(other.name) }).click();

    // The same screen, now in the other troop, and still signed in.
    await expect(
      header.getByRole('button', { name: `Switch troop, now in ${other.name}` }),
    ).toBeVisible();
    await openCalendar(page);
    await expect(eventRow(page, otherEvent)).toBeVisible();
    await expect(eventRow(page, homeEvent)).toHaveCount(0);

    // Whoever signs in here next starts in the server's own troop.
    await signOut(page);
    await signIn(page, person.email, person.password);
    await expect(
      header.getByRole('button', { name: `Switch troop, now in ${PROJECT_ID}` }),
    ).toBeVisible();
  } finally {
    await context.close();
    for (const projectId of [PROJECT_ID, other.projectId])
      await request.delete(
        `${baseURL}/api/db/${projectId}/rest/v1/calendar_events?user_id=eq.${signedUp.user.id}`,
        { headers: bearer(token) },
      );
  }
});

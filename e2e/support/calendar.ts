import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { Member } from './accounts.ts';
import { joinThroughApi } from './sessions.ts';
import { isoDate } from './dates.ts';
import { closeToasts } from './viewports.ts';

export interface NewEvent {
  name: string;
  /** YYYY-MM-DD, as a date input takes it. */
  date: string;
  /** HH:mm, as a time input takes it. */
  time: string;
  link?: string;
}

/**
 * Opens the calendar from the dashboard; after a reload on the calendar the app is already
 * there (a reload stays on its screen), and nothing needs clicking.
 */
export async function openCalendar(page: Page) {
  const heading = page.getByRole('heading', { level: 1, name: 'Troop Calendar' });
  const view = page.getByRole('button', { name: 'View Calendar' });
  await expect(view.or(heading)).toBeVisible();
  if (await view.isVisible()) await view.click();
  await expect(heading).toBeVisible();
  await expect(page.getByText('Loading events...')).toBeHidden();
}

export const eventRows = (page: Page) =>
  page.getByRole('list', { name: 'Troop events' }).getByRole('listitem');

export const eventRow = (page: Page, name: string) =>
  eventRows(page).filter({ has: page.getByRole('heading', { name, exact: true }) });

export async function fillEventForm(page: Page, e: NewEvent) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill(e.name);
  await dialog.getByLabel('Date', { exact: true }).fill(e.date);
  await dialog.getByLabel('Time', { exact: true }).fill(e.time);
  if (e.link !== undefined) await dialog.getByLabel('Link (optional)').fill(e.link);
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  return dialog;
}

/** Creates the event, sees it listed and its toast say so, and closes the toast. */
export async function createEvent(page: Page, e: NewEvent) {
  const dialog = await fillEventForm(page, e);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await expect(eventRow(page, e.name)).toBeVisible();
  await closeToasts(page);
}

/** What the page's own client uses to call the API: the project id and the access token. */
export async function apiSession(page: Page) {
  const projectId = await page.locator('meta[name="scout-project-id"]').getAttribute('content');
  if (!projectId) throw new Error('the page has no scout-project-id meta tag');
  const stored = await page.evaluate(
    (key) => window.localStorage.getItem(key),
    `blink_tokens_${projectId}`,
  );
  const accessToken = stored
    ? (JSON.parse(stored) as { access_token?: string }).access_token
    : undefined;
  if (!accessToken) throw new Error('no stored session');
  return {
    projectId,
    // The server the page talks to: the shared one or a journey's own troop server.
    origin: new URL(page.url()).origin,
    headers: { Authorization: `Bearer ${accessToken}` },
    eventsPath: `/api/db/${encodeURIComponent(projectId)}/rest/v1/calendar_events`,
  };
}

export type ApiSession = Awaited<ReturnType<typeof apiSession>>;

/**
 * Enters an event through the Data API as the session's member, with the fields the Create
 * dialog would send, and answers the stored row: a journey about changing an event starts from
 * one, leaving the dialog to the journeys about creating.
 */
export async function enterEvent(page: Page, api: ApiSession, row: Record<string, unknown>) {
  const res = await page.request.post(api.eventsPath, {
    headers: { ...api.headers, Prefer: 'return=representation' },
    data: row,
  });
  expect(res.status(), await res.text()).toBe(201);
  const [stored] = (await res.json()) as Array<{ id: string }>;
  return stored!;
}

/**
 * Deletes every event the session's member created, so journeys that run after start from the
 * calendar they expect. Works after the member's page is closed.
 */
export async function removeOwnEvents(request: APIRequestContext, api: ApiSession) {
  const me = await request.get(`${api.origin}/api/auth/me`, { headers: api.headers });
  if (!me.ok()) return;
  const { user } = (await me.json()) as { user: { id: string } };
  const mine = `${api.origin}${api.eventsPath}?user_id=eq.${encodeURIComponent(user.id)}`;
  const gone = await request.delete(mine, { headers: api.headers });
  expect(gone.ok()).toBe(true);
}

/**
 * Members a journey file signs up, whose events are deleted after each journey (the hook is
 * registered here, so call this at the top of the file): the calendar is the troop's, and the
 * journeys after it expect to find it as they left it.
 */
export function membersWhoCleanUp() {
  const joined: ApiSession[] = [];
  test.afterEach(async ({ request }) => {
    for (const api of joined.splice(0)) await removeOwnEvents(request, api);
  });
  return {
    async join(page: Page, member: Member) {
      await joinThroughApi(page, member);
      joined.push(await apiSession(page));
    },
  };
}

/** As the list writes a date: 'Tue, Dec 08, 2026'. */
export const listedDate = (ms: number) =>
  new Date(ms).toLocaleDateString('en-US', {
    weekday: 'short',
    month: 'short',
    day: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** The listed occurrences of a series, by its name. */
export const seriesRows = (page: Page, name: string) => eventRows(page).filter({ hasText: name });

/** The listed occurrence of a series on a day. */
export const rowOn = (page: Page, name: string, ms: number) =>
  seriesRows(page, name)
    .filter({ hasText: listedDate(ms) })
    // A meeting moved away from the day names it too ("Moved from ..."): it is not on it.
    .filter({ hasNotText: `Moved from ${listedDate(ms)}` });

/**
 * Creates a meeting at 7:00 PM repeating weekly on the start's weekday, `times` times, from the
 * Create Event dialog (in a category when one is named), and waits until every occurrence is
 * listed.
 */
export async function createWeekly(
  page: Page,
  name: string,
  start: number,
  times: number,
  { category }: { category?: string } = {},
) {
  await page.getByRole('button', { name: 'Create Event' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill(name);
  await dialog.getByLabel('Date', { exact: true }).fill(isoDate(start));
  await dialog.getByLabel('Time', { exact: true }).fill('19:00');
  if (category) await dialog.getByLabel('Category (optional)').selectOption({ label: category });
  await dialog.getByLabel('Repeat', { exact: true }).selectOption({ label: 'Weekly' });
  await dialog.getByRole('group', { name: 'Ends' }).getByLabel('After a number of times').check();
  await dialog.getByLabel('How many times').fill(String(times));
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();
  await expect(seriesRows(page, name)).toHaveCount(times);
}

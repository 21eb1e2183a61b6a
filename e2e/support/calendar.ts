import { expect, type Page } from '@playwright/test';

export interface NewEvent {
  name: string;
  /** YYYY-MM-DD, as a date input takes it. */
  date: string;
  /** HH:mm, as a time input takes it. */
  time: string;
  link?: string;
}

export async function openCalendar(page: Page) {
  await page.getByRole('button', { name: 'View Calendar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Troop Calendar' })).toBeVisible();
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

export async function createEvent(page: Page, e: NewEvent) {
  const dialog = await fillEventForm(page, e);
  await expect(dialog).toBeHidden();
  await expect(eventRow(page, e.name)).toBeVisible();
}

export async function deleteEvent(page: Page, name: string) {
  await eventRow(page, name)
    .getByRole('button', { name: `Delete: ${name}` })
    .click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete this event?' });
  await expect(confirm).toContainText(name);
  await confirm.getByRole('button', { name: 'Delete Event' }).click();
  await expect(confirm).toBeHidden();
  await expect(eventRow(page, name)).toHaveCount(0);
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
    headers: { Authorization: `Bearer ${accessToken}` },
    eventsPath: `/api/db/${encodeURIComponent(projectId)}/rest/v1/calendar_events`,
  };
}

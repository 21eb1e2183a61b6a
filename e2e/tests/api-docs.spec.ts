import { expect, test } from '../support/fixtures.ts';
import { baseURL } from '../playwright.config.ts';

test('the API reference renders from the server alone, listing the routes', async ({ page }) => {
  const elsewhere: string[] = [];
  page.on('request', (req) => {
    if (!req.url().startsWith(baseURL) && !req.url().startsWith('data:')) elsewhere.push(req.url());
  });
  const blocked: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') blocked.push(msg.text());
  });
  await page.goto('/api/docs');
  // The reference parses the whole document (about 90 kB) before it draws anything: on a
  // machine busy with other suites that takes longer than a screen of the app.
  await expect(page.getByRole('heading', { name: /Scout Leadership Platform API/ })).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByText('/api/auth/signup', { exact: true }).first()).toBeVisible();
  // Past about 150 operations the reference draws only those near the screen, as a reader
  // scrolls: scroll down to the Data API's.
  const dataApi = page.getByText('/api/db/{projectId}/rest/v1/{table}', { exact: true }).first();
  await expect(async () => {
    await page.mouse.wheel(0, 1200);
    await expect(dataApi).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(elsewhere).toEqual([]);
  expect(blocked.filter((t) => /Content Security Policy/i.test(t))).toEqual([]);
});

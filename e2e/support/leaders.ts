import { expect } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { admin } from './accounts.ts';
import { PROJECT_ID, signInThroughApi } from './sessions.ts';

/** The troop's admin makes a member a leader, as the Members screen or the admin CLI would. */
export async function makeLeader(email: string) {
  const { tokens } = await signInThroughApi(admin.email, admin.password);
  const headers = {
    authorization: `Bearer ${tokens.access_token}`,
    'content-type': 'application/json',
  };
  const users = `${baseURL}/api/db/${PROJECT_ID}/rest/v1/users`;
  const found = await fetch(`${users}?email=eq.${encodeURIComponent(email)}&select=id`, {
    headers,
  });
  expect(found.ok).toBe(true);
  const [row] = (await found.json()) as Array<{ id: string }>;
  expect(row).toBeTruthy();
  const changed = await fetch(`${users}?id=eq.${row?.id}`, {
    method: 'PATCH',
    headers,
    body: JSON.stringify({ role: 'leader' }),
  });
  expect(changed.ok).toBe(true);
}

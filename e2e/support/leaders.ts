import { expect, type APIRequestContext } from '@playwright/test';
import { admin } from './accounts.ts';

/** The troop's admin makes a member a leader, as the Members screen or the admin CLI would. */
export async function makeLeader(request: APIRequestContext, email: string) {
  const signedIn = await request.post('/api/auth/signin/email', {
    data: { email: admin.email, password: admin.password, projectId: 'scout-troop' },
  });
  expect(signedIn.ok()).toBe(true);
  const headers = { authorization: `Bearer ${(await signedIn.json()).access_token}` };
  const found = await request.get(
    `/api/db/scout-troop/rest/v1/users?email=eq.${encodeURIComponent(email)}&select=id`,
    { headers },
  );
  const [row] = (await found.json()) as Array<{ id: string }>;
  expect(row).toBeTruthy();
  const changed = await request.patch(`/api/db/scout-troop/rest/v1/users?id=eq.${row?.id}`, {
    headers,
    data: { role: 'leader' },
  });
  expect(changed.ok()).toBe(true);
}

import { expect, test, type APIRequestContext } from '@playwright/test';
import { admin, newMember, signUp } from '../support/accounts.ts';
import { createEvent, deleteEvent, eventRow, openCalendar } from '../support/calendar.ts';

/** The troop's admin makes a member a leader, as the Members screen or the admin CLI would. */
async function makeLeader(request: APIRequestContext, email: string) {
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

test('a leader deletes another member’s event; a plain member sees no Delete button on it', async ({
  browser,
  request,
}) => {
  const event = { name: 'Pack Meeting', date: '2027-01-12', time: '19:00' };

  const annContext = await browser.newContext();
  const ann = await annContext.newPage();
  await signUp(ann, newMember('Ann', 'Rivera'));
  await openCalendar(ann);
  await createEvent(ann, event);

  const bobContext = await browser.newContext();
  const bob = await bobContext.newPage();
  await signUp(bob, newMember('Bob', 'Chen'));
  await openCalendar(bob);
  await expect(eventRow(bob, event.name)).toBeVisible();
  await expect(eventRow(bob, event.name).getByRole('button', { name: /^Delete/ })).toHaveCount(0);

  const lee = newMember('Lee', 'Okafor');
  const leeContext = await browser.newContext();
  const leePage = await leeContext.newPage();
  await signUp(leePage, lee);
  await makeLeader(request, lee.email);
  // A fresh page load picks up the new role.
  await leePage.reload();
  await openCalendar(leePage);
  await deleteEvent(leePage, event.name);

  // Everyone else's calendar follows.
  await expect(eventRow(ann, event.name)).toHaveCount(0);
  await expect(eventRow(bob, event.name)).toHaveCount(0);
  await Promise.all([annContext.close(), bobContext.close(), leeContext.close()]);
});

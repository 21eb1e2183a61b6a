/**
 * Troops on one server (docs/decisions/065-troops.md): a person in two troops sees the troop in
 * the header, switches to the other from its menu, keeping the sign-in, and the calendar is then
 * that troop's; signed out and in again, they start in the server's own troop. Seeded through the API: the platform admin makes the second troop with the person
 * as its first leader, and each troop gets an event of its own. And the platform admin makes a
 * council and a troop of it on the Troops screen, and finds the troop in the list under its council.
 * A mail's link naming the second troop lands its member on the event there, on a fresh page.
 * A council's admin confirms a troop registered at sign-up on the council's screen.
 */
import { expect, test } from '../support/fixtures.ts';
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

test('a member of a second troop opens its mail’s event link on a fresh page and lands on the event in that troop', async ({
  browser,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const other = { projectId: `troop-46-${tag}`, name: `Troop 46 Hillside ${tag}` };
  const person = newMember('Morgan', 'Maillink');
  const signedUp = await createAccount(person);
  const token = signedUp.tokens.access_token;
  const platformAdmin = await signInThroughApi(admin.email, admin.password);
  const made = await request.post(`${baseURL}/api/troops/${PROJECT_ID}`, {
    headers: bearer(platformAdmin.tokens.access_token),
    data: { ...other, number: '46', leaderEmail: person.email },
  });
  expect(made.status(), await made.text()).toBe(200);
  const eventName = `Hillside Night Hike ${tag}`;
  const added = await request.post(`${baseURL}/api/db/${other.projectId}/rest/v1/calendar_events`, {
    headers: { ...bearer(token), Prefer: 'return=representation' },
    data: { event_name: eventName, event_date: daysAhead(9), event_time: '20:00' },
  });
  expect(added.status(), await added.text()).toBe(201);
  const [event] = (await added.json()) as { id: string }[];
  const eventPath = `/calendar/events/${event!.id}`;

  // Signed in, on a page that has never chosen a troop: the server's own is the default.
  const context = await browser.newContext({ storageState: storageStateFor(signedUp.tokens) });
  try {
    const page = await context.newPage();
    await page.goto(`${eventPath}?troop=${other.projectId}`);
    await expect(
      page.getByRole('banner').getByRole('button', { name: `Switch troop, now in ${other.name}` }),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${eventPath}$`));
    await expect(eventRow(page, eventName)).toBeVisible();
    await expect(page.getByText('not on the calendar')).toHaveCount(0);
  } finally {
    await context.close();
    await request.delete(
      `${baseURL}/api/db/${other.projectId}/rest/v1/calendar_events?user_id=eq.${signedUp.user.id}`,
      { headers: bearer(token) },
    );
  }
});

test('the platform admin makes a council and a troop of it on the Troops screen, and sees the troop listed under its council', async ({
  signedInPage,
}) => {
  const tag = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const council = { projectId: `council-${tag}`, name: `Prairie Council ${tag}` };
  const troop = { projectId: `troop-12-${tag}`, name: `Troop 12 Meadow ${tag}` };
  const leaderEmail = `first.leader.${tag}@example.org`;
  const { page } = await signedInPage('admin');

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Troops', exact: true }).click();
  await expect(page).toHaveURL(/\/troops$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Troops' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Make a troop or a council' });

  await form.getByRole('radio', { name: 'Council' }).check();
  await form.getByLabel('Number', { exact: true }).fill('7');
  await form.getByLabel('Name', { exact: true }).fill(council.name);
  await form.getByLabel('Project id').fill(council.projectId);
  // The Council choice is a troop's only.
  await expect(form.getByRole('combobox', { name: 'Council', exact: true })).toHaveCount(0);
  await form.getByRole('button', { name: 'Make council' }).click();
  const made = page.getByRole('status', { name: /made/ });
  await expect(made).toContainText(`Council made: ${council.name} (${council.projectId})`);

  // A project id that is taken is said by its field, and the field gets the focus.
  await form.getByRole('radio', { name: 'Troop' }).check();
  await form.getByLabel('Number', { exact: true }).fill('12');
  await form.getByLabel('Name', { exact: true }).fill(troop.name);
  const projectId = form.getByLabel('Project id');
  await projectId.fill(council.projectId);
  await form
    .getByRole('combobox', { name: 'Council', exact: true })
    .selectOption({ value: council.projectId });
  await form.getByLabel("First leader's email (optional)").fill(leaderEmail);
  await form.getByRole('button', { name: 'Make troop' }).click();
  await expect(projectId).toBeFocused();
  await expect(projectId).toHaveAccessibleDescription(/already/);

  await projectId.fill(troop.projectId);
  await form.getByRole('button', { name: 'Make troop' }).click();
  await expect(made).toContainText(`Troop made: ${troop.name} (${troop.projectId})`);
  // No account has the address: the invitation link is shown here, to copy.
  await expect(made).toContainText(`No account has ${leaderEmail} yet`);
  await expect(made.getByLabel('Invitation link')).toHaveValue(/\?invite=/);
  await expect(made.getByRole('button', { name: 'Copy Invitation link' })).toBeVisible();

  const list = page.getByRole('table', { name: 'Troops and councils' });
  const rowOf = (name: string) =>
    list.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
  // Number, project id, kind, council and members beside the name.
  await expect(rowOf(troop.name).getByRole('cell')).toHaveText([
    '12',
    troop.projectId,
    'Troop',
    council.name,
    '0',
  ]);
  await expect(rowOf(council.name).getByRole('cell')).toHaveText([
    '7',
    council.projectId,
    'Council',
    '—',
    '0',
  ]);
});

test('a council admin confirms a troop registered at sign-up, which then shows among the council’s troops', async ({
  browser,
  request,
}) => {
  const tag = `${Date.now().toString(36)}${test.info().workerIndex}`;
  const council = { projectId: `council-r-${tag}`, name: `Lakeshore Council ${tag}` };
  const councilAdmin = newMember('Casey', 'Counciladmin');
  const signedUp = await createAccount(councilAdmin);
  const platformAdmin = await signInThroughApi(admin.email, admin.password);
  const made = await request.post(`${baseURL}/api/troops/${PROJECT_ID}`, {
    headers: bearer(platformAdmin.tokens.access_token),
    data: {
      ...council,
      number: '5',
      kind: 'council',
      acceptsTroops: true,
      leaderEmail: councilAdmin.email,
    },
  });
  expect(made.status(), await made.text()).toBe(200);
  // A leader signs up with a number no troop has, at the council's address: a troop registers.
  const number = String(1000 + Math.floor(Math.random() * 8000));
  const registrant = newMember('Jamie', 'Registrant');
  const registered = await request.post(`${baseURL}/api/auth/signup`, {
    data: {
      email: registrant.email,
      password: registrant.password,
      projectId: council.projectId,
      troopNumber: number,
    },
  });
  expect(registered.status(), await registered.text()).toBe(200);

  const context = await browser.newContext({ storageState: storageStateFor(signedUp.tokens) });
  try {
    const page = await context.newPage();
    await page.goto(`/council?troop=${council.projectId}`);
    const waiting = page.getByRole('region', { name: /Troops waiting for the council/ });
    await expect(waiting).toContainText(`Troop ${number}`);
    await expect(waiting).toContainText(registrant.email);
    await waiting.getByRole('button', { name: `Confirm Troop ${number}` }).click();
    await expect(page.getByText(`Troop ${number} is confirmed`)).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Troops of the council' })).toContainText(
      `Troop ${number}`,
    );
  } finally {
    await context.close();
  }
});

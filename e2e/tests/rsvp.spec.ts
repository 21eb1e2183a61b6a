import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import {
  apiSession,
  eventRow,
  openCalendar,
  removeOwnEvents,
  type ApiSession,
} from '../support/calendar.ts';
import { makeLeader } from '../support/leaders.ts';
import { pageIn, seriousViolations, VIEWPORTS, waitForToastsToGo } from '../support/viewports.ts';

const CAMPOUT = 'Lakeside Campout';
const HIKE = 'Closed Hike';

/** The session of the member who made the journey's events, to remove them whatever happens. */
let creatorApi: ApiSession | undefined;
test.afterEach(async ({ request }) => {
  if (creatorApi) await removeOwnEvents(request, creatorApi);
  creatorApi = undefined;
});

/** Opens an event's RSVP panel and answers the region it shows. */
async function openAnswers(page: Page, name: string) {
  const row = eventRow(page, name);
  await row.getByRole('button', { name: `RSVP: ${name}` }).click();
  const panel = row.getByRole('region', { name: 'Who is coming' });
  await expect(panel.getByText('Loading answers...')).toBeHidden();
  return panel;
}

test('an adult answers, the leader sees the count change live, exports the CSV and changes the answer; the deadline closes answers', async ({
  browser,
}) => {
  // A leader makes the campout with a capacity and a deadline, in the event dialog.
  const leaderContext = await browser.newContext(VIEWPORTS.desktop);
  const leader = await leaderContext.newPage();
  const lena = newMember('Lena', 'Park');
  await joinThroughApi(leader, lena);
  await makeLeader(lena.email);
  creatorApi = await apiSession(leader);
  await openCalendar(leader);
  await leader.getByRole('button', { name: 'Create Event' }).click();
  const dialog = leader.getByRole('dialog', { name: 'Create Event' });
  await dialog.getByLabel('Event name').fill(CAMPOUT);
  await dialog.getByLabel('Date', { exact: true }).fill('2031-06-12');
  await dialog.getByLabel('Time', { exact: true }).fill('18:00');
  await dialog.getByLabel('Capacity').fill('0');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog.getByText('Enter a whole number from 1 to 10,000')).toBeVisible();
  await dialog.getByLabel('Capacity').fill('12');
  await dialog.getByLabel('RSVP deadline').fill('2031-06-01T20:00');
  await dialog.getByRole('button', { name: 'Create Event' }).click();
  await expect(dialog).toBeHidden();

  // A hike whose answers closed yesterday, written by another client through the Data API.
  const made = await leader.request.post(creatorApi.eventsPath, {
    headers: creatorApi.headers,
    data: {
      id: `event_${Date.now()}_hike`,
      event_name: HIKE,
      event_date: '2031-06-20',
      event_time: '09:00',
      rsvp_deadline: new Date(Date.now() - 86_400_000).toISOString(),
    },
  });
  expect(made.status()).toBe(201);

  const leaderPanel = await openAnswers(leader, CAMPOUT);
  await expect(leaderPanel).toContainText('0 youth and 0 adults going');
  await expect(leaderPanel).toContainText('12 of 12 places left');
  await expect(leaderPanel).toContainText('Answer by');

  // A parent, on a phone, answers for themself.
  const parent = await pageIn(browser, 'phone');
  await joinThroughApi(parent, newMember('Ann', 'Rivera'));
  await openCalendar(parent);
  const parentPanel = await openAnswers(parent, CAMPOUT);
  const mine = parentPanel.getByRole('form', { name: 'Answer for Ann Rivera' });
  await expect(mine).toContainText('No answer yet');
  await expect(parentPanel.getByRole('button', { name: 'Export CSV' })).toHaveCount(0);
  await mine.getByRole('radio', { name: 'Going', exact: true }).check();
  await mine.getByLabel('Note for Ann Rivera (optional)').fill('=cmd|calc Bringing a tent');
  await mine.getByRole('button', { name: 'Save answer' }).click();
  await expect(mine).toContainText('Answered: Going');
  await expect(mine.getByRole('radio', { name: 'Going', exact: true })).toBeChecked();
  await expect(parentPanel).toContainText('0 youth and 1 adult going');
  await expect(parentPanel).toContainText('11 of 12 places left');

  // The phone shows it all without sideways scrolling, and axe finds nothing serious.
  const overflow = await parent.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  expect(await seriousViolations(parent)).toEqual([]);

  // The leader's open panel counts the answer without a reload, with the name and the note.
  await expect(leaderPanel).toContainText('0 youth and 1 adult going');
  await expect(leaderPanel.getByRole('list', { name: 'Answers' })).toContainText('Ann Rivera');
  await expect(leaderPanel).toContainText('=cmd|calc Bringing a tent');
  // The leader's Event created toast may still be leaving (it stays while the pointer is on it):
  // one fading out is drawn half transparent, and axe would read its text as too faint.
  await waitForToastsToGo(leader);
  expect(await seriousViolations(leader)).toEqual([]);

  // The CSV is saved under the event's name (its columns, and notes kept as text rather than run
  // as formulas, are server/src/rsvps/export-and-fields.test.ts's).
  const downloading = leader.waitForEvent('download');
  await leaderPanel.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('lakeside-campout-rsvps.csv');

  // A leader changes the parent's answer; the parent's phone shows it without a reload.
  await leaderPanel.getByRole('button', { name: 'Change the answer of Ann Rivera' }).click();
  const change = leaderPanel.getByRole('form', { name: 'Answer for Ann Rivera' });
  await change.getByRole('radio', { name: 'Maybe' }).check();
  await change.getByRole('button', { name: 'Save answer' }).click();
  await expect(leaderPanel).toContainText('0 youth and 0 adults going, 1 maybe');
  await expect(mine).toContainText('Answered: Maybe');

  // After the deadline the parent reads the answers but cannot change them.
  const closed = await openAnswers(parent, HIKE);
  await expect(closed).toContainText('Answers closed');
  const hikeAnswer = closed.getByRole('form', { name: 'Answer for Ann Rivera' });
  await expect(hikeAnswer.getByRole('radio', { name: 'Going', exact: true })).toBeDisabled();
  await expect(hikeAnswer.getByRole('button', { name: 'Save answer' })).toHaveCount(0);

  // Ann's scout, added through the API, has not answered: the leader sees the scout by household
  // with Ann to contact, and nudges (whom the mail reaches is server/src/rsvps/nudge.test.ts's).
  const annApi = await apiSession(parent);
  const kit = await parent.request.post(
    `${annApi.origin}/api/households/${encodeURIComponent(annApi.projectId)}/mine/scouts`,
    { headers: annApi.headers, data: { firstName: 'Kit', lastName: 'Rivera' } },
  );
  expect(kit.status()).toBe(200);
  await leader.reload();
  const chase = await openAnswers(leader, CAMPOUT);
  const missing = chase.getByRole('list', { name: 'No answer yet' });
  await expect(
    missing.getByRole('listitem').filter({ hasText: 'Kit Rivera (scout)' }),
  ).toContainText('Contact: Ann Rivera');
  await chase.getByRole('button', { name: 'Nudge' }).click();
  await expect(chase.getByRole('status')).toContainText(/Nudge sent to \d+ households?/);

  await parent.context().close();
  await leaderContext.close();
});

test('a parent answers for their scout and for themself; past the capacity the scout waits and moves up when a place frees', async ({
  page,
}) => {
  const last = `Quinn${Math.random().toString(36).slice(2, 7)}`;
  const parent = newMember('Jordan', last);
  await joinThroughApi(page, parent);
  creatorApi = await apiSession(page);

  // The household's scout, added in the Family section of the profile.
  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  const familySection = page.getByRole('region', { name: 'Family' });
  await familySection.getByRole('button', { name: 'Add a scout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a scout' });
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill(last);
  await dialog.getByRole('button', { name: 'Add scout' }).click();
  await expect(dialog).toHaveCount(0);

  // One place left on the canoe trip.
  const made = await page.request.post(creatorApi.eventsPath, {
    headers: creatorApi.headers,
    data: {
      id: `event_${Date.now()}_canoe`,
      event_name: 'Canoe Trip',
      event_date: '2031-07-04',
      event_time: '08:00',
      capacity: 1,
    },
  });
  expect(made.status()).toBe(201);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Calendar' })
    .click();
  await openCalendar(page);
  const panel = await openAnswers(page, 'Canoe Trip');
  const me = panel.getByRole('form', { name: `Answer for Jordan ${last}` });
  const robin = panel.getByRole('form', { name: `Answer for Robin ${last}` });
  await expect(robin).toContainText('Scout');

  await me.getByRole('radio', { name: 'Going', exact: true }).check();
  await me.getByRole('button', { name: 'Save answer' }).click();
  await expect(me).toContainText('Answered: Going');
  await robin.getByRole('radio', { name: 'Going', exact: true }).check();
  await robin.getByRole('button', { name: 'Save answer' }).click();
  await expect(robin).toContainText('Answered: Going, waitlist position 1');
  await expect(panel).toContainText('0 youth and 1 adult going');
  await expect(panel).toContainText('1 on the waitlist');
  await expect(panel).toContainText('Full (1 place)');

  // The parent stays home: the scout takes the place.
  await me.getByRole('radio', { name: 'Not going' }).check();
  await me.getByRole('button', { name: 'Save answer' }).click();
  await expect(robin.getByText('Answered: Going', { exact: true })).toBeVisible();
  await expect(panel).toContainText('1 youth and 0 adults going');
  expect(await seriousViolations(page)).toEqual([]);
});

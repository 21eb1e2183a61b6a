/**
 * A campout's drivers and meals without a spreadsheet, at phone size: a leader adds a driver and
 * a meal slot from the templates on the event's sheet, one parent takes the driver's place from
 * the Volunteer screen and another the meal from the event's sheet; the leader's seats summary
 * (against the answers too) and the first parent's dashboard card follow live. The first parent
 * offers her place to the second; the leader nudges for the open places (once a day), edits and
 * removes a slot and exports the sheet. Axe finds nothing serious. The rules behind
 * the sheet (who may, the last place, give-backs) are the API's tests (server/src/volunteer/).
 */
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { apiSession, membersWhoCleanUp } from '../support/calendar.ts';
import { daysAhead } from '../support/dates.ts';
import { makeLeader } from '../support/leaders.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { closeToasts, pageIn, seriousViolations, sidewaysOverflow } from '../support/viewports.ts';
import { answerThroughApi, seedEvent } from '../support/volunteer.ts';

const members = membersWhoCleanUp();

test('phone: a leader adds driver and meal slots to a campout, two parents take them, the seats summary and the card follow live', async ({
  browser,
}) => {
  const last = `Vol${Math.random().toString(36).slice(2, 7)}`;
  const campout = `Ridge Campout ${last}`;
  const leader = await pageIn(browser, 'phone');
  const lena = newMember('Lena', last);
  await members.join(leader, lena);
  await makeLeader(lena.email);
  const leaderApi = await apiSession(leader);
  const eventId = await seedEvent(leader, leaderApi, {
    name: campout,
    date: daysAhead(3),
    time: '18:00',
    creatorName: `Lena ${last}`,
  });
  const ann = await pageIn(browser, 'phone');
  await joinThroughApi(ann, newMember('Ann', last));
  const ben = await pageIn(browser, 'phone');
  await joinThroughApi(ben, newMember('Ben', last));
  // Three adults going, none of them driving yet: three riders to seat.
  for (const page of [leader, ann, ben])
    await answerThroughApi(page, await apiSession(page), eventId);

  // The leader opens the campout's address and adds the two slots from the templates.
  await leader.goto(`/calendar/events/${eventId}`);
  const sheet = leader.getByRole('region', { name: 'Sign-up sheet' });
  await expect(sheet.getByText('No sign-up slots yet.')).toBeVisible();
  await sheet.getByRole('button', { name: `Add slot: ${campout}` }).click();
  const form = sheet.getByRole('form', { name: 'New slot' });
  await expect(form.getByRole('button', { name: 'Drivers' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await form.getByLabel('People needed').fill('2');
  await form.getByLabel('Seats per driver').fill('1');
  await form.getByRole('button', { name: 'Add slot', exact: true }).click();
  await expect(sheet.getByText('Driver to camp')).toBeVisible();
  await expect(sheet.getByText('Short by 3 seats (3 riders, 0 seats offered)')).toBeVisible();
  await sheet.getByRole('button', { name: `Add slot: ${campout}` }).click();
  await form.getByRole('button', { name: 'Meals' }).click();
  await expect(form.getByLabel('Title')).toHaveValue('Saturday dinner');
  await form.getByRole('button', { name: 'Add slot', exact: true }).click();
  await expect(form).toBeHidden();
  const dinnerOnSheet = sheet.getByRole('listitem').filter({ hasText: 'Saturday dinner' });
  await expect(dinnerOnSheet).toContainText('Nobody yet, 2 needed');
  await closeToasts(leader);
  expect(await sidewaysOverflow(leader)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(leader)).toEqual([]);

  // Ann's dashboard card, open all along, shows the new slots; View opens the Volunteer screen.
  const card = ann.getByRole('region', { name: 'Volunteer' });
  const cardBlock = (title: string) => card.getByRole('listitem').filter({ hasText: title });
  await expect(cardBlock('Driver to camp')).toContainText('Nobody yet, 2 needed');
  await card.getByRole('button', { name: 'View Volunteer' }).click();
  await expect(ann.getByRole('heading', { level: 1, name: 'Volunteer' })).toBeVisible();
  const open = ann.getByRole('region', { name: 'Open slots' });
  await open
    .getByRole('button', { name: new RegExp(`^Take a place: Driver to camp, ${campout}`) })
    .click();
  const mine = ann.getByRole('region', { name: 'My commitments' });
  await expect(mine.getByRole('button', { name: /^Give back: Driver to camp/ })).toBeVisible();
  // The driver's slot still needs one more, and says she has her place rather than offer Take.
  const driverOpen = open.getByRole('listitem').filter({ hasText: 'Driver to camp' });
  await expect(driverOpen).toContainText('1 of 2 taken');
  await expect(driverOpen).toContainText('You signed up');
  await expect(driverOpen.getByRole('button')).toHaveCount(0);
  await closeToasts(ann);
  expect(await sidewaysOverflow(ann)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(ann)).toEqual([]);

  // The leader's sheet follows: one driver with one seat for the two others going.
  await expect(sheet.getByText('Short by 1 seat (2 riders, 1 seat offered)')).toBeVisible();
  await expect(sheet.getByRole('listitem').filter({ hasText: 'Driver to camp' })).toContainText(
    `Ann ${last}`,
  );

  // Back on her dashboard, Ann's card shows her place first, then the dinner still open.
  await ann.getByRole('button', { name: 'Dashboard' }).click();
  await expect(card.getByRole('listitem').first()).toContainText('Driver to camp');
  await expect(card.getByRole('listitem').first()).toContainText('You signed up');
  await expect(cardBlock('Saturday dinner')).toContainText('Nobody yet, 2 needed');

  // Ben takes the dinner in one tap on the campout's own sheet; Ann's card and the leader follow.
  await ben.goto(`/calendar/events/${eventId}`);
  const benSheet = ben.getByRole('region', { name: 'Sign-up sheet' });
  await benSheet.getByRole('button', { name: 'Take a place: Saturday dinner' }).click();
  await expect(benSheet.getByRole('button', { name: 'Give back: Saturday dinner' })).toBeVisible();
  await expect(cardBlock('Saturday dinner')).toContainText('1 of 2 taken');
  await expect(dinnerOnSheet).toContainText(`Ben ${last}`);
  await expect(dinnerOnSheet).toContainText('1 of 2 taken');

  // Ann offers her driver's place to Ben; it stays hers, shown as waiting for his answer.
  await card.getByRole('button', { name: 'View Volunteer' }).click();
  await mine
    .getByRole('button', { name: new RegExp(`^Offer to someone: Driver to camp, ${campout}`) })
    .click();
  const offering = ann.getByRole('dialog', { name: 'Offer your place' });
  await offering.getByLabel('Offer to').selectOption({ label: `Ben ${last}` });
  await offering.getByRole('button', { name: 'Send offer' }).click();
  await expect(mine.getByText(`Offered to Ben ${last}, waiting for an answer`)).toBeVisible();
  await closeToasts(ann);
  expect(await sidewaysOverflow(ann)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(ann)).toEqual([]);
  // She thinks better of it and withdraws the offer: the place is hers alone again.
  await mine
    .getByRole('button', { name: new RegExp(`^Withdraw the offer: Driver to camp, ${campout}`) })
    .click();
  await expect(mine.getByText(`Offered to Ben ${last}, waiting for an answer`)).toBeHidden();

  // The leader asks the troop for the open places once a day, edits the dinner, exports the
  // sheet, and removes the dinner after being told who held it.
  await sheet.getByRole('button', { name: `Nudge for empty slots: ${campout}` }).click();
  await expect(sheet.getByRole('status')).toContainText('Nudge sent to');
  await sheet.getByRole('button', { name: `Nudge for empty slots: ${campout}` }).click();
  await expect(sheet.getByRole('alert')).toContainText(
    'Already nudged today. The next nudge can go after',
  );
  await sheet.getByRole('button', { name: 'Edit slot: Saturday dinner' }).click();
  const editing = leader.getByRole('dialog', { name: 'Edit slot' });
  await editing.getByLabel('People needed').fill('3');
  await editing.getByRole('button', { name: 'Save slot' }).click();
  await expect(editing).toBeHidden();
  await expect(dinnerOnSheet).toContainText('1 of 3 taken');
  const downloading = leader.waitForEvent('download');
  await sheet.getByRole('button', { name: `Export CSV: ${campout}` }).click();
  expect((await downloading).suggestedFilename()).toMatch(/-volunteers\.csv$/);
  await sheet.getByRole('button', { name: 'Remove slot: Saturday dinner' }).click();
  const removing = leader.getByRole('alertdialog', { name: 'Remove this slot?' });
  await expect(removing).toContainText(`held by Ben ${last}`);
  await removing.getByRole('button', { name: 'Remove slot' }).click();
  await expect(dinnerOnSheet).toBeHidden();
  await closeToasts(leader);
  expect(await sidewaysOverflow(leader)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(leader)).toEqual([]);

  // Ben's plans change: one rider fewer, and the leader's seats summary says there are enough.
  await answerThroughApi(ben, await apiSession(ben), eventId, 'not_going');
  await expect(sheet.getByText('Enough seats: 1 seat for 1 rider')).toBeVisible();
});

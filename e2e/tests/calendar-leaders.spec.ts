import { newMember } from '../support/accounts.ts';
import { expect, test } from '../support/fixtures.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { createEvent, eventRow, openCalendar } from '../support/calendar.ts';
import { daysAhead } from '../support/dates.ts';

test('a leader edits and deletes another member’s event; a plain member sees no buttons to change it', async ({
  browser,
  signedInPage,
}) => {
  // Ahead of today whenever the journey runs: a past event waits behind Show earlier events.
  const event = { name: 'Pack Meeting', date: daysAhead(60), time: '19:00' };

  const annContext = await browser.newContext();
  const ann = await annContext.newPage();
  await joinThroughApi(ann, newMember('Ann', 'Rivera'));
  await openCalendar(ann);
  await createEvent(ann, event);

  // A plain member and a leader of the troop, signed in as they were before.
  const { page: bob } = await signedInPage('member');
  await openCalendar(bob);
  await expect(eventRow(bob, event.name)).toBeVisible();
  // The row's menu offers them only what every member may do.
  await eventRow(bob, event.name)
    .getByRole('button', { name: `More actions: ${event.name}` })
    .click();
  await expect(
    bob.getByRole('menu', { name: `More actions: ${event.name}` }).getByRole('menuitem'),
  ).toHaveText(['Add to calendar']);
  await bob.keyboard.press('Escape');

  const { page: leePage } = await signedInPage('leader');
  await openCalendar(leePage);
  // The leader fixes it in the creator's dialog; the creator's screen follows.
  await eventRow(leePage, event.name)
    .getByRole('button', { name: `More actions: ${event.name}` })
    .click();
  await leePage.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  const edit = leePage.getByRole('dialog', { name: 'Edit Event' });
  await edit.getByLabel('Time', { exact: true }).fill('18:30');
  await edit.getByRole('button', { name: 'Save Changes' }).click();
  await expect(edit).toBeHidden();
  await expect(eventRow(ann, event.name)).toContainText('6:30 PM');
  await expect(eventRow(ann, event.name)).toContainText('Created by Ann Rivera');
  await eventRow(leePage, event.name)
    .getByRole('button', { name: `More actions: ${event.name}` })
    .click();
  await leePage.getByRole('menuitem', { name: 'Delete', exact: true }).click();
  await leePage
    .getByRole('alertdialog', { name: 'Delete this event?' })
    .getByRole('button', { name: 'Delete Event' })
    .click();
  await expect(eventRow(leePage, event.name)).toHaveCount(0);

  // Everyone else's calendar follows.
  await expect(eventRow(ann, event.name)).toHaveCount(0);
  await expect(eventRow(bob, event.name)).toHaveCount(0);
  await annContext.close();
});

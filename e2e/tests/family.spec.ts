import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember, sendSignUpForm, type Member } from '../support/accounts.ts';
import { joinThroughApi } from '../support/sessions.ts';
import { linkInMail } from '../support/mailbox.ts';
import { troopApi } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import { PROJECT_ID } from '../support/sessions.ts';
import { pageIn, seriousViolations, sidewaysOverflow, VIEWPORTS } from '../support/viewports.ts';

async function openProfile(page: Page) {
  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
}

const family = (page: Page) => page.getByRole('region', { name: 'Family' });

/** A last name no other journey uses, so lists are read for this family only. */
const uniqueName = (base: string) => `${base}${Math.random().toString(36).slice(2, 7)}`;

async function addScout(page: Page, scout: Record<string, string>) {
  await family(page).getByRole('button', { name: 'Add a scout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a scout' });
  for (const [label, value] of Object.entries(scout)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Add scout' }).click();
  await expect(dialog).toHaveCount(0);
}

/** The sign-up form on the page as it is (an invitation link opened it), not a fresh visit. */
async function signUpHere(page: Page, m: Member) {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await sendSignUpForm(page, m);
}

test('a parent adds a scout and invites the other parent by email, who joins and sees the scout; other members see the name only', async ({
  page,
  browser,
  request,
}) => {
  // Three people sign up and two of them change screens often: longer than one journey.
  test.slow();
  const last = uniqueName('Avery');
  const parent = newMember('Jordan', last);
  parent.troopRole = 'Parent';
  await joinThroughApi(page, parent);
  // A parent with no scouts yet is pointed to the family section from the dashboard.
  await page.getByRole('link', { name: 'Add your scouts' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Family' })).toBeFocused();
  await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  await expect(family(page).getByText('No scouts in your household yet.')).toBeVisible();

  // The form names what is missing next to the field, and sends nothing.
  await family(page).getByRole('button', { name: 'Add a scout' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a scout' });
  await dialog.getByLabel('Birth year (optional)').fill('1850');
  await dialog.getByRole('button', { name: 'Add scout' }).click();
  await expect(dialog.getByText('First name is required')).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeFocused();
  await expect(dialog.getByText(/Birth year must be between/)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  // Focus returns to the control that opened the dialog.
  await expect(family(page).getByRole('button', { name: 'Add a scout' })).toBeFocused();

  await addScout(page, {
    'First name': 'Robin',
    'Last name': last,
    'Patrol (optional)': 'Owls',
    'Birth year (optional)': '2014',
    'Notes for leaders (optional)': 'Allergic to peanuts',
  });
  const scouts = family(page).getByRole('list', { name: 'Scouts' });
  await expect(scouts.getByRole('listitem')).toHaveCount(1);
  await expect(scouts).toContainText(`Robin ${last}`);
  await expect(scouts).toContainText('Owls patrol · born 2014');
  await expect(scouts).toContainText('Allergic to peanuts');
  expect(await seriousViolations(page)).toEqual([]);

  const other = newMember('Casey', last);
  other.troopRole = 'Parent';
  await family(page).getByRole('button', { name: 'Invite an adult' }).click();
  const invite = page.getByRole('dialog', { name: 'Invite an adult' });
  await invite.getByLabel('Their email (optional)').fill(other.email);
  await invite.getByRole('button', { name: 'Email the invitation' }).click();
  await expect(invite.getByText(`We emailed the invitation to ${other.email}`)).toBeVisible();
  await invite.getByRole('button', { name: 'Done' }).click();
  await expect(family(page).getByRole('button', { name: 'Invite an adult' })).toBeFocused();
  await expect(family(page).getByRole('list', { name: 'Open invitations' })).toContainText(
    other.email,
  );

  // The other parent opens the mailed link before they have an account (that the mail carries
  // the link the dialog shows is server/src/households/invitations.test.ts's).
  const link = await linkInMail(request, other.email, 1);
  const otherPage = await pageIn(browser, 'desktop');
  await otherPage.goto(link);
  // Signing up with the link joins the household: no second question.
  await signUpHere(otherPage, other);
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
  const theirScouts = family(otherPage).getByRole('list', { name: 'Scouts' });
  await expect(theirScouts).toContainText(`Robin ${last}`);
  await expect(theirScouts).toContainText('Allergic to peanuts');
  await expect(family(otherPage).getByRole('list', { name: 'Adults' })).toContainText(parent.email);
  await otherPage.context().close();

  // A member outside the family: Robin's name in the roster, none of the details anywhere.
  const outsider = await pageIn(browser, 'desktop');
  await joinThroughApi(outsider, newMember('Taylor', uniqueName('Stone')));
  await openProfile(outsider);
  const roster = outsider.getByRole('list', { name: 'Troop roster' });
  await expect(roster).toContainText(`Robin ${last}`);
  await expect(family(outsider).getByText('No scouts in your household yet.')).toBeVisible();
  const text = await outsider.locator('body').innerText();
  expect(text).not.toContain('Owls');
  expect(text).not.toContain('peanuts');
  expect(await seriousViolations(outsider)).toEqual([]);
  await outsider.context().close();
});

test('on a phone the family section fits the screen, and a scout is removed after a confirmation', async ({
  browser,
}) => {
  const page = await pageIn(browser, 'phone');
  const last = uniqueName('Reyes');
  await joinThroughApi(page, newMember('Morgan', last));
  await openProfile(page);
  await addScout(page, { 'First name': 'Sky', 'Last name': last, 'Patrol (optional)': 'Hawks' });
  const scouts = family(page).getByRole('list', { name: 'Scouts' });
  await expect(scouts).toContainText(`Sky ${last}`);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);

  await scouts.getByRole('button', { name: 'Remove Sky' }).click();
  const confirm = page.getByRole('alertdialog', { name: `Remove Sky ${last}?` });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(scouts).toContainText(`Sky ${last}`);
  await expect(scouts.getByRole('button', { name: 'Remove Sky' })).toBeFocused();
  await scouts.getByRole('button', { name: 'Remove Sky' }).click();
  await confirm.getByRole('button', { name: 'Remove scout' }).click();
  await expect(family(page).getByText('No scouts in your household yet.')).toBeVisible();
  // The row and its button are gone: focus waits on the list's heading, not the page top.
  await expect(family(page).getByRole('heading', { name: 'Scouts' })).toBeFocused();
  await page.context().close();
});

test.describe('a troop that joins by invitation', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test("on a phone a scout joins with a parent's link: the page names the parent, and the scout lands in the household, asked to verify the address the link did not name; the other parent, invited by address, joins verified", async ({
    browser,
  }) => {
    troop = await startTroopServer({ SIGNUP_MODE: 'invite' }, { projectId: PROJECT_ID });
    const api = troopApi(troop);
    const admin = await firstAdmin(troop, 'pat.admin@troop214.example', 'council-fire-2026');
    const last = uniqueName('Quinn');
    const parent = await api.join(await api.invite(admin, 1), newMember('Jordan', last));
    const households = `${troop.baseUrl}/api/households/${PROJECT_ID}/mine`;
    const asParent = async (path: string, body: unknown) => {
      const res = await fetch(`${households}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${parent.access_token}`,
        },
        body: JSON.stringify(body),
      });
      expect(res.status).toBe(200);
      return res.json();
    };
    const { scout } = await asParent('/scouts', { firstName: 'Robin', lastName: last });
    const { url } = await asParent('/invitations', { kind: 'scout', scoutId: scout.id });

    const page = await (
      await browser.newContext({ ...VIEWPORTS.phone, baseURL: troop.baseUrl })
    ).newPage();
    await page.goto(`/${new URL(url).search}`);
    await expect(
      page.getByRole('heading', {
        name: `Jordan ${last} invited you to join Jordan ${last} household`,
      }),
    ).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    const robin = newMember('Robin', last);
    robin.troopRole = 'Scout';
    await sendSignUpForm(page, robin);

    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(family(page).getByRole('list', { name: 'Scouts' })).toContainText(`Robin ${last}`);
    await page.goto('/');
    await expect(page.getByRole('heading', { name: /ROBIN/ })).toBeVisible();
    // The parent's link was for anyone: the address Robin typed is not proved yet.
    await expect(page.getByText('Please verify your email address.')).toBeVisible();
    await page.context().close();

    // The other parent joins the same troop that takes nobody uninvited, from the household's
    // link alone, straight into the household, with Robin there.
    const spouse = newMember('Casey', last);
    const adultLink = await asParent('/invitations', { kind: 'adult', email: spouse.email });
    const second = await (
      await browser.newContext({ ...VIEWPORTS.phone, baseURL: troop.baseUrl })
    ).newPage();
    await second.goto(`/${new URL(adultLink.url).search}`);
    await expect(
      second.getByRole('heading', {
        name: `Jordan ${last} invited you to join Jordan ${last} household`,
      }),
    ).toBeVisible();
    await sendSignUpForm(second, spouse);
    await expect(second.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();
    await expect(family(second).getByRole('list', { name: 'Scouts' })).toContainText(
      `Robin ${last}`,
    );
    await expect(family(second)).toContainText(`Jordan ${last}`);
    // Casey's link went by mail to Casey's address: signing up with it proved the address.
    await second.goto('/');
    await expect(second.getByRole('heading', { name: /CASEY/ })).toBeVisible();
    await expect(second.getByText('Please verify your email address.')).toHaveCount(0);
    await second.context().close();
  });
});

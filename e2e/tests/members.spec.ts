import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { admin, newMember, signOut } from '../support/accounts.ts';
import { joinThroughApi, signInThroughApiOn } from '../support/sessions.ts';
import { seriousViolations } from '../support/viewports.ts';

const openMenu = (page: Page) => page.getByRole('button', { name: /account menu/i }).click();

async function openMembers(page: Page) {
  await openMenu(page);
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeFocused();
}

const rowOf = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

test('an admin makes a member a leader on the Members screen; the leader then reads the list', async ({
  page,
}) => {
  const kim = newMember('Kim', 'Lee');
  kim.troopRole = 'Parent';
  await joinThroughApi(page, kim);
  // A plain member has no Members screen.
  await openMenu(page);
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Members' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await signOut(page);

  await signInThroughApiOn(page, admin.email, admin.password);
  await expect(page.getByRole('heading', { name: /Good Evening/ })).toBeVisible();
  await openMembers(page);
  const row = rowOf(page, 'Kim Lee');
  await expect(row).toContainText(kim.email);
  await expect(row).toContainText('Troop role: Parent');
  expect(await seriousViolations(page)).toEqual([]);

  const role = row.getByLabel('App role for Kim Lee');
  await expect(role).toHaveValue('user');
  // Giving a role above a member's is asked first, naming who, the role and what it allows;
  // Cancel leaves the role as it was, and focus comes back to the select either way.
  await role.selectOption('admin');
  const asked = page.getByRole('alertdialog', { name: 'Make Kim Lee admin?' });
  await expect(asked).toContainText(`Kim Lee (${kim.email}) will be able to do everything`);
  await asked.getByRole('button', { name: 'Cancel' }).click();
  await expect(asked).toBeHidden();
  await expect(role).toBeFocused();
  await expect(role).toHaveValue('user');
  await role.selectOption('leader');
  const leader = page.getByRole('alertdialog', { name: 'Make Kim Lee leader?' });
  await expect(leader).toContainText('let people in, suspend and remove members');
  await leader.getByRole('button', { name: 'Make leader' }).click();
  await expect(page.getByText('Kim Lee is now leader')).toBeVisible();
  await expect(role).toHaveValue('leader');
  await expect(role).toBeFocused();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
  await expect(rowOf(page, 'Kim Lee').getByLabel('App role for Kim Lee')).toHaveValue('leader');

  // The last admin cannot be demoted: the server refuses, and the screen says so.
  const self = rowOf(page, admin.name).getByLabel(`App role for ${admin.name}`);
  await self.selectOption('user');
  await expect(page.getByText(/at least one admin/)).toBeVisible();
  await expect(self).toHaveValue('admin');
  await signOut(page);

  await signInThroughApiOn(page, kim.email, kim.password);
  await expect(page.getByRole('heading', { name: /Good Evening.*KIM/ })).toBeVisible();
  await openMembers(page);
  await expect(rowOf(page, 'Kim Lee')).toContainText('App role: leader');
  await expect(page.getByRole('combobox')).toHaveCount(0);
});

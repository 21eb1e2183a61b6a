import { expect, type Page } from '@playwright/test';
import { greeting } from './sessions.ts';

let counter = 0;

/** A fresh, unique troop member for each journey. */
export function newMember(first = 'Alex', last = 'Morgan') {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: first,
    lastName: last,
    troopNumber: '214',
    troopRole: 'Scoutmaster',
    email: `${first.toLowerCase()}.${stamp}@troop214.example`,
    password: 'campfire-2026',
  };
}

export type Member = ReturnType<typeof newMember>;

/**
 * Fills in the sign-up form showing on the page for `m` and sends it. An invitation link fills
 * in the email address itself: `withEmail: false` leaves the field as it is.
 */
export async function sendSignUpForm(page: Page, m: Member, { withEmail = true } = {}) {
  await page.getByLabel('First name').fill(m.firstName);
  await page.getByLabel('Last name').fill(m.lastName);
  await page.getByLabel('Troop number').fill(m.troopNumber);
  await chooseTroopRole(page, m.troopRole);
  if (withEmail) await page.getByLabel('Email address').fill(m.email);
  await page.getByLabel('Password', { exact: true }).fill(m.password);
  await page.getByLabel('Confirm password').fill(m.password);
  await page.getByRole('button', { name: 'Create Account' }).click();
}

export async function signUp(page: Page, m: Member) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await sendSignUpForm(page, m);
  await expect(greeting(page, m.firstName)).toBeVisible();
}

export async function chooseTroopRole(page: Page, role: string) {
  const control = page.getByLabel('Troop role');
  const tag = await control.evaluate((el) => el.tagName.toLowerCase());
  if (tag === 'select') {
    await control.selectOption(role);
  } else {
    await control.click();
    await page.getByRole('option', { name: role, exact: true }).click();
  }
}

export async function signIn(page: Page, email: string, password: string) {
  await page.goto('/');
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

export async function signOut(page: Page) {
  await page
    .getByRole('button', { name: /account menu/i })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
}

/** The admin support/start-server.mjs creates with the admin CLI before the server starts. */
export const admin = {
  email: 'admin@troop214.example',
  password: 'council-admin-2026',
  name: 'Pat Admin',
} as const;

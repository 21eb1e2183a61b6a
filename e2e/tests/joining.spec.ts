/**
 * A private troop (SIGNUP_MODE): a leader invites a parent, who joins with the link; in
 * approval mode a newcomer waits until a leader lets them in, and their screen moves on by
 * itself. Each troop runs on a server of its own with that setting; the leader is a member the
 * first admin made a leader (through the API: the Members screen's own journeys show that).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember, sendSignUpForm, signIn } from '../support/accounts.ts';
import { troopApi, type Session } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import { contextSignedIn, PROJECT_ID } from '../support/sessions.ts';
import { seriousViolations, VIEWPORTS } from '../support/viewports.ts';

const admin = { email: 'pat.admin@troop214.example', password: 'council-fire-2026' };
const leader = newMember('Lee', 'Scoutmaster');

async function openMembers(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
}

/**
 * The troop's first admin lets `leader` in (with an invitation, or by approving the sign-up)
 * and makes them a leader, as the Members screen would.
 */
async function appointLeader(troop: TroopServer) {
  const api = troopApi(troop);
  const adminSession: Session = await firstAdmin(troop, admin.email, admin.password);
  const invitation = await api.invite(adminSession, 1);
  const joined = await api.join(invitation, leader);
  if (joined.user.status === 'pending') await api.act(adminSession, joined.user.id, 'approve');
  await api.setRole(adminSession, joined.user.id, 'leader');
}

async function leaderPage(browser: Browser, troop: TroopServer): Promise<Page> {
  const page = await (await contextSignedIn(browser, leader, troop.baseUrl)).newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: /Good Evening.*LEE/ })).toBeVisible();
  return page;
}

test.describe('a troop that joins by invitation', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test('a leader invites a parent by email; the parent joins with the link; a stranger cannot', async ({
    browser,
  }) => {
    troop = await startTroopServer({ SIGNUP_MODE: 'invite' }, { projectId: PROJECT_ID });
    await appointLeader(troop);
    const lead = await leaderPage(browser, troop);
    await openMembers(lead);
    const parent = newMember('Robin', 'Vale');
    parent.troopRole = 'Parent';
    await lead.getByLabel('Email (optional)').fill(parent.email);
    await lead.getByRole('button', { name: 'Make invitation link' }).click();
    const link = (await lead.getByLabel('Invitation link').textContent()) ?? '';
    expect(new URL(link).searchParams.get('invite')).toBeTruthy();
    await expect(
      lead.getByRole('list', { name: 'Invitations' }).getByRole('listitem').first(),
    ).toContainText(`${parent.email} · 0 of 1 used · Open`);
    // A toast fading out is drawn half-transparent: axe looks once it has gone.
    await expect(lead.locator('[data-sonner-toast]')).toHaveCount(0);
    expect(await seriousViolations(lead)).toEqual([]);

    const stranger = await (await browser.newContext({ baseURL: troop.baseUrl })).newPage();
    await stranger.goto('/');
    await stranger.getByRole('tab', { name: 'Sign Up' }).click();
    await sendSignUpForm(stranger, newMember('Sly', 'Stranger'));
    await expect(
      stranger.getByText('This troop joins by invitation. Ask a leader of the troop'),
    ).toBeVisible();

    const family = await (await browser.newContext()).newPage();
    await family.goto(link);
    await expect(family.getByText('You are invited to join the troop.')).toBeVisible();
    await expect(family.getByLabel('Email address')).toHaveValue(parent.email);
    await sendSignUpForm(family, parent, { withEmail: false });
    await expect(family.getByRole('heading', { name: /Good Evening.*ROBIN/ })).toBeVisible();

    // The link is spent.
    const again = await (await browser.newContext()).newPage();
    await again.goto(link);
    await expect(
      again.getByText(/This invitation has expired, was revoked or has been used up/),
    ).toBeVisible();
  });
});

test.describe('a troop that approves newcomers', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test('a newcomer waits; a leader approves; the newcomer’s screen moves on by itself', async ({
    browser,
  }) => {
    troop = await startTroopServer(
      {
        SIGNUP_MODE: 'approval',
        TROOP_CONTACT: 'Scoutmaster Pat, pat.admin@troop214.example',
      },
      { projectId: PROJECT_ID },
    );
    await appointLeader(troop);
    const newcomer = await (
      await browser.newContext({ ...VIEWPORTS.desktop, baseURL: troop.baseUrl })
    ).newPage();
    const m = newMember('Casey', 'Brook');
    await newcomer.goto('/');
    await newcomer.getByRole('tab', { name: 'Sign Up' }).click();
    await sendSignUpForm(newcomer, m);
    await expect(newcomer.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    await expect(newcomer.getByText('Questions? Contact Scoutmaster Pat')).toBeVisible();
    expect(await seriousViolations(newcomer)).toEqual([]);
    await newcomer.reload();
    await expect(newcomer.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    // On their phone too.
    const phone = await (
      await browser.newContext({ ...VIEWPORTS.phone, baseURL: troop.baseUrl })
    ).newPage();
    await signIn(phone, m.email, m.password);
    await expect(phone.getByRole('heading', { name: 'Waiting for approval' })).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.context().close();

    const lead = await leaderPage(browser, troop);
    await openMembers(lead);
    const waiting = lead.getByRole('list', { name: 'Waiting for approval' }).getByRole('listitem');
    await expect(waiting).toHaveCount(1);
    await expect(waiting.first()).toContainText(m.email);
    await waiting
      .first()
      .getByRole('button', { name: /^Approve/ })
      .click();
    await expect(lead.getByRole('list', { name: 'Waiting for approval' })).toHaveCount(0);

    await expect(newcomer.getByRole('heading', { name: /Good Evening.*CASEY/ })).toBeVisible({
      timeout: 15_000,
    });
  });
});

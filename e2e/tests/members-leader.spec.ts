/**
 * A leader (not an admin) runs membership from the Members screen of a troop that joins by
 * invitation: invitations copied, mailed and revoked; scouts approved or refused; members
 * suspended, reinstated and removed. What the roles configuration keeps from leaders (app
 * roles, the audit log, an admin's membership) is not offered; the admin reads the audit log.
 * One troop server for the file; each journey sets up through the API what it does not test.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { newMember, type Member } from '../support/accounts.ts';
import { contextSignedIn, PROJECT_ID } from '../support/sessions.ts';
import { fillEventForm, openCalendar } from '../support/calendar.ts';
import { smtpPort } from '../support/mail-peer.ts';
import { linkInMail } from '../support/mailbox.ts';
import { troopApi, type Session } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import { seriousViolations } from '../support/viewports.ts';

const admin = { email: 'pat.admin@troop214.example', password: 'council-fire-2026' };
const contact = 'Scoutmaster Pat, pat.admin@troop214.example';
const lou = newMember('Lou', 'Ranger');
const SUSPENDED = 'Your membership is suspended. Please contact a leader of the troop.';

let troop: TroopServer;
let api: ReturnType<typeof troopApi>;
let adminSession: Session;
let leader: Session;
/** A link for many people, made by the admin, for the accounts the journeys need. */
let invitation: string;

test.beforeAll(async () => {
  troop = await startTroopServer(
    {
      SIGNUP_MODE: 'invite',
      TROOP_CONTACT: contact,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Troop 214 <no-reply@troop214.example>',
    },
    { projectId: PROJECT_ID },
  );
  api = troopApi(troop);
  adminSession = await firstAdmin(troop, admin.email, admin.password);
  invitation = await api.invite(adminSession, 50);
  leader = await api.join(invitation, lou);
  await api.setRole(adminSession, leader.user.id, 'leader');
});
test.afterAll(async () => troop?.stop());

function member(first: string, last: string, troopRole: string): Member {
  return { ...newMember(first, last), troopRole };
}

async function signedIn(browser: Browser, who: { email: string; password: string }, name: RegExp) {
  const context = await contextSignedIn(browser, who, troop.baseUrl, {
    permissions: ['clipboard-read', 'clipboard-write'],
  });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { name })).toBeVisible();
  return page;
}

async function openMembers(page: Page) {
  await page.getByRole('button', { name: /account menu/i }).click();
  await page.getByRole('menuitem', { name: 'Members' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Members' })).toBeVisible();
}

const rowIn = (page: Page, list: string, name: string) =>
  page
    .getByRole('list', { name: list, exact: true })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name, exact: true }) });

/** A toast fading out is drawn half-transparent: axe looks once every toast has gone. */
async function axeOnceSettled(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
  expect(await seriousViolations(page)).toEqual([]);
}

test('a leader copies a link for a few people, emails one family and revokes it; roles and the audit log are not offered', async ({
  browser,
  request,
}) => {
  const lead = await signedIn(browser, lou, /Good Evening.*LOU/);
  await openMembers(lead);
  // App roles and the audit log are the admin's; an admin's membership is not a leader's to change.
  await expect(rowIn(lead, 'Members', 'Lou Ranger')).toContainText('App role: leader');
  await expect(lead.getByRole('combobox')).toHaveCount(0);
  await expect(lead.getByRole('heading', { name: 'Audit log' })).toHaveCount(0);
  await expect(rowIn(lead, 'Members', 'Pat Leader').getByRole('button')).toHaveCount(0);
  await expect(rowIn(lead, 'Members', 'Lou Ranger').getByRole('button')).toHaveCount(0);

  await lead.getByLabel('How many people').fill('3');
  await lead.getByRole('button', { name: 'Make invitation link' }).click();
  const shown = lead.getByLabel('Invitation link');
  await expect(shown).toContainText('invite=');
  const link = (await shown.textContent()) ?? '';
  await lead.getByRole('button', { name: 'Copy link' }).click();
  await expect(lead.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await lead.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const invitations = lead.getByRole('list', { name: 'Invitations' }).getByRole('listitem');
  await expect(
    invitations.filter({ hasText: 'Anyone with the link · 0 of 3 used · Open' }),
  ).toHaveCount(1);

  const family = member('Robin', 'Vale', 'Parent');
  await lead.getByLabel('Email (optional)').fill(family.email);
  await lead.getByRole('button', { name: 'Email the invitation' }).click();
  await expect(lead.getByText(`Invitation sent to ${family.email}`)).toBeVisible();
  // What the mail says is server/src/members/joining.test.ts's.
  const mailed = await linkInMail(request, family.email, 1);
  const sent = invitations.filter({ hasText: family.email });
  await expect(sent).toContainText(`${family.email} · 0 of 1 used · Open`);
  await axeOnceSettled(lead);

  await sent.getByRole('button', { name: `Revoke the invitation for ${family.email}` }).click();
  await expect(lead.getByText('Invitation revoked: its link no longer works')).toBeVisible();
  await expect(sent).toContainText(`${family.email} · 0 of 1 used · Revoked`);
  await expect(sent.getByRole('button')).toHaveCount(0);

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto(mailed);
  await expect(
    visitor.getByText(/This invitation has expired, was revoked or has been used up/),
  ).toBeVisible();
  // The copied link still lets people in.
  await visitor.goto(link);
  await expect(visitor.getByText('You are invited to join the troop.')).toBeVisible();
});

test('a leader refuses one scout who joined with a link, after a confirmation, and approves another', async ({
  browser,
}) => {
  const sam = member('Sam', 'Reed', 'Scout');
  const ria = member('Ria', 'Stone', 'Scout');
  // A scout (a child) who joins with an invitation still waits for a leader
  // (server/src/members/joining.test.ts).
  await api.join(invitation, sam);
  await api.join(invitation, ria);

  // The leader is told on the screen they are on that someone waits, and is led to them.
  const lead = await signedIn(browser, lou, /Good Evening.*LOU/);
  await lead.getByRole('button', { name: /^Members, \d+ waiting$/ }).click();
  await expect(lead.getByRole('heading', { level: 1, name: 'Members' })).toBeFocused();
  await expect(lead.getByRole('button', { name: /waiting$/ })).toHaveCount(0);
  const waiting = lead.getByRole('list', { name: 'Waiting for approval' });
  await expect(waiting.getByRole('listitem')).toHaveCount(2);
  await rowIn(lead, 'Waiting for approval', 'Sam Reed')
    .getByRole('button', { name: 'Refuse Sam Reed' })
    .click();
  const confirm = lead.getByRole('alertdialog', { name: 'Refuse this account?' });
  await expect(confirm).toContainText(
    `Sam Reed (${sam.email}) is deleted, with everything they entered.`,
  );
  expect(await seriousViolations(lead)).toEqual([]);
  await confirm.getByRole('button', { name: 'Refuse', exact: true }).click();
  await expect(lead.getByText('Sam Reed: refused; the account is deleted')).toBeVisible();
  await expect(waiting.getByRole('listitem')).toHaveCount(1);

  await rowIn(lead, 'Waiting for approval', 'Ria Stone')
    .getByRole('button', { name: 'Approve Ria Stone' })
    .click();
  await expect(lead.getByText('Ria Stone: approved, and now a member of the troop')).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // The server's answer stands after a reload: Ria is a member, Sam's account is gone (that it
  // signs in no more is server/src/members/refused-sign-in.test.ts's).
  await lead.reload();
  await expect(rowIn(lead, 'Members', 'Ria Stone')).toContainText('Troop role: Scout');
  await expect(rowIn(lead, 'Members', 'Ria Stone')).not.toContainText('Waiting for approval');
  await expect(lead.getByRole('heading', { name: 'Sam Reed' })).toHaveCount(0);
});

test('a leader suspends a member, whose open page is refused at its next step, then reinstates and removes them', async ({
  browser,
}) => {
  const kim = member('Kim', 'Lane', 'Parent');
  await api.join(invitation, kim);
  const kimsPage = await signedIn(browser, kim, /Good Evening.*KIM/);
  await openCalendar(kimsPage);

  const lead = await signedIn(browser, lou, /Good Evening.*LOU/);
  await openMembers(lead);
  const row = rowIn(lead, 'Members', 'Kim Lane');
  await row.getByRole('button', { name: 'Suspend Kim Lane' }).click();
  await expect(lead.getByText('Kim Lane: suspended')).toBeVisible();
  await expect(row).toContainText('Suspended');

  // Kim's page, open all along, is refused at its next step, in words that say why.
  const dialog = await fillEventForm(kimsPage, {
    name: 'Den meeting',
    date: '2027-03-14',
    time: '18:00',
  });
  await expect(dialog).toContainText(SUSPENDED);
  await kimsPage.reload();
  await expect(kimsPage.getByRole('heading', { name: 'Membership suspended' })).toBeVisible();
  await expect(kimsPage.getByText(`Questions? Contact ${contact}.`)).toBeVisible();
  expect(await seriousViolations(kimsPage)).toEqual([]);

  await row.getByRole('button', { name: 'Reinstate Kim Lane' }).click();
  await expect(lead.getByText('Kim Lane: reinstated')).toBeVisible();
  await expect(row).not.toContainText('Suspended');
  await kimsPage.reload();
  await openCalendar(kimsPage);

  await row.getByRole('button', { name: 'Remove Kim Lane' }).click();
  const confirm = lead.getByRole('alertdialog', { name: 'Remove this member?' });
  await expect(confirm).toContainText(`Kim Lane (${kim.email}) loses their account and profile.`);
  await axeOnceSettled(lead);
  await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(lead.getByText('Kim Lane: removed from the troop')).toBeVisible();
  await expect(row).toHaveCount(0);
  await kimsPage.reload();
  await expect(kimsPage.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('an admin reads in the audit log what a leader did', async ({ browser }) => {
  const max = await api.join(invitation, member('Max', 'Hill', 'Parent'));
  const zoe = member('Zoe', 'Park', 'Scout');
  const zoeAccount = await api.join(invitation, zoe);
  await api.act(leader, max.user.id, 'suspend');
  await api.act(leader, zoeAccount.user.id, 'refuse');
  const uncle = 'uncle.ray@troop214.example';
  await api.revoke(leader, await api.inviteOne(leader, uncle));

  const page = await signedIn(browser, admin, /Good Evening.*PAT/);
  await openMembers(page);
  const log = page.getByRole('list', { name: 'Membership changes' });
  await expect(log).toContainText('Pat Leader: member role changed Lou Ranger');
  await expect(log).toContainText('Lou Ranger: member suspended Max Hill');
  // A refused account is gone; the log still names it by its email.
  await expect(log).toContainText(`Lou Ranger: member refused ${zoe.email}`);
  // A revoked invitation reads as whom it was for and who made it, not as its id.
  await expect(log).toContainText(
    `Lou Ranger: invitation revoked for ${uncle}, made by Lou Ranger on `,
  );
  expect(await seriousViolations(page)).toEqual([]);
});

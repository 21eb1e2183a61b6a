import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures.ts';
import { admin, newMember, sendSignUpForm, signIn, signOut, signUp } from '../support/accounts.ts';
import { apiSession, eventRow, removeOwnEvents } from '../support/calendar.ts';
import { DAY_MS, isoDate, todayUtc } from '../support/dates.ts';
import { expectVisibleTabStops } from '../support/tab-stops.ts';
import { pageIn, seriousViolations, VIEWPORTS, type ViewportName } from '../support/viewports.ts';
import { expectArrivedAt, HEADINGS } from '../support/screens.ts';

/** The frame's tabs: in the top bar on desktop, in the bottom tab bar on a phone. */
const tabs = (page: Page, vp: ViewportName) =>
  page.getByRole('navigation', { name: vp === 'desktop' ? 'Main' : 'Tab bar' });

/** Every signed-in screen keeps the same frame: the tabs and the account menu. */
async function expectFrame(page: Page, vp: ViewportName) {
  await expect(tabs(page, vp)).toBeVisible();
  await expect(page.getByRole('button', { name: /account menu/i })).toBeVisible();
}

const scrollToBottom = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

for (const vp of Object.keys(VIEWPORTS) as ViewportName[]) {
  test.describe(vp, () => {
    test('Back and Forward move between screens, a reload stays, each screen starts at its top with focus on its heading', async ({
      browser,
    }) => {
      // A walk over every tab stop of four screens, twice over with reloads: on a machine busy
      // with the other suites it takes longer than a journey's usual budget.
      test.slow();
      const page = await pageIn(browser, vp);
      await signUp(page, newMember('Alex', 'Rivera'));
      // After sign-up the dashboard starts at its top, greeting and banner in view.
      await expectArrivedAt(page, 'dashboard');
      await expect(page.getByRole('region', { name: 'Email verification' })).toBeInViewport();
      await expectFrame(page, vp);
      // Every tab stop is one a keyboard user can see (the walk ends where it began).
      await expectVisibleTabStops(page);

      await scrollToBottom(page);
      await tabs(page, vp).getByRole('button', { name: 'Calendar' }).click();
      await expectArrivedAt(page, 'calendar');
      // Each screen is at its own address.
      await expect(page).toHaveURL(/\/calendar$/);
      await expectFrame(page, vp);
      await expect(page.getByRole('button', { name: 'Dashboard', exact: true })).toBeVisible();
      await expect(page.getByText('Loading events...')).toBeHidden();
      await expectVisibleTabStops(page);

      await scrollToBottom(page);
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expectArrivedAt(page, 'profile');
      await expect(page).toHaveURL(/\/profile$/);
      await expectFrame(page, vp);
      await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeVisible();
      await expectVisibleTabStops(page);

      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible();

      await page.goBack();
      await expectArrivedAt(page, 'calendar');
      await page.goBack();
      await expectArrivedAt(page, 'dashboard');
      await page.goForward();
      await expectArrivedAt(page, 'calendar');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Troop Calendar' })).toBeVisible();
      await page.goForward();
      await expectArrivedAt(page, 'profile');

      // The screens' own Back buttons still return to the dashboard.
      await page.getByRole('button', { name: 'Back', exact: true }).click();
      await expectArrivedAt(page, 'dashboard');
      await page.reload();
      await expect(
        page.getByRole('heading', { level: 1, name: HEADINGS.dashboard }),
      ).toBeAttached();

      // Social opens the feed from any screen, highlighted, and Back returns to where it was
      // chosen.
      await tabs(page, vp).getByRole('button', { name: 'Calendar' }).click();
      await expectArrivedAt(page, 'calendar');
      await tabs(page, vp).getByRole('button', { name: 'Social' }).click();
      await expectArrivedAt(page, 'social');
      await expect(tabs(page, vp).getByRole('button', { name: 'Social' })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await page.goBack();
      await expectArrivedAt(page, 'calendar');

      // Signing out from far down a screen lands at the top of the auth screen, on its heading.
      await scrollToBottom(page);
      await signOut(page);
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      await page.reload();
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
      // Signing in is a screen change too: the dashboard's heading takes focus.
      await signIn(page, admin.email, admin.password);
      await expectArrivedAt(page, 'dashboard');

      // An admin's screens keep the frame and take part in Back and Forward as well.
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Members' }).click();
      await expectArrivedAt(page, 'members');
      await expectFrame(page, vp);
      await expect(page.getByRole('list', { name: 'Members', exact: true })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Analytics' }).click();
      await expectArrivedAt(page, 'analytics');
      await expectFrame(page, vp);
      await expect(page.getByRole('img', { name: /Visitors over time/ })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.goBack();
      await expectArrivedAt(page, 'members');
      await page.goBack();
      await expectArrivedAt(page, 'dashboard');
      await page.goForward();
      await expectArrivedAt(page, 'members');
      await page.context().close();
    });

    test('the Create Event dialog opens on its first field: typing a name with spaces keeps it open', async ({
      signedInPage,
    }) => {
      const { page } = await signedInPage('member', vp);
      await tabs(page, vp).getByRole('button', { name: 'Calendar' }).click();
      await expectArrivedAt(page, 'calendar');
      await page.getByRole('button', { name: 'Create Event' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create Event' });
      await expect(dialog.getByLabel('Event name')).toBeFocused();
      await page.keyboard.type('Troop meeting night');
      await expect(dialog).toBeVisible();
      await expect(dialog.getByLabel('Event name')).toHaveValue('Troop meeting night');
    });

    test('axe finds nothing serious on any screen, with its dialogs and menus open', async ({
      browser,
    }) => {
      const page = await pageIn(browser, vp);
      const found: Record<string, string[]> = {};
      /** Opens what `open` opens, lets axe read the page, and closes it with Escape. */
      const readOpen = async (name: string, open: () => Promise<void>) => {
        await open();
        found[name] = await seriousViolations(page);
        await page.keyboard.press('Escape');
      };
      const accountMenu = async () => {
        await page.getByRole('button', { name: /account menu/i }).click();
        await expect(page.getByRole('menu')).toBeVisible();
      };
      const dialog =
        (name: string, role: 'dialog' | 'alertdialog' = 'dialog') =>
        async () => {
          await expect(page.getByRole(role, { name })).toBeVisible();
        };

      await page.goto('/');
      await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
      found.auth = await seriousViolations(page);
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
      found.signUp = await seriousViolations(page);
      await sendSignUpForm(page, newMember('Alex', 'Brandt'));
      await expectArrivedAt(page, 'dashboard');
      found.dashboard = await seriousViolations(page);
      await readOpen('accountMenu', accountMenu);

      // An event of the member's own, for the dialogs that change one.
      const api = await apiSession(page);
      const name = `Axe night ${Date.now()}`;
      const made = await page.request.post(api.eventsPath, {
        headers: api.headers,
        data: {
          id: `event_${Date.now()}`,
          eventName: name,
          eventDate: isoDate(todayUtc() + 30 * DAY_MS),
          eventTime: '19:00',
          creatorName: 'Alex Brandt',
        },
      });
      expect(made.status()).toBe(201);

      await tabs(page, vp).getByRole('button', { name: 'Calendar' }).click();
      await expectArrivedAt(page, 'calendar');
      await expect(page.getByText('Loading events...')).toBeHidden();
      found.calendar = await seriousViolations(page);
      await readOpen('calendarAccountMenu', accountMenu);
      await readOpen('createDialog', async () => {
        await page.getByRole('button', { name: 'Create Event' }).click();
        await dialog('Create Event')();
      });
      await readOpen('subscribeDialog', async () => {
        await page.getByRole('button', { name: 'Subscribe' }).click();
        await expect(page.getByLabel('Calendar link (https)')).toBeVisible();
      });
      // The row's other actions wait in its "More actions" menu.
      const rowMenu = async () => {
        await eventRow(page, name)
          .getByRole('button', { name: `More actions: ${name}` })
          .click();
        await expect(page.getByRole('menu', { name: `More actions: ${name}` })).toBeVisible();
      };
      const fromRowMenu = (action: string) => async () => {
        await rowMenu();
        await page.getByRole('menuitem', { name: action, exact: true }).click();
      };
      await readOpen('rowMenu', rowMenu);
      await readOpen('editDialog', async () => {
        await fromRowMenu('Edit')();
        await dialog('Edit Event')();
      });
      await readOpen('cancelDialog', async () => {
        await fromRowMenu('Cancel event')();
        await dialog('Cancel this event?')();
      });
      await readOpen('deleteConfirmation', async () => {
        await fromRowMenu('Delete')();
        await dialog('Delete this event?', 'alertdialog')();
      });
      await expect(page.getByRole('alertdialog')).toBeHidden();
      await removeOwnEvents(page.request, api);

      await page.getByRole('button', { name: /account menu/i }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await expectArrivedAt(page, 'profile');
      found.profile = await seriousViolations(page);
      await readOpen('profileAccountMenu', accountMenu);
      const family = page.getByRole('region', { name: 'Family' });
      await readOpen('addScoutDialog', async () => {
        await family.getByRole('button', { name: 'Add a scout' }).click();
        await dialog('Add a scout')();
      });
      await family.getByRole('button', { name: 'Invite an adult' }).click();
      await dialog('Invite an adult')();
      found.inviteDialog = await seriousViolations(page);
      // The link it makes opens the dialog that asks whether to join.
      await page.getByRole('button', { name: 'Make invitation link' }).click();
      const link = (await page.getByLabel('Invitation link').textContent()) ?? '';
      await page.getByRole('button', { name: 'Done' }).click();
      await page.goto(link.trim());
      await expect(page.getByRole('dialog', { name: 'Family invitation' })).toContainText(
        'You are invited to join',
      );
      found.familyInvitation = await seriousViolations(page);

      expect(found).toEqual({
        auth: [],
        signUp: [],
        dashboard: [],
        accountMenu: [],
        calendar: [],
        calendarAccountMenu: [],
        createDialog: [],
        subscribeDialog: [],
        rowMenu: [],
        editDialog: [],
        cancelDialog: [],
        deleteConfirmation: [],
        profile: [],
        profileAccountMenu: [],
        addScoutDialog: [],
        inviteDialog: [],
        familyInvitation: [],
      });
      await page.context().close();
    });
  });
}

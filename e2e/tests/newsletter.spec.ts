/**
 * The troop's newsletter at phone size: a leader writes a post in the editor with a photo and a
 * card of the campout, schedules it, then sends it at once; a parent's dashboard card shows it
 * (live, unread), the post opens with the photo and the card, the parent answers for the
 * household from the card, and the mail that reached the SMTP peer links back to the post. Axe
 * finds nothing serious. The rules behind it (who reads what, the send job, the mail's timing)
 * are the server's tests (server/src/newsletter/).
 */
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { daysAhead } from '../support/dates.ts';
import { mailsTo } from '../support/mailbox.ts';
import { smtpPort } from '../support/mail-peer.ts';
import { pngImage } from '../support/png.ts';
import { contextSignedIn, PROJECT_ID } from '../support/sessions.ts';
import { troopApi, type Session } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import {
  closeToasts,
  seriousViolations,
  sidewaysOverflow,
  VIEWPORTS,
} from '../support/viewports.ts';

test.describe('the newsletter', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test('phone: a leader sends a newsletter with a photo and an event card; a parent reads it from the card and the mail, and answers the event', async ({
    browser,
    request,
  }) => {
    // A troop of its own that runs its jobs and sends its mail: the shared server runs neither.
    troop = await startTroopServer(
      {
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: 'Troop 214 <no-reply@troop214.example>',
        JOBS_POLL_MS: '100',
      },
      { projectId: PROJECT_ID },
    );
    const api = troopApi(troop);
    const stamp = Math.random().toString(36).slice(2, 7);
    const last = `News${stamp}`;
    const admin = await firstAdmin(troop, `pat.${stamp}@troop214.example`, 'council-fire-2026');
    const lena = newMember('Lena', last);
    const ann = newMember('Ann', last);
    const lenaSession = await api.join(await api.invite(admin, 1), lena);
    await api.setRole(admin, lenaSession.user.id, 'leader');
    const annSession = await api.join(await api.invite(admin, 1), ann);
    const call = async (as: Session, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${troop!.baseUrl}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${as.access_token}`,
          prefer: 'return=representation',
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      expect(res.ok, `${method} ${path}: ${await res.clone().text()}`).toBe(true);
      return res.json();
    };
    // Ann's household has a scout, whom she answers for too.
    await call(annSession, 'POST', `/api/households/${PROJECT_ID}/mine/scouts`, {
      firstName: 'Kit',
      lastName: last,
    });
    // Entered quietly: the only mail of this journey is the newsletter.
    const campout = `Ridge Campout ${stamp}`;
    await call(admin, 'POST', `/api/db/${PROJECT_ID}/rest/v1/calendar_events`, {
      event_name: campout,
      event_date: daysAhead(6),
      event_time: '18:00',
      notify: false,
    });

    // Ann's dashboard is open all along.
    const annContext = await contextSignedIn(browser, ann, troop.baseUrl, VIEWPORTS.phone);
    const annPage = await annContext.newPage();
    await annPage.goto('/');
    const card = annPage.getByRole('region', { name: 'Newsletter', exact: true });
    await expect(card.getByText('No newsletters yet')).toBeVisible();

    // Lena writes the post from the Newsletter tab: a photo and the campout's card.
    const leaderContext = await contextSignedIn(browser, lena, troop.baseUrl, VIEWPORTS.phone);
    const leader = await leaderContext.newPage();
    await leader.goto('/');
    await leader
      .getByRole('navigation', { name: 'Tab bar' })
      .getByRole('button', { name: 'Newsletter' })
      .click();
    await expect(leader.getByRole('heading', { level: 1, name: 'Newsletter' })).toBeVisible();
    await leader.getByRole('button', { name: 'Write' }).click();
    const editor = leader.getByRole('dialog', { name: 'Write a post' });
    const title = `Campout news ${stamp}`;
    await editor.getByLabel('Title').fill(title);
    const body = editor.getByLabel('Post', { exact: true });
    await body.fill('Pack light and bring a warm hat.\n\n');
    await editor.getByRole('button', { name: 'Image: add a picture' }).click();
    const adding = leader.getByRole('dialog', { name: 'Add an image' });
    await adding.getByLabel('Image', { exact: true }).setInputFiles({
      name: 'campfire.png',
      mimeType: 'image/png',
      buffer: pngImage(64, 48),
    });
    await adding.getByLabel('What it shows').fill('Scouts around the campfire');
    await adding.getByRole('button', { name: 'Add the image' }).click();
    await expect(adding).toBeHidden();
    await expect(body).toHaveValue(/!\[Scouts around the campfire\]\(\/api\/storage\//);
    await body.press('End');
    await editor.getByRole('button', { name: 'Event: add a card of an upcoming event' }).click();
    const choosing = leader.getByRole('dialog', { name: 'Add an event' });
    await choosing.getByRole('radio', { name: new RegExp(campout) }).check();
    await choosing.getByRole('button', { name: 'Add the event' }).click();
    await expect(choosing).toBeHidden();
    await expect(body).toHaveValue(/\/calendar\/events\//);
    // Scheduled for the next whole hour first (its going out at that time is the server's test,
    // src/newsletter/sending-when-where.test.ts), then sent at once after all.
    await editor.getByRole('button', { name: 'Schedule' }).click();
    const scheduling = leader.getByRole('dialog', { name: 'Schedule the post' });
    await scheduling.getByRole('button', { name: 'Schedule' }).click();
    await expect(scheduling).toBeHidden();
    await expect(editor.getByText(/^Scheduled for /)).toBeVisible();
    await editor.getByRole('button', { name: 'Send now' }).click();
    const confirm = leader.getByRole('alertdialog', { name: /^Send to .* now\?$/ });
    await confirm.getByRole('button', { name: 'Send now' }).click();
    await expect(editor).toBeHidden();

    // The send job puts it in the archive; the leader sees whom it reached.
    const archive = leader.getByRole('region', { name: 'Archive' });
    const sent = archive.getByRole('listitem').filter({ hasText: title });
    await expect(sent).toContainText(/Reached \d+ · Opened \d+/);
    await closeToasts(leader);
    expect(await sidewaysOverflow(leader)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(leader)).toEqual([]);

    // Ann's card follows live: the post, unread; it opens the post, which reads it.
    const block = card.getByRole('link', { name: `Unread: ${title}` });
    await expect(block).toBeVisible();
    expect(await sidewaysOverflow(annPage)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(annPage)).toEqual([]);
    await block.click();
    await expect(annPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(annPage.getByText(`By Lena ${last}`)).toBeVisible();
    const photo = annPage.getByRole('img', { name: 'Scouts around the campfire' });
    await expect(photo).toBeVisible();
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const eventCard = annPage.getByRole('region', { name: `Event: ${campout}` });
    await expect(eventCard.getByRole('link', { name: campout })).toBeVisible();
    const going = eventCard.getByRole('button', { name: `Going: Ann ${last} (you)`, exact: true });
    await going.click();
    await expect(going).toHaveAttribute('aria-pressed', 'true');
    const kitGoing = eventCard.getByRole('button', { name: `Going: Kit ${last}`, exact: true });
    await kitGoing.click();
    await expect(kitGoing).toHaveAttribute('aria-pressed', 'true');
    await closeToasts(annPage);
    expect(await sidewaysOverflow(annPage)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(annPage)).toEqual([]);
    // Back to the archive, where the post is read now.
    await annPage.getByRole('banner').getByRole('button', { name: 'Newsletter' }).click();
    await expect(
      annPage
        .getByRole('region', { name: 'Archive' })
        .getByRole('link', { name: title, exact: true }),
    ).toBeVisible();

    // The mail reached Ann; its link opens the post in the app.
    const news = async () =>
      (await mailsTo(request, ann.email)).filter((m) => m.subject.includes(title));
    await expect.poll(async () => (await news()).length).toBe(1);
    const readUrl = /Read it in the app: (\S+)/.exec((await news())[0]!.text)?.[1];
    expect(readUrl).toContain(troop.baseUrl);
    await annPage.goto(readUrl!);
    await expect(annPage.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // An announcement shows atop the screen Ann is on until she reads it.
    const notice = `Meeting moved to Thursday ${stamp}`;
    const posts = `/api/newsletter/${PROJECT_ID}/posts`;
    const { post } = (await call(lenaSession, 'POST', posts, {
      kind: 'announcement',
      title: notice,
      body: 'Same time, same place.',
      audience: 'troop',
      patrols: [],
    })) as { post: { id: string } };
    await call(lenaSession, 'POST', `${posts}/${post.id}/send`, {});
    const banner = annPage.getByRole('region', { name: 'Announcements' });
    await banner.getByRole('link', { name: `Read ${notice}` }).click();
    await expect(annPage.getByRole('heading', { level: 1, name: notice })).toBeVisible();
    await expect(banner).toBeHidden();
    await annContext.close();
    await leaderContext.close();
  });
});

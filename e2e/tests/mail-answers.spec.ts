/**
 * Answers from the mail, in a browser signed in to nothing: a leader's nudge reaches exactly the
 * households still owing an answer (through a real SMTP peer), its Going link for a scout saves
 * that answer with one button, and the link edited to name someone else is refused. What the
 * links carry and every rule behind them are server/src/rsvps/mail-answers.test.ts's.
 */
import { expect, test } from '../support/fixtures.ts';
import { newMember } from '../support/accounts.ts';
import { mailsTo } from '../support/mailbox.ts';
import { smtpPort } from '../support/mail-peer.ts';
import { PROJECT_ID } from '../support/sessions.ts';
import { troopApi, type Session } from '../support/troop-api.ts';
import { firstAdmin, startTroopServer, type TroopServer } from '../support/troop-server.ts';
import { seriousViolations, VIEWPORTS } from '../support/viewports.ts';

test.describe('answers from the mail', () => {
  let troop: TroopServer | undefined;
  test.afterAll(async () => troop?.stop());

  test("phone: a nudge reaches only the household that owes an answer, and its link saves the scout's answer without signing in", async ({
    browser,
    request,
  }) => {
    // A troop of its own that sends its mail: the shared server runs no notices, so journeys
    // beside each other do not fill each other's inboxes.
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
    const admin = await firstAdmin(troop, `pat.${stamp}@troop214.example`, 'council-fire-2026');
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

    // Two families, each with a scout; the Bakers have answered, the Riveras have not.
    const families = [];
    for (const last of [`Rivera${stamp}`, `Baker${stamp}`]) {
      const adult = newMember('Ann', last);
      const session = await api.join(await api.invite(admin, 1), adult);
      const { scout } = await call(session, 'POST', `/api/households/${PROJECT_ID}/mine/scouts`, {
        firstName: 'Kit',
        lastName: last,
      });
      families.push({ adult, session, scout: scout as { id: string }, last });
    }
    const [rivera, baker] = families as [(typeof families)[0], (typeof families)[0]];
    // Entered quietly: the only mail of this journey is the nudge.
    const [event] = await call(admin, 'POST', `/api/db/${PROJECT_ID}/rest/v1/calendar_events`, {
      event_name: 'Lakeside Campout',
      event_date: '2031-06-12',
      event_time: '18:00',
      notify: false,
    });
    const rsvps = `/api/calendar/${PROJECT_ID}/events/${(event as { id: string }).id}/rsvps`;
    for (const attendee of [`user:${baker.session.user.id}`, `scout:${baker.scout.id}`])
      await call(baker.session, 'PUT', rsvps, { attendee, answer: 'going' });
    expect(await call(admin, 'POST', `${rsvps}/nudge`, {})).toMatchObject({
      households: 1,
      adults: 1,
    });

    const nudges = async (address: string) =>
      (await mailsTo(request, address)).filter((m) => m.subject.startsWith('Please answer'));
    await expect.poll(async () => (await nudges(rivera.adult.email)).length).toBe(1);
    expect(await nudges(baker.adult.email)).toEqual([]);

    // Kit's Going link, opened where nobody is signed in, asks once and saves.
    const lines = (await nudges(rivera.adult.email))[0]!.text.split('\n');
    const kitAt = lines.findIndex((l) => l.trim() === `Kit ${rivera.last}`);
    const going = /^\s+Going: (\S+)$/.exec(lines[kitAt + 1] ?? '')?.[1];
    expect(going, lines.join('\n')).toBeTruthy();
    const context = await browser.newContext(VIEWPORTS.phone);
    const page = await context.newPage();
    await page.goto(going!);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`Kit ${rivera.last}`);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save: Going' }).click();
    await expect(page.getByText(`Saved: Kit ${rivera.last}, Going.`)).toBeVisible();
    await expect(page.getByRole('link', { name: /Lakeside Campout|Open the event/ })).toBeVisible();

    // The same link, its token edited to name the parent instead, is refused.
    const url = new URL(going!);
    const [body, mac] = url.searchParams.get('token')!.split('.') as [string, string];
    const fields = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as unknown[];
    const forged = [fields[0], `user:${rivera.session.user.id}`, ...fields.slice(2)];
    url.searchParams.set(
      'token',
      `${Buffer.from(JSON.stringify(forged)).toString('base64url')}.${mac}`,
    );
    await page.goto(url.toString());
    await expect(page.getByText('This answer link is not valid')).toBeVisible();
    await context.close();

    const summary = (await call(admin, 'GET', rsvps)) as {
      answers: Array<{ attendee: string; answer: string }>;
    };
    expect(summary.answers.filter((a) => a.attendee.includes(rivera.session.user.id))).toEqual([]);
    expect(summary.answers.find((a) => a.attendee === `scout:${rivera.scout.id}`)?.answer).toBe(
      'going',
    );
  });
});

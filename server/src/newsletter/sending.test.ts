/**
 * A post going out, on both stores, to a real SMTP peer (docs/decisions/081-newsletter-posts.md):
 * the mail reaches exactly the members who read the post and want its kind of mail, each once
 * even with two workers at it, and its unsubscribe link turns the category off.
 */
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { callNewsletter, writeDraft } from '../../test/newsletter.ts';
import {
  appPerTest,
  mailedAbout,
  newsletterTroop,
  saveSettings,
  sendNow,
  unsubscribeOf,
} from '../../test/newsletter-sending.ts';
import { runJobs } from '../../test/notices.ts';
import type { TestMember } from '../../test/rest.ts';
import { testStoreKinds } from '../../test/test-app.ts';
import { createAppJobWorker } from '../job-worker.ts';

const emails = (...who: TestMember[]) => who.map((m) => m.email).sort();

describe.each(testStoreKinds)('newsletter sending (%s)', (kind) => {
  const troop = appPerTest(kind);

  it('mails each post to the members who read it: adults only, one patrol, the whole troop', async () => {
    const { t } = await troop();
    const { leader, parent, kit, adult } = await newsletterTroop(t);

    await sendNow(t, leader, { title: 'For the adults', audience: 'adults' });
    expect(mailedAbout(t, 'For the adults')).toEqual(emails(leader, parent, adult));

    // Sam's parent reads what Sam's patrol reads; Kit is a Hawk.
    await sendNow(t, leader, { title: 'Eagles', audience: 'patrols', patrols: ['eagle '] });
    expect(mailedAbout(t, 'Eagles')).toEqual(emails(leader, parent));
    await sendNow(t, leader, { title: 'Hawks', audience: 'patrols', patrols: ['Hawk'] });
    expect(mailedAbout(t, 'Hawks')).toEqual(emails(leader, kit));

    // Olly took newsletters off: the whole troop but Olly.
    await sendNow(t, leader, { title: 'Everyone' });
    expect(mailedAbout(t, 'Everyone')).toEqual(emails(leader, parent, kit, adult));

    const { rows } = await t.deps.store.query<{ n: number; mailed: number }>(
      `SELECT COUNT(*) AS n, COUNT(d.mailed_at) AS mailed FROM newsletter_deliveries d
         JOIN newsletter_posts p ON p.id = d.post_id WHERE p.title = ?`,
      ['Everyone'],
    );
    expect(rows.map((r) => [Number(r.n), Number(r.mailed)])).toEqual([[4, 4]]);
  });

  it('leaves out whoever turned the category off, and an announcement stands out in its subject', async () => {
    const { t } = await troop();
    const { leader, parent, kit, adult, olly } = await newsletterTroop(t);
    await saveSettings(t, adult, { announcements: false });

    await sendNow(t, leader, { kind: 'announcement', title: 'Camp moved', body: 'To Sunday.' });
    expect(mailedAbout(t, 'Announcement: Camp moved')).toEqual(emails(leader, parent, kit, olly));
    await sendNow(t, leader, { title: 'June issue' });
    expect(mailedAbout(t, 'June issue')).toEqual(emails(leader, parent, kit, adult));
    // Nobody who turned it off is counted as mailed either.
    const { rows } = await t.deps.store.query<{ user_id: string }>(
      `SELECT d.user_id FROM newsletter_deliveries d JOIN newsletter_posts p ON p.id = d.post_id
        WHERE p.title = ? ORDER BY d.user_id`,
      ['June issue'],
    );
    expect(rows.map((r) => r.user_id)).not.toContain(olly.id);
    expect(rows).toHaveLength(4);
  });

  it("one click on the mail's unsubscribe turns newsletters off, and the next issue does not come", async () => {
    const { t } = await troop();
    const { leader, parent } = await newsletterTroop(t);
    await sendNow(t, leader, { title: 'May issue' });
    const mail = t.peer.received.find(
      (m) => m.parsed.subject === 'May issue' && m.rcptTo.includes(parent.email),
    );
    const link = unsubscribeOf(mail?.raw ?? '');
    expect(link).toContain(`/api/notifications/${t.deps.config.projectId}/unsubscribe?token=`);
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const click = await t.app.inject({
      method: 'POST',
      url: link.slice(t.deps.config.publicUrl.length),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(click.statusCode, click.body).toBe(200);
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/notifications/${t.deps.config.projectId}/settings`,
      headers: bearer(parent.token),
    });
    expect(settings.json().settings).toMatchObject({ newsletters: false, announcements: true });

    await sendNow(t, leader, { title: 'June issue' });
    expect(mailedAbout(t, 'June issue')).not.toContain(parent.email);
    await sendNow(t, leader, { kind: 'announcement', title: 'Rain', body: 'Bring a coat.' });
    expect(mailedAbout(t, 'Announcement: Rain')).toContain(parent.email);
  });

  it('sends each recipient one mail when two workers run the jobs at once', async () => {
    const { t } = await troop();
    const { leader, parent, kit, adult } = await newsletterTroop(t);
    const workers = [createAppJobWorker(t.deps), createAppJobWorker(t.deps)];
    const together = async () => {
      for (;;) {
        const ran = await Promise.all(workers.map((w) => w.runDue()));
        if (ran.every((n) => n === 0)) return;
      }
    };
    await sendNow(t, leader, { title: 'Twice?' }, together);
    expect(mailedAbout(t, 'Twice?')).toEqual(emails(leader, parent, kit, adult));
    const ids = t.peer.received
      .filter((m) => m.parsed.subject === 'Twice?')
      .map((m) => m.parsed.messageId);
    expect(new Set(ids).size).toBe(4);
  });

  it('sends nothing for a post unscheduled before it was due, and a deleted post is not mailed', async () => {
    const { t } = await troop();
    const { leader, parent } = await newsletterTroop(t);
    const auth = bearer(leader.token).authorization;
    const id = await writeDraft(t, auth, { title: 'Later' });
    const at = new Date(t.clock.now() + 300_000).toISOString();
    expect((await callNewsletter(t, auth, 'POST', `/posts/${id}/send`, { at })).statusCode).toBe(
      200,
    );
    expect((await callNewsletter(t, auth, 'POST', `/posts/${id}/unschedule`)).statusCode).toBe(200);
    t.clock.advance(300_000 + 1);
    await runJobs(t);
    expect(mailedAbout(t, 'Later')).toEqual([]);

    // Parent takes a daily digest: the newsletter waits for it, and is gone by then.
    await saveSettings(t, parent, { newEventsDigest: 'daily' });
    const gone = await sendNow(t, leader, { title: 'Oops' });
    expect(mailedAbout(t, 'Oops')).not.toContain(parent.email);
    expect((await callNewsletter(t, auth, 'DELETE', `/posts/${gone}`)).statusCode).toBe(200);
    t.clock.advance(2 * 86_400_000);
    await runJobs(t);
    expect(mailedAbout(t, 'Oops')).not.toContain(parent.email);
  });
});

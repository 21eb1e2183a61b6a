/**
 * The writer's preview (POST /api/newsletter/:projectId/preview, preview.ts), on both stores:
 * the post as the app shows it, cut at its event cards, and the whole mail a member gets, with
 * the card's event as it stands and no one's answer links.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { bearer } from '../../test/auth.ts';
import { callNewsletter } from '../../test/newsletter.ts';
import { appPerTest, newsletterTroop } from '../../test/newsletter-sending.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('a post previewed (%s)', (kind) => {
  const troop = appPerTest(kind);

  it('shows the app version cut at its cards and the mail as a member gets it', async () => {
    const { t } = await troop();
    const { leader, parent } = await newsletterTroop(t);
    const eventId = crypto.randomUUID();
    const iso = new Date(t.clock.now()).toISOString();
    await t.deps.store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, location, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [eventId, leader.id, 'Campout', '2026-06-20', '09:00', 'Camp Lake', iso, iso],
    );
    const draft = {
      kind: 'announcement',
      title: 'Camp',
      body: `Pack **light**.\n\n[Campout](/calendar/events/${eventId})\n\nThanks.`,
    };
    const res = await callNewsletter(
      t,
      bearer(leader.token).authorization,
      'POST',
      '/preview',
      draft,
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json() as {
      parts: Array<{ html: string } | { event: { id: string } }>;
      mailHtml: string;
      text: string;
      subject: string;
    };
    expect(preview.parts).toEqual([
      { html: '<p>Pack <strong>light</strong>.</p>\n' },
      { event: { id: eventId } },
      { html: '<p>Thanks.</p>\n' },
    ]);
    expect(preview.subject).toBe('Announcement: Camp');
    expect(preview.mailHtml).toContain('When: Saturday, June 20, 2026 at 9:00 AM');
    expect(preview.mailHtml).toContain('Where: Camp Lake');
    expect(preview.mailHtml).toContain('Read it in the app');
    expect(preview.mailHtml).not.toContain('mail-answer');
    expect(preview.text).toContain('Pack light.');

    // Only writers preview; a bad draft is a 400.
    const member = bearer(parent.token).authorization;
    expect((await callNewsletter(t, member, 'POST', '/preview', draft)).statusCode).toBe(403);
    const empty = await callNewsletter(t, bearer(leader.token).authorization, 'POST', '/preview', {
      ...draft,
      body: '   ',
    });
    expect(empty.statusCode).toBe(400);
  });
});

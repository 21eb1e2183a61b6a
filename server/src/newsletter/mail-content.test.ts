/**
 * A newsletter as its recipient opens it (docs/decisions/081-newsletter-posts.md), on both
 * stores, from a real SMTP peer: sent in the troop's name, the post's words in order with each
 * event card as a block of its when, where and the recipient's own answer links, a link to the
 * post in the app, the same in the text part, laid out for a phone, and nothing in it that
 * tells the sender who opened it.
 */
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { appPerTest, newsletterTroop, sendNow } from '../../test/newsletter-sending.ts';
import { testStoreKinds } from '../../test/test-app.ts';

describe.each(testStoreKinds)('a newsletter mail (%s)', (kind) => {
  const troop = appPerTest(kind);

  it("reads in the troop's name, with the event's card and one-click answers where the writer put it", async () => {
    const { t } = await troop();
    const { leader, parent, kit } = await newsletterTroop(t);
    const app = t.deps.config.publicUrl;
    const eventId = crypto.randomUUID();
    const iso = new Date(t.clock.now()).toISOString();
    await t.deps.store.query(
      `INSERT INTO calendar_events (id, user_id, event_name, event_date, event_time, location, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      [eventId, leader.id, 'Campout', '2026-06-20', '09:00', 'Camp Lake', iso, iso],
    );
    const postId = await sendNow(t, leader, {
      title: 'June issue',
      body: `Hello **everyone**.\n\n[Campout](/calendar/events/${eventId})\n\nSee you there.`,
    });

    const mailOf = (email: string) => {
      const found = t.peer.received.filter(
        (m) => m.parsed.subject === 'June issue' && m.rcptTo.includes(email),
      );
      expect(found).toHaveLength(1);
      return found[0]!;
    };
    const mail = mailOf(parent.email);
    expect(mail.parsed.from?.value[0]).toMatchObject({
      name: 'Troop 12 Lakeside',
      address: 'no-reply@troop.example',
    });
    const html = mail.parsed.html || '';
    // One column a phone shows whole: the viewport, a width limit, styles on the tags.
    expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
    expect(html).toMatch(/max-width:600px/);
    expect(html).not.toMatch(/<style|<table/i);

    // The words in order, the card between them, with the event as it stands.
    const at = (words: string) => html.indexOf(words);
    expect(at('<strong>everyone</strong>')).toBeGreaterThan(0);
    expect(at('When: Saturday, June 20, 2026 at 9:00 AM')).toBeGreaterThan(
      at('<strong>everyone</strong>'),
    );
    expect(at('Where: Camp Lake')).toBeGreaterThan(0);
    expect(at('See you there.')).toBeGreaterThan(at('Where: Camp Lake'));
    // Answers for the parent and for Sam, each a signed link into the troop.
    const going = [...html.matchAll(/href="([^"]+)"[^>]*>Going</g)].map((m) => m[1]!);
    expect(going).toHaveLength(2);
    for (const link of going)
      expect(link.replace(/&amp;/g, '&')).toMatch(
        new RegExp(`^${app}/api/calendar/${t.deps.config.projectId}/mail-answer\\?token=`),
      );
    expect(html).toContain('Sam Scout');
    const answer = await t.app.inject({
      method: 'POST',
      url: going[0]!.replace(/&amp;/g, '&').slice(app.length),
    });
    expect(answer.statusCode, answer.body).toBe(200);

    const read = `${app}/newsletter/${postId}`;
    expect(html).toContain(`href="${read}"`);
    expect(html).toContain('Read it in the app');

    // The text part says the same.
    const text = mail.parsed.text ?? '';
    expect(text).toContain('Hello everyone.');
    expect(text).toContain('When: Saturday, June 20, 2026 at 9:00 AM');
    expect(text).toContain('Where: Camp Lake');
    expect(text).toMatch(/ {2}Going: https:\/\/troop\.example\/api\/calendar\//);
    expect(text).toContain(`Read it in the app: ${read}`);

    // No address in it is the recipient's own but the answers and the unsubscribe, and it
    // loads nothing from anywhere (images travel inline: images-sent.test.ts).
    const kitHtml = mailOf(kit.email).parsed.html || '';
    expect(html).not.toMatch(/<img[^>]*src="https?:/);
    const own = (h: string) =>
      [...h.matchAll(/href="([^"]+)"/g)]
        .map((m) => m[1]!)
        .filter((u) => !/mail-answer|unsubscribe/.test(u));
    expect(own(kitHtml)).toEqual(own(html));
  });

  it('an announcement says so, and comes in the troop name without event cards', async () => {
    const { t } = await troop();
    const { leader, parent } = await newsletterTroop(t);
    await sendNow(t, leader, { kind: 'announcement', title: 'Camp moved', body: 'To **Sunday**.' });
    const mail = t.peer.received.find(
      (m) => m.parsed.subject === 'Announcement: Camp moved' && m.rcptTo.includes(parent.email),
    );
    expect(mail?.parsed.from?.value[0]?.name).toBe('Troop 12 Lakeside');
    expect(mail?.parsed.html).toContain('<strong>Sunday</strong>');
    expect(mail?.parsed.text).toContain('emails about announcements');
  });
});

/**
 * A rendered post cut at its event cards (what the app draws and the mail's blocks stand in
 * for), and the mail's category words and headers: pure, no store.
 */
import { describe, expect, it } from 'vitest';
import { newsletterMail, splitAtCards } from './mail-message.ts';
import { renderPost } from './render.ts';

const place = { projectId: 'troop-b', homeProjectId: 'troop-a', publicUrl: 'https://x.example' };
const body = [
  '[Campout](/calendar/events/e1) first, then [the map](https://maps.example/).',
  'Hello [the calendar](/calendar) and [Hike](/calendar/events/e0) in a sentence.',
  '[Campout](/calendar/events/e1)',
  '[Meeting *big*](/calendar/events/s1/2026-12-01)',
  'Bye',
].join('\n\n');

describe('a post cut at its event cards', () => {
  it('makes a card of a paragraph holding only an event link, in the app and the mail alike', () => {
    const r = renderPost(body, place);
    for (const html of [r.appHtml, r.mailHtml]) {
      const parts = splitAtCards(html, r.events);
      expect(parts.map((p) => ('event' in p ? p.event : 'html'))).toEqual([
        'html',
        { id: 'e1' },
        { id: 's1', date: '2026-12-01' },
        'html',
      ]);
      // A link inside a sentence stays a link, even one to a carded event.
      expect(JSON.stringify(parts[0])).toContain('Hike');
      expect(JSON.stringify(parts[0])).toContain('the map');
    }
  });

  it('keeps a post without cards whole', () => {
    const r = renderPost('Just **words**.', place);
    expect(splitAtCards(r.appHtml, r.events)).toEqual([{ html: r.appHtml }]);
  });

  it('unsubscribes from the category of the post, and names it', () => {
    const r = renderPost(body, place);
    const mail = newsletterMail({
      to: { address: 'a@x.example' },
      from: { address: 'no-reply@x.example', name: 'Platform' },
      troopName: null,
      kind: 'announcement',
      title: 'Storm',
      mailHtml: r.mailHtml,
      text: r.text,
      events: r.events,
      cards: [],
      readUrl: 'https://x.example/newsletter/p1',
      unsubscribeUrl: 'https://x.example/u?token=t',
    });
    expect(mail.subject).toBe('Announcement: Storm');
    expect(mail.from?.name).not.toBe('Platform');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': '<https://x.example/u?token=t>',
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(mail.text).toContain('emails about announcements');
    expect(mail.html).toContain('Unsubscribe from announcements');
  });
});

/**
 * A post as one recipient's mail (docs/decisions/081-newsletter-posts.md): sent in the troop's
 * name, the post's sanitised mail HTML in one column readable on a phone (inline styles only,
 * as mail programs drop style sheets), each event card a block with its when and where and the
 * recipient's one-click answer links (docs/decisions/063-answers-from-mail.md), a link to read it
 * in the app, a plain-text part, and a one-click unsubscribe for the post's category (RFC 8058).
 * Nothing in it is per recipient but the answer and unsubscribe links: no pixel, no image URL.
 */
import { addressOf, type EventAddress } from '@scout/protocol/app-paths';
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { MAIL_ANSWER_PROMPT } from '@scout/protocol/mail-answers';
import type { NewsletterKind } from '@scout/protocol/newsletter';
import type { MailAddress, MailMessage } from '../mail/mailer.ts';
import { escapeHtml } from '../mail/templates.ts';
import { describeWhen, type PersonLinks } from '../notices/messages.ts';
import type { EventState } from '../notices/event-state.ts';

/** A piece of a rendered post: HTML as written, or the place of an event card. */
export type PostPart = { html: string } | { event: EventAddress };

const cardKey = (e: EventAddress): string => `${e.id}\n${e.date ?? ''}`;

/**
 * A paragraph holding one link and nothing else: the writer's event card line as render.ts
 * finds it in the tokens. Written out, it is `<p><a href="...">words</a></p>`.
 */
const CARD_PARAGRAPH =
  /<p>\s*<a\s[^>]*?href="([^"]*)"[^>]*>(?:(?!<\/a>|<\/?p[\s>])[\s\S])*<\/a>\s*<\/p>\n?/g;

function eventOfHref(href: string): EventAddress | null {
  let path: string;
  try {
    path = new URL(href.replace(/&amp;/g, '&'), 'http://app.invalid').pathname;
  } catch {
    return null;
  }
  const address = addressOf(path);
  return address.view === 'calendar' && address.event ? address.event : null;
}

/**
 * The HTML cut at its event cards, in order: the cards `events` names (render.ts's, at most
 * NEWSLETTER_MAX_EVENT_CARDS) become `{event}`; any other paragraph stays HTML.
 */
export function splitAtCards(html: string, events: readonly EventAddress[]): PostPart[] {
  const wanted = new Set(events.map(cardKey));
  const parts: PostPart[] = [];
  let at = 0;
  for (const match of html.matchAll(CARD_PARAGRAPH)) {
    const event = eventOfHref(match[1] ?? '');
    if (!event || !wanted.has(cardKey(event))) continue;
    const before = html.slice(at, match.index);
    if (before.trim() !== '') parts.push({ html: before });
    parts.push({ event: event.date ? { id: event.id, date: event.date } : { id: event.id } });
    at = match.index + match[0].length;
  }
  const rest = html.slice(at);
  if (rest.trim() !== '' || parts.length === 0) parts.push({ html: rest });
  return parts;
}

/** What the mail says of one event card. */
export interface MailCard {
  event: EventAddress;
  /** The event as it stands; undefined when it is gone or names no one meeting. */
  state: EventState | undefined;
  /** Its address in the recipient's troop, absolute. */
  url: string;
  /** The recipient's answer links; none in a preview or when the event takes no answers. */
  answers: readonly PersonLinks[];
}

export interface NewsletterMailInput {
  to: MailAddress;
  /** MAIL_FROM's address; the display name becomes the troop's. */
  from: MailAddress;
  troopName: string | null;
  kind: NewsletterKind;
  title: string;
  mailHtml: string;
  text: string;
  events: readonly EventAddress[];
  cards: readonly MailCard[];
  /** The post in the app (newsletterPostPath, in the recipient's troop), absolute. */
  readUrl: string;
  unsubscribeUrl: string;
}

const CATEGORY: Record<NewsletterKind, string> = {
  newsletter: 'newsletters',
  announcement: 'announcements',
};

/** An announcement stands out in the inbox; a newsletter reads as its title. */
export const newsletterSubject = (kind: NewsletterKind, title: string): string =>
  kind === 'announcement' ? `Announcement: ${title}` : title;

const BUTTON =
  'display:inline-block;margin:4px 6px 4px 0;padding:10px 14px;border-radius:6px;background:#2f5d2f;color:#ffffff;text-decoration:none';

function cardHtml(card: MailCard): string {
  const s = card.state;
  const head = s
    ? `<p style="margin:0 0 4px;font-weight:bold"><a href="${escapeHtml(card.url)}" style="color:#1f2a1f">${escapeHtml(s.name)}</a></p>
<p style="margin:0">When: ${escapeHtml(describeWhen(s))}</p>
<p style="margin:0">Where: ${escapeHtml(s.location ?? 'no place given')}</p>${s.status === 'cancelled' ? '\n<p style="margin:4px 0 0;color:#a11">Cancelled</p>' : ''}`
    : `<p style="margin:0"><a href="${escapeHtml(card.url)}">Open the event</a></p>`;
  const answers = card.answers.length
    ? `\n<p style="margin:12px 0 4px">${escapeHtml(MAIL_ANSWER_PROMPT)}</p>\n${card.answers
        .map(
          (p) =>
            `<p style="margin:8px 0 0"><strong>${escapeHtml(p.name)}</strong><br>${p.links
              .map(
                (l) =>
                  `<a href="${escapeHtml(l.url)}" style="${BUTTON}">${escapeHtml(l.label)}</a>`,
              )
              .join('')}</p>`,
        )
        .join('\n')}`
    : '';
  return `<div style="margin:16px 0;padding:12px 16px;border:1px solid #c9d3c9;border-radius:8px;background:#f7faf7">
${head}${answers}
</div>`;
}

function cardText(card: MailCard): string[] {
  const s = card.state;
  const head = s
    ? [
        `${s.name}${s.status === 'cancelled' ? ' (cancelled)' : ''}`,
        `When: ${describeWhen(s)}`,
        `Where: ${s.location ?? 'no place given'}`,
        card.url,
      ]
    : [`Event: ${card.url}`];
  const answers = card.answers.length
    ? [
        MAIL_ANSWER_PROMPT,
        ...card.answers.flatMap((p) => [p.name, ...p.links.map((l) => `  ${l.label}: ${l.url}`)]),
      ]
    : [];
  return ['', ...head, ...answers];
}

/** Styles mail programs keep, on the tags the allow-list lets through (no `style` in the post). */
function styled(html: string): string {
  return html
    .replace(/<h1>/g, '<h1 style="font-size:20px;margin:20px 0 8px">')
    .replace(/<h2>/g, '<h2 style="font-size:18px;margin:18px 0 8px">')
    .replace(/<img /g, '<img style="max-width:100%;height:auto;display:block" ')
    .replace(
      /<blockquote>/g,
      '<blockquote style="margin:8px 0;padding-left:12px;border-left:3px solid #c9d3c9">',
    )
    .replace(/<a href=/g, '<a style="color:#2f5d2f;word-break:break-word" href=');
}

export function newsletterMail(input: NewsletterMailInput): MailMessage {
  const subject = newsletterSubject(input.kind, input.title);
  const byKey = new Map(input.cards.map((c) => [cardKey(c.event), c]));
  const body = splitAtCards(input.mailHtml, input.events)
    .map((part) => {
      if ('html' in part) return styled(part.html);
      const card = byKey.get(cardKey(part.event));
      return card ? cardHtml(card) : '';
    })
    .join('\n');
  const category = CATEGORY[input.kind];
  const sender = input.troopName ?? PRODUCT_NAME;
  const footer = `You get this because emails about ${category} are on in your ${PRODUCT_NAME} profile.`;
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:8px;background:#f5f5f0;font-family:Arial,Helvetica,sans-serif;color:#1f2a1f;line-height:1.5">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:16px;box-sizing:border-box;overflow-wrap:anywhere">
<p style="margin:0 0 8px;font-size:14px;color:#555">${escapeHtml(sender)}${input.kind === 'announcement' ? ' &middot; Announcement' : ''}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(input.title)}</h1>
${body}
<p style="margin:24px 0"><a href="${escapeHtml(input.readUrl)}" style="${BUTTON}">Read it in the app</a></p>
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:13px;color:#555">${escapeHtml(footer)} <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#555">Unsubscribe from ${escapeHtml(category)}</a></p>
</div>
</body>
</html>
`;
  const text = [
    input.title,
    '',
    input.text.trimEnd(),
    ...input.cards.flatMap(cardText),
    '',
    `Read it in the app: ${input.readUrl}`,
    '',
    '--',
    `${footer} Unsubscribe: ${input.unsubscribeUrl}`,
    '',
  ].join('\n');
  return {
    to: [input.to],
    from: { address: input.from.address, name: sender },
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

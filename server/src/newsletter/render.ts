/**
 * A post's Markdown, rendered for the app, for the mail's HTML part and for its text part
 * (docs/decisions/080-newsletter-format.md). Pure: markdown-it parses with raw HTML off, the
 * HTML it writes goes through sanitize-html's allow-list (allow-list.ts), and the text part is
 * written from the same tokens. The event cards are returned, not drawn: the caller reads the
 * events and draws cards (app) or a block of answer links (mail).
 */
import { addressOf, type EventAddress } from '@scout/protocol/app-paths';
import {
  NEWSLETTER_MAX_EVENT_CARDS,
  NEWSLETTER_MAX_NESTING,
  newsletterBodyProblem,
} from '@scout/protocol/newsletter';
import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';
import { ApiError } from '../errors.ts';
import { allowList, type RenderPlace } from './allow-list.ts';
import { plainText, type Token } from './plain-text.ts';
import { linkTarget, mayParseAs } from './url-policy.ts';

export type { RenderPlace } from './allow-list.ts';

export interface RenderedPost {
  appHtml: string;
  mailHtml: string;
  text: string;
  /** The events the post shows as cards, in the post's order, each once. */
  events: EventAddress[];
}

const md = new MarkdownIt('commonmark', {
  html: false,
  linkify: false,
  typographer: false,
});
// The type leaves it out, the parser reads it: past this depth nothing nests further.
(md.options as { maxNesting?: number }).maxNesting = NEWSLETTER_MAX_NESTING;
// Raw HTML is shown as the text it is; code blocks are not part of the subset.
md.disable(['html_block', 'html_inline', 'code', 'fence']);
md.validateLink = mayParseAs;

/**
 * The event a paragraph holding nothing but one link to an event's app address names: the
 * writer's "card here" line, which any Markdown reader still shows as a working link.
 */
function cardOf(inline: Token | undefined): EventAddress | null {
  const parts = (inline?.children ?? []).filter(
    (t) => !(t.type === 'text' && t.content.trim() === ''),
  );
  const [open, ...rest] = parts;
  const close = rest.at(-1);
  if (open?.type !== 'link_open' || close?.type !== 'link_close') return null;
  if (rest.slice(0, -1).some((t) => t.type === 'link_open' || t.type === 'image')) return null;
  const target = linkTarget(open.attrGet('href') ?? '');
  if (target?.kind !== 'app') return null;
  const address = addressOf(target.path.split(/[?#]/)[0] ?? '');
  return address.view === 'calendar' && address.event ? address.event : null;
}

function eventCards(tokens: Token[]): EventAddress[] {
  const found = new Map<string, EventAddress>();
  tokens.forEach((token, i) => {
    if (token.type !== 'paragraph_open' || found.size >= NEWSLETTER_MAX_EVENT_CARDS) return;
    const event = cardOf(tokens[i + 1]);
    if (event) found.set(`${event.id}\n${event.date ?? ''}`, event);
  });
  return [...found.values()];
}

export function renderPost(body: string, place: RenderPlace): RenderedPost {
  if (body.length > 0) {
    const problem = newsletterBodyProblem(body);
    if (problem) throw new ApiError('VALIDATION_ERROR', problem);
  }
  const tokens = md.parse(body, {});
  const html = md.renderer.render(tokens, md.options, {});
  return {
    appHtml: sanitizeHtml(html, allowList('app', place)),
    mailHtml: sanitizeHtml(html, allowList('mail', place)),
    text: plainText(tokens, place),
    events: eventCards(tokens),
  };
}

/**
 * The mail's text part, written from the parsed tokens rather than by stripping the HTML, so
 * lists keep their bullets and a link shows where it leads. Nothing tag-shaped survives: text
 * a writer typed as `<b>` is dropped here as it is shown inert in the HTML versions.
 */
import type MarkdownIt from 'markdown-it';
import { imagesOf, mailAddress, type RenderPlace } from './allow-list.ts';
import { linkTarget, storedImagePath } from './url-policy.ts';

export type Token = ReturnType<MarkdownIt['parse']>[number];

const TAG_SHAPED = /<\/?[a-z!?][^<>]*>/gi;

/** Tag-shaped text removed until none is left (`<scr<b>ipt>` leaves no `<script>`). */
function clean(text: string): string {
  let out = text;
  for (let before = ''; before !== out;) {
    before = out;
    out = out.replace(TAG_SHAPED, '');
  }
  return out;
}

function inlineText(children: readonly Token[], place: RenderPlace): string {
  let out = '';
  let link: { href: string; start: number } | null = null;
  for (const t of children) {
    if (t.type === 'text' || t.type === 'code_inline') out += t.content;
    else if (t.type === 'softbreak') out += '\n';
    else if (t.type === 'hardbreak') out += '\n';
    else if (t.type === 'image') {
      // An image the HTML versions drop leaves no words behind either.
      if (storedImagePath(t.attrGet('src') ?? '', imagesOf(place))) out += t.content;
    } else if (t.type === 'link_open') {
      const target = linkTarget(t.attrGet('href') ?? '');
      const href =
        target === null
          ? ''
          : target.kind === 'app'
            ? mailAddress(target.path, place)
            : target.href;
      link = { href, start: out.length };
    } else if (t.type === 'link_close' && link) {
      const words = out.slice(link.start).trim();
      const shown = link.href.replace(/^mailto:/, '').replace(/\/$/, '');
      if (link.href && words.replace(/\/$/, '') !== shown) out += ` (${link.href})`;
      link = null;
    }
  }
  return out;
}

export function plainText(tokens: readonly Token[], place: RenderPlace): string {
  const blocks: string[] = [];
  const lists: { ordered: boolean; next: number }[] = [];
  let prefix = '';
  for (const t of tokens) {
    if (t.type === 'bullet_list_open') lists.push({ ordered: false, next: 1 });
    else if (t.type === 'ordered_list_open')
      lists.push({ ordered: true, next: Number(t.attrGet('start') ?? 1) });
    else if (t.type === 'bullet_list_close' || t.type === 'ordered_list_close') {
      lists.pop();
      if (lists.length === 0) blocks.push('');
    } else if ((t.type === 'paragraph_close' || t.type === 'heading_close') && lists.length === 0)
      blocks.push('');
    else if (t.type === 'list_item_open') {
      const list = lists.at(-1);
      const indent = '  '.repeat(Math.max(0, lists.length - 1));
      prefix = list?.ordered ? `${indent}${list.next++}. ` : `${indent}- `;
    } else if (t.type === 'hr') blocks.push('* * *');
    else if (t.type === 'inline') {
      const text = inlineText(t.children ?? [], place).trim();
      if (text === '') continue;
      const lead = prefix;
      prefix = '';
      const indent = ' '.repeat(lead.length);
      blocks.push(lead + text.split('\n').join(`\n${indent}`));
    }
  }
  // Items of one list sit on consecutive lines; other blocks are a paragraph apart. The whole
  // text is cleaned at once, so a tag split over lines or tokens goes too.
  const joined = clean(blocks.join('\n'));
  return `${joined.replace(/\n{3,}/g, '\n\n').trim()}\n`;
}

/**
 * Every message has a plain-text and an HTML part. A caller of the notifications API may send
 * only one; the other is derived here. Each message ends with a line naming the product and who
 * sent it, so a recipient can tell where a mail came from and whom to ask about it.
 */
import { PRODUCT_NAME } from '@scout/protocol/limits';
import { escapeHtml } from '../mail/templates.ts';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  '#39': "'",
  apos: "'",
  nbsp: ' ',
};

/** Drops script, style, head and title elements with their content, in one pass. */
function dropInvisible(html: string): string {
  // ASCII-only lower-casing keeps every index valid in `html` too.
  const lower = html.replace(/[A-Z]+/g, (s) => s.toLowerCase());
  const opener = /<(script|style|head|title)\b/g;
  let out = '';
  let at = 0;
  for (;;) {
    opener.lastIndex = at;
    const found = opener.exec(lower);
    if (!found) return out + html.slice(at);
    out += html.slice(at, found.index);
    const close = lower.indexOf(`</${found[1]}`, found.index);
    const end = close < 0 ? -1 : lower.indexOf('>', close);
    if (end < 0) return out;
    at = end + 1;
  }
}

/**
 * A readable text rendering of an HTML body: block ends become line breaks, tags go. Every
 * pattern here runs in linear time: the HTML is the caller's and may be built to be slow.
 */
export function textFromHtml(html: string): string {
  return dropInvisible(html)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|table|blockquote|section|article)\s*>/gi, '\n\n')
    .replace(/<li\b[^<>]*>/gi, '- ')
    .replace(/<[^<>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|apos|nbsp);/g, (_m, name: string) => ENTITIES[name] ?? '')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** An HTML rendering of a text body: escaped, paragraphs and line breaks kept. */
export function htmlFromText(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`);
  return `<!doctype html>\n<html lang="en">\n<head><meta charset="utf-8"></head>\n<body>\n${paragraphs.join('\n')}\n</body>\n</html>\n`;
}

export function footerText(sender: string | undefined): string {
  return sender ? `Sent by ${sender} through ${PRODUCT_NAME}.` : `Sent through ${PRODUCT_NAME}.`;
}

/** Both parts, each with the footer; the caller's HTML is kept as given (it is theirs to send). */
export function composeBodies(input: { text?: string; html?: string; sender?: string }): {
  text: string;
  html: string;
} {
  const footer = footerText(input.sender);
  const text = input.text ?? textFromHtml(input.html ?? '');
  const html = input.html ?? htmlFromText(input.text ?? '');
  const htmlFooter = `<p style="font-size:12px;color:#666666">${escapeHtml(footer)}</p>`;
  const bodyEnd = html.search(/<\/body\s*>/i);
  return {
    text: `${text}\n\n-- \n${footer}\n`,
    html:
      bodyEnd >= 0
        ? `${html.slice(0, bodyEnd)}${htmlFooter}\n${html.slice(bodyEnd)}`
        : `${html}\n${htmlFooter}\n`,
  };
}

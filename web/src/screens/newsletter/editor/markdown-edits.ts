/**
 * The body toolbar's edits (docs/decisions/080-newsletter-format.md: the stored format is
 * Markdown). Each is pure over the text and its selection and returns both: the textarea takes
 * the new text and puts the selection back where the writer goes on typing.
 */

export interface TextEdit {
  text: string;
  /** The selection, as a textarea's selectionStart and selectionEnd. */
  start: number;
  end: number;
}

/** The start of the line holding `at`, and the end of the line holding `to`. */
function lineSpan(text: string, at: number, to: number): { from: number; until: number } {
  const from = text.lastIndexOf('\n', at - 1) + 1;
  // A selection ending just after a newline does not reach into the next line.
  const last = to > at && text[to - 1] === '\n' ? to - 1 : to;
  const nl = text.indexOf('\n', last);
  return { from, until: nl === -1 ? text.length : nl };
}

/** Replaces the selected lines by `rewrite(lines)`, keeping them selected. */
function rewriteLines(edit: TextEdit, rewrite: (lines: string[]) => string[]): TextEdit {
  const { from, until } = lineSpan(edit.text, edit.start, edit.end);
  const before = edit.text.slice(from, until).split('\n');
  const after = rewrite(before).join('\n');
  const text = edit.text.slice(0, from) + after + edit.text.slice(until);
  if (edit.start === edit.end && before.length === 1) {
    // A caret stays in its place in the line's words.
    const caret = Math.max(from, edit.start + after.length - before[0]!.length);
    return { text, start: caret, end: caret };
  }
  return { text, start: from, end: from + after.length };
}

const HEADING = /^#{1,6}[ \t]+/;

/** Makes the selected lines section headings (`## `), or plain lines again when all are. */
export function toggleHeading(edit: TextEdit): TextEdit {
  return rewriteLines(edit, (lines) => {
    const all = lines.every((l) => HEADING.test(l));
    return lines.map((l) => (all ? l.replace(HEADING, '') : `## ${l.replace(HEADING, '')}`));
  });
}

const ITEM = /^[ \t]*[-*+][ \t]+/;

/** Makes the selected lines a bulleted list (`- `), or plain lines again when all are items. */
export function toggleList(edit: TextEdit): TextEdit {
  return rewriteLines(edit, (lines) => {
    const filled = lines.filter((l) => l.trim() !== '');
    const all = filled.length > 0 && filled.every((l) => ITEM.test(l));
    return lines.map((l) => {
      if (all) return l.replace(ITEM, '');
      return l.trim() === '' && lines.length > 1 ? l : `- ${l}`;
    });
  });
}

/** Words in bold (`**…**`); bold words unbolded. With nothing selected, a placeholder to type over. */
export function toggleBold(edit: TextEdit): TextEdit {
  const { text, start, end } = edit;
  if (text.slice(start - 2, start) === '**' && text.slice(end, end + 2) === '**') {
    return {
      text: text.slice(0, start - 2) + text.slice(start, end) + text.slice(end + 2),
      start: start - 2,
      end: end - 2,
    };
  }
  const chosen = text.slice(start, end);
  if (chosen.length > 4 && chosen.startsWith('**') && chosen.endsWith('**')) {
    const inner = chosen.slice(2, -2);
    return {
      text: text.slice(0, start) + inner + text.slice(end),
      start,
      end: start + inner.length,
    };
  }
  const words = chosen || 'bold text';
  return {
    text: `${text.slice(0, start)}**${words}**${text.slice(end)}`,
    start: start + 2,
    end: start + 2 + words.length,
  };
}

/** Link words as Markdown writes them: the brackets and backslashes that would end them escaped. */
export function linkText(words: string): string {
  return words
    .replace(/[\\[\]]/g, (c) => `\\${c}`)
    .replace(/\s+/g, ' ')
    .trim();
}

/** An address in a link or image, in angle brackets when spaces or parentheses would cut it short. */
export function linkTarget(href: string): string {
  return /[\s()<>]/.test(href) ? `<${href.replace(/[<>]/g, encodeURIComponent)}>` : href;
}

const ADDRESS_PLACEHOLDER = 'https://';

/**
 * The selected words as a link, with the address selected for the writer to type or paste
 * (`[words](https://)`); with nothing selected, words to type over first.
 */
export function insertLink(edit: TextEdit): TextEdit {
  const { text, start, end } = edit;
  const chosen = text.slice(start, end);
  const words = chosen ? linkText(chosen) : 'link text';
  const link = `[${words}](${ADDRESS_PLACEHOLDER})`;
  const at = start + words.length + 3;
  return {
    text: text.slice(0, start) + link + text.slice(end),
    start: chosen ? at : start + 1,
    end: chosen ? at + ADDRESS_PLACEHOLDER.length : start + 1 + words.length,
  };
}

/**
 * Puts `block` in a paragraph of its own at the selection (replacing it), with blank lines
 * around it as Markdown needs; the caret lands after it. An event's line must stand alone to
 * become a card (server/src/newsletter/render.ts), and an image reads best on its own line.
 */
export function insertBlock(edit: TextEdit, block: string): TextEdit {
  const before = edit.text.slice(0, edit.start).replace(/[ \t]+$/, '');
  const after = edit.text.slice(edit.end).replace(/^[ \t]+/, '');
  const lead =
    before === '' ? '' : before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n';
  const trail =
    after === '' ? '' : after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : '\n\n';
  const head = before + lead + block;
  return { text: head + trail + after, start: head.length, end: head.length };
}

/** An image as Markdown writes it: `![alt](src)`. */
export function imageMarkdown(alt: string, src: string): string {
  return `![${linkText(alt)}](${linkTarget(src)})`;
}

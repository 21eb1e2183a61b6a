import { describe, expect, it } from 'vitest';
import {
  imageMarkdown,
  insertBlock,
  insertLink,
  toggleBold,
  toggleHeading,
  toggleList,
  type TextEdit,
} from './markdown-edits.ts';

/** Writes a selection as `[` and `]` in the text (a caret as `|`), to read tests at a glance. */
function marked(e: TextEdit): string {
  if (e.start === e.end) return `${e.text.slice(0, e.start)}|${e.text.slice(e.start)}`;
  return `${e.text.slice(0, e.start)}[${e.text.slice(e.start, e.end)}]${e.text.slice(e.end)}`;
}
function at(text: string): TextEdit {
  const caret = text.indexOf('|');
  if (caret >= 0) return { text: text.replace('|', ''), start: caret, end: caret };
  const start = text.indexOf('[');
  const end = text.indexOf(']') - 1;
  return { text: text.replace('[', '').replace(']', ''), start, end };
}

describe('toggleHeading', () => {
  it('makes the line holding the caret a heading, the caret staying in its words', () => {
    expect(marked(toggleHeading(at('Intro\nCamp |news\nEnd')))).toBe('Intro\n## Camp |news\nEnd');
  });
  it('makes a heading a plain line again', () => {
    expect(marked(toggleHeading(at('## Camp |news')))).toBe('Camp |news');
  });
  it('heads every selected line, keeping them selected', () => {
    expect(marked(toggleHeading(at('a\nb[c\nd]e\nf')))).toBe('a\n[## bc\n## de]\nf');
  });
});

describe('toggleList', () => {
  it('makes the selected lines items, leaving blank lines between them', () => {
    expect(marked(toggleList(at('[Tent\n\nStove]')))).toBe('[- Tent\n\n- Stove]');
  });
  it('makes items plain lines again when every line is one', () => {
    expect(marked(toggleList(at('[- Tent\n* Stove]')))).toBe('[Tent\nStove]');
  });
  it('starts an item on an empty line', () => {
    expect(marked(toggleList(at('Pack:\n|')))).toBe('Pack:\n- |');
  });
});

describe('toggleBold', () => {
  it('bolds the selected words and keeps them selected', () => {
    expect(marked(toggleBold(at('Bring [a hat] please')))).toBe('Bring **[a hat]** please');
  });
  it('unbolds words already bold, selected inside or with their stars', () => {
    expect(marked(toggleBold(at('Bring **[a hat]** please')))).toBe('Bring [a hat] please');
    expect(marked(toggleBold(at('Bring [**a hat**] please')))).toBe('Bring [a hat] please');
  });
  it('with nothing selected, inserts words to type over', () => {
    expect(marked(toggleBold(at('Go |')))).toBe('Go **[bold text]**');
  });
});

describe('insertLink', () => {
  it('links the selected words and selects the address to type', () => {
    const e = insertLink(at('See [the form] now'));
    expect(e.text).toBe('See [the form](https://) now');
    expect(e.text.slice(e.start, e.end)).toBe('https://');
  });
  it('escapes brackets in the words', () => {
    expect(insertLink({ text: 'a [b] c', start: 0, end: 7 }).text).toBe('[a \\[b\\] c](https://)');
  });
  it('with nothing selected, selects words to type over', () => {
    const e = insertLink(at('Go |'));
    expect(e.text).toBe('Go [link text](https://)');
    expect(e.text.slice(e.start, e.end)).toBe('link text');
  });
});

describe('insertBlock', () => {
  it('puts the block in a paragraph of its own inside a line', () => {
    expect(marked(insertBlock(at('Before |after'), 'X'))).toBe('Before\n\nX|\n\nafter');
  });
  it('adds no blank lines where there are already', () => {
    expect(marked(insertBlock(at('One\n\n|\n\nTwo'), 'X'))).toBe('One\n\nX|\n\nTwo');
    expect(marked(insertBlock(at('|'), 'X'))).toBe('X|');
  });
  it('replaces the selection', () => {
    expect(marked(insertBlock(at('a\n\n[old]\n\nb'), 'X'))).toBe('a\n\nX|\n\nb');
  });
});

describe('imageMarkdown', () => {
  it('writes the alt text and address, escaping what would cut them short', () => {
    expect(imageMarkdown('The [camp] fire', '/api/storage/p/object/troop/newsletter/a.jpg')).toBe(
      '![The \\[camp\\] fire](/api/storage/p/object/troop/newsletter/a.jpg)',
    );
    expect(imageMarkdown('x', '/a b(1).png')).toBe('![x](</a b(1).png>)');
  });
});

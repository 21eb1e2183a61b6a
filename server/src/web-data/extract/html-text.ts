/**
 * Readable text out of an HTML page: Mozilla Readability picks the article (navigation, footers
 * and sidebars dropped) over linkedom's DOM, and its blocks become paragraphs. A page Readability
 * finds no article in gives the text of its body. A document of more than DATA_PAGE_MAX_ELEMENTS
 * elements is not parsed at all: these libraries take the server's thread for a time that grows
 * with them (a minute for a few hundred thousand), which no deadline can interrupt.
 */
import type { parseHTML } from 'linkedom';
import { DATA_PAGE_MAX_ELEMENTS } from '@scout/protocol/limits';
import { htmlLibs } from './html-libs.ts';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,blockquote,pre,td,th,dt,dd,figcaption';

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** linkedom's document (the server compiles without the browser's DOM types). */
export type HtmlDocument = ReturnType<typeof parseHTML>['document'];
type HtmlNode = Pick<HtmlDocument['body'], 'querySelectorAll' | 'textContent'>;

/** The document has more elements than the server reads (DATA_PAGE_MAX_ELEMENTS). */
export class TooManyElements extends Error {
  constructor() {
    super(
      `The page has more than ${DATA_PAGE_MAX_ELEMENTS.toLocaleString('en-US')} elements: more than the server reads`,
    );
    this.name = 'TooManyElements';
  }
}

/** Start tags in `html`, counted without parsing it: at least as many as the elements it makes. */
function startTags(html: string): number {
  let count = 0;
  const tag = /<[a-zA-Z]/g;
  while (tag.exec(html)) if (++count > DATA_PAGE_MAX_ELEMENTS) break;
  return count;
}

/** A DOM document for `html`, as Readability and the scrape formats read it. */
export function parseDocument(html: string): HtmlDocument {
  if (startTags(html) > DATA_PAGE_MAX_ELEMENTS) throw new TooManyElements();
  return htmlLibs().parseHTML(html).document;
}

/** The text of the blocks under `root`, one paragraph each; the root's own text when it has none. */
export function blockText(root: HtmlNode): string {
  const blocks = [...root.querySelectorAll(BLOCKS)]
    // A block inside another block is read with its parent.
    .filter((el) => !el.parentElement?.closest(BLOCKS))
    .map((el) => clean(el.textContent))
    .filter(Boolean);
  return blocks.length ? blocks.join('\n\n') : clean(root.textContent);
}

export interface Article {
  title: string;
  /** The article's HTML, as Readability cleaned it. */
  html: string;
  text: string;
  excerpt: string;
}

export function readArticle(html: string): Article {
  const doc = parseDocument(html);
  const title = clean(doc.querySelector('title')?.textContent);
  const { Readability } = htmlLibs();
  const article = new Readability(parseDocument(html) as never, { charThreshold: 100 }).parse();
  if (article?.content) {
    const body = parseDocument(`<!doctype html><html><body>${article.content}</body></html>`);
    const heading = clean(doc.querySelector('h1')?.textContent);
    let text = blockText(body.body);
    if (heading && !text.startsWith(heading)) text = `${heading}\n\n${text}`;
    return {
      title: clean(article.title) || title,
      html: article.content,
      text,
      excerpt: clean(article.excerpt),
    };
  }
  for (const el of doc.querySelectorAll('script,style,noscript,template')) el.remove();
  return {
    title,
    html: doc.body?.innerHTML ?? '',
    text: doc.body ? blockText(doc.body) : '',
    excerpt: '',
  };
}

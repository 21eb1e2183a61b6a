/**
 * Readable text out of an HTML page: Mozilla Readability picks the article (navigation, footers
 * and sidebars dropped) over linkedom's DOM, and its blocks become paragraphs. A page Readability
 * finds no article in gives the text of its body.
 */
import type { parseHTML } from 'linkedom';
import { htmlLibs } from './html-libs.ts';

const BLOCKS = 'h1,h2,h3,h4,h5,h6,p,li,blockquote,pre,td,th,dt,dd,figcaption';

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** linkedom's document (the server compiles without the browser's DOM types). */
export type HtmlDocument = ReturnType<typeof parseHTML>['document'];
type HtmlNode = Pick<HtmlDocument['body'], 'querySelectorAll' | 'textContent'>;

/** A DOM document for `html`, as Readability and the scrape formats read it. */
export function parseDocument(html: string): HtmlDocument {
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

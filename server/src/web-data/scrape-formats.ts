/**
 * The scrape formats (docs/protocol.md, Web data), computed from a page's rendered HTML and its
 * final URL: pure, so they are tested without a browser. `markdown` is the article (Readability)
 * through turndown; `links` every link with its absolute URL and kind; `extract` the title,
 * description, headings and readable text; `metadata` what the page says about itself in its
 * head (Open Graph and article tags first, then the plain ones).
 */
import type TurndownService from 'turndown';
import { htmlLibs } from './extract/html-libs.ts';
import { z } from 'zod';
import { parseDocument, readArticle, type HtmlDocument } from './extract/html-text.ts';

export const SCRAPE_FORMATS = ['markdown', 'html', 'links', 'extract', 'metadata'] as const;
export type ScrapeFormat = (typeof SCRAPE_FORMATS)[number];

const link = z.object({
  text: z.string(),
  url: z.string(),
  type: z.enum(['internal', 'external', 'email', 'phone']),
});
const metadata = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  domain: z.string(),
  favicon: z.string(),
  image: z.string(),
  author: z.string(),
  publishedTime: z.string(),
  modifiedTime: z.string(),
  type: z.string(),
  siteName: z.string(),
  locale: z.string(),
  keywords: z.array(z.string()),
});
export const scrapeAnswer = z.object({
  markdown: z.string().optional(),
  html: z.string().optional(),
  links: z.array(link).optional(),
  extract: z
    .object({
      title: z.string(),
      description: z.string(),
      headings: z.array(z.string()),
      text: z.string(),
    })
    .optional(),
  metadata: metadata.optional(),
});
export type ScrapeAnswer = z.output<typeof scrapeAnswer>;

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

function meta(doc: HtmlDocument, ...names: string[]): string {
  for (const name of names) {
    const el =
      doc.querySelector(`meta[property="${name}"]`) ?? doc.querySelector(`meta[name="${name}"]`);
    const content = clean(el?.getAttribute('content'));
    if (content) return content;
  }
  return '';
}

function absolute(href: string, base: string): string | undefined {
  try {
    return new URL(href, base).href;
  } catch {
    return undefined;
  }
}

function links(doc: HtmlDocument, base: string): z.output<typeof link>[] {
  const host = new URL(base).hostname;
  const out: z.output<typeof link>[] = [];
  for (const a of doc.querySelectorAll('a[href]')) {
    const url = absolute(a.getAttribute('href') ?? '', base);
    if (!url) continue;
    const u = new URL(url);
    const type =
      u.protocol === 'mailto:'
        ? 'email'
        : u.protocol === 'tel:'
          ? 'phone'
          : u.protocol === 'http:' || u.protocol === 'https:'
            ? u.hostname === host
              ? 'internal'
              : 'external'
            : undefined;
    if (type) out.push({ text: clean(a.textContent), url, type });
  }
  return out;
}

function metadataOf(doc: HtmlDocument, url: string): z.output<typeof metadata> {
  const icon = doc.querySelector('link[rel~="icon"]')?.getAttribute('href') ?? '/favicon.ico';
  const image = meta(doc, 'og:image', 'twitter:image');
  return {
    title: meta(doc, 'og:title', 'twitter:title') || clean(doc.querySelector('title')?.textContent),
    description: meta(doc, 'og:description', 'description', 'twitter:description'),
    url: absolute(meta(doc, 'og:url'), url) ?? url,
    domain: new URL(url).hostname,
    favicon: absolute(icon, url) ?? '',
    image: image ? (absolute(image, url) ?? '') : '',
    author: meta(doc, 'author', 'article:author'),
    publishedTime: meta(doc, 'article:published_time', 'date'),
    modifiedTime: meta(doc, 'article:modified_time', 'og:updated_time'),
    type: meta(doc, 'og:type'),
    siteName: meta(doc, 'og:site_name', 'application-name'),
    locale: meta(doc, 'og:locale') || clean(doc.documentElement?.getAttribute('lang')),
    keywords: meta(doc, 'keywords')
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean),
  };
}

let turndown: TurndownService | undefined;

export function scrapeFormats(
  html: string,
  url: string,
  formats: readonly ScrapeFormat[],
): ScrapeAnswer {
  const doc = parseDocument(html);
  const wants = new Set(formats);
  const answer: ScrapeAnswer = {};
  const article = wants.has('markdown') || wants.has('extract') ? readArticle(html) : undefined;
  if (wants.has('markdown') && article) {
    turndown ??= new (htmlLibs().TurndownService)({
      headingStyle: 'atx',
      codeBlockStyle: 'fenced',
    });
    const heading = clean(doc.querySelector('h1')?.textContent);
    const body = turndown.turndown(article.html).trim();
    answer.markdown =
      heading && !body.startsWith(`# ${heading}`) ? `# ${heading}\n\n${body}` : body;
  }
  if (wants.has('html')) answer.html = html;
  if (wants.has('links')) answer.links = links(doc, url);
  if (wants.has('extract') && article)
    answer.extract = {
      title: article.title,
      description: meta(doc, 'description', 'og:description') || article.excerpt,
      headings: [...doc.querySelectorAll('h1,h2,h3')]
        .map((h) => clean(h.textContent))
        .filter(Boolean),
      text: article.text,
    };
  if (wants.has('metadata')) answer.metadata = metadataOf(doc, url);
  return answer;
}

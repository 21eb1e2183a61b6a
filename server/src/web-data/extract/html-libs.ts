/**
 * The HTML libraries behind readable text and markdown (linkedom's DOM, Mozilla Readability,
 * turndown), loaded the first time a page is read: together they take about 30 MB a server
 * that never reads a page would hold for nothing. Their CommonJS builds load synchronously, so
 * the code that reads pages stays synchronous.
 */
import { createRequire } from 'node:module';
import type { Readability as ReadabilityClass } from '@mozilla/readability';
import type { parseHTML as ParseHtml } from 'linkedom';
import type TurndownClass from 'turndown';

interface HtmlLibs {
  parseHTML: typeof ParseHtml;
  Readability: typeof ReadabilityClass;
  TurndownService: typeof TurndownClass;
}

const load = createRequire(import.meta.url);
let libs: HtmlLibs | undefined;

export function htmlLibs(): HtmlLibs {
  libs ??= {
    parseHTML: (load('linkedom') as { parseHTML: typeof ParseHtml }).parseHTML,
    Readability: (load('@mozilla/readability') as { Readability: typeof ReadabilityClass })
      .Readability,
    TurndownService: load('turndown') as typeof TurndownClass,
  };
  return libs;
}

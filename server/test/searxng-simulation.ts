/**
 * A SearXNG simulation: an in-process HTTP server on loopback that speaks SearXNG's search API
 * (`GET /search?q=&format=json&categories=&language=&pageno=`), since a real instance needs the
 * internet. Like a real instance it refuses a format that is not enabled with 403
 * (https://docs.searxng.org/dev/search_api.html).
 *
 * Its answers are the committed files in server/test/fixtures/searxng/, one per category, with
 * `query` set to the query asked. They are written to the shape SearXNG's JSON format has
 * (searx/webutils.py `get_json_response`): `query`, `number_of_results`, `results`, `answers`,
 * `corrections`, `infoboxes`, `suggestions`, and `unresponsive_engines` as [engine, reason] pairs
 * sorted by engine. Each result carries what its engine returned (`url`, `title`, `content`,
 * `template`, and per template `publishedDate` for news, `img_src`/`thumbnail_src` for
 * images.html, `length`/`iframe_src` for videos.html, `price`/`shipping` for products.html) plus
 * the fields SearXNG fills in when merging (searx/result_types/_base.py `LegacyResult`):
 * `engine`, `parsed_url`, `engines`, `positions`, `score`, `category`, `priority`. Answers are
 * typed results (`answer`, `url`, `engine`, `parsed_url`, `template`). The results themselves are
 * invented for a troop's searches, not captured from a live instance.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const SEARXNG_FIXTURE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'searxng',
);

export interface SearxngSimulation {
  url: string;
  /** Query strings received, parsed. */
  received: URLSearchParams[];
  close(): Promise<void>;
}

/** The committed answer for a category (general, news, images, videos, shopping). */
export function searxngFixture(category: string): Record<string, unknown> & {
  results: Array<Record<string, unknown>>;
} {
  return JSON.parse(fs.readFileSync(path.join(SEARXNG_FIXTURE_DIR, `${category}.json`), 'utf8'));
}

/**
 * What the simulated instance answers for `q` in `category`. A category without a file has no
 * engine here, and SearXNG answers such a search with no results.
 */
export function searxngAnswer(q: string, category: string) {
  const known = fs.existsSync(path.join(SEARXNG_FIXTURE_DIR, `${category}.json`));
  if (!known)
    return {
      query: q,
      number_of_results: 0,
      results: [],
      answers: [],
      corrections: [],
      infoboxes: [],
      suggestions: [],
      unresponsive_engines: [],
    };
  return { ...searxngFixture(category), query: q };
}

export async function startSearxngSimulation(
  opts: { json?: boolean; port?: number } = {},
): Promise<SearxngSimulation> {
  const received: URLSearchParams[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== '/search') {
      res.writeHead(404, { 'content-type': 'text/html' });
      return res.end('<h1>Not Found</h1>');
    }
    received.push(url.searchParams);
    const q = url.searchParams.get('q') ?? '';
    if (url.searchParams.get('format') !== 'json' || opts.json === false) {
      res.writeHead(403, { 'content-type': 'text/html' });
      return res.end('<h1>403 Forbidden</h1>');
    }
    if (!q) {
      res.writeHead(400, { 'content-type': 'text/html' });
      return res.end('<h1>Bad Request</h1>');
    }
    const category = url.searchParams.get('categories') ?? 'general';
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(searxngAnswer(q, category)));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A SearXNG simulation: an in-process HTTP server on loopback that speaks SearXNG's search API
 * (`GET /search?q=&format=json&categories=&language=&pageno=`), since a real instance needs the
 * internet. As SearXNG documents for its API, it refuses a format that is not enabled with 403.
 *
 * Its answers are synthetic: the committed files in server/test/fixtures/searxng/, one per
 * category (`query` set to the query asked), were written by hand to the shape of SearXNG's
 * documented JSON API. None was captured from a real instance, and the results in them are
 * invented for a troop's searches. The shape: `query`, `number_of_results`, `results`,
 * `answers`, `corrections`, `infoboxes`, `suggestions`, and `unresponsive_engines` as
 * [engine, reason] pairs. Each result has `url`, `title`, `content` and `template`, per template
 * `publishedDate` (news), `img_src`/`thumbnail_src` (images.html), `length`/`iframe_src`
 * (videos.html) or `price`/`shipping` (products.html), and the fields SearXNG adds when it merges
 * engines' results: `engine`, `parsed_url`, `engines`, `positions`, `score`, `category`,
 * `priority`. Answers are objects (`answer`, `url`, `engine`, `parsed_url`, `template`).
 * docs/operations.md (Web search through SearXNG) says the same to operators.
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

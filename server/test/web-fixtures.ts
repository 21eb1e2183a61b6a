/**
 * A web site on loopback for the web-data tests: static and JavaScript-rendered pages, redirects
 * (to itself and to forbidden places), slow, endless and huge answers, pages whose images are
 * huge together, compressed answers, an echo of what it received, pages that fight a capture
 * (hostile-pages.ts) and the committed fixture files. Every request it receives is kept in `seen` so a test can prove what did, or did not,
 * arrive.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { serveHostilePage } from './hostile-pages.ts';

export const FIXTURE_DIR = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'fixtures',
  'web',
);

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebFixture {
  /** http://127.0.0.1:PORT */
  origin: string;
  port: number;
  seen: SeenRequest[];
  /**
   * Waits until a request for `pathname` arrived, among those from `seen[since]` on: a test
   * passes `seen.length` from before what it does, since one site serves every test of a file.
   */
  waitFor(pathname: string, since?: number): Promise<SeenRequest>;
  close(): Promise<void>;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.pdf': 'application/pdf',
  '.docx': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  '.csv': 'text/csv',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.js': 'text/javascript; charset=utf-8',
};

/** A 1x1 red PNG, for image subresources. */
const PIXEL = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

export async function startWebFixture(
  extra: (req: http.IncomingMessage, res: http.ServerResponse) => boolean = () => false,
  port = 0,
): Promise<WebFixture> {
  const seen: SeenRequest[] = [];
  const waiters: Array<{ pathname: string; resolve: (r: SeenRequest) => void }> = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = {
        method: req.method ?? 'GET',
        url: req.url ?? '/',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const pathname = new URL(entry.url, 'http://x').pathname;
      for (const w of waiters.filter((w) => w.pathname === pathname)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(entry);
      }
      if (!extra(req, res)) route(req, res, entry, waitFor);
    });
  });
  // A WebSocket handshake is kept like any request (so a test can prove none arrived), then
  // refused: the site speaks no WebSocket.
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    const entry = { method: 'UPGRADE', url: req.url ?? '/', headers: req.headers, body: '' };
    seen.push(entry);
    socket.end('HTTP/1.1 404 Not Found\r\nconnection: close\r\n\r\n');
  });
  const waitFor = (pathname: string, since = 0) =>
    new Promise<SeenRequest>((resolve) => {
      const found = seen.slice(since).find((s) => new URL(s.url, 'http://x').pathname === pathname);
      if (found) resolve(found);
      else waiters.push({ pathname, resolve });
    });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${bound}`;
  return {
    origin,
    port: bound,
    seen,
    waitFor,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** How long /hold waits for the paths it names before answering anyway. */
const HOLD_MS = 5000;

function route(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  entry: SeenRequest,
  waitFor: (pathname: string) => Promise<SeenRequest>,
) {
  const url = new URL(entry.url, 'http://x');
  const p = url.pathname;
  const q = (k: string) => url.searchParams.get(k);
  if (p === '/echo') {
    res.setHeader('content-type', 'application/json');
    res.setHeader('x-echo-auth', String(req.headers.authorization ?? ''));
    res.statusCode = Number(q('status') ?? 200);
    return res.end(
      JSON.stringify({
        method: entry.method,
        url: entry.url,
        headers: req.headers,
        body: entry.body,
      }),
    );
  }
  if (p === '/redirect') {
    res.statusCode = Number(q('code') ?? 302);
    res.setHeader('location', q('to') ?? '/echo');
    return res.end();
  }
  if (p === '/redirect-loop') {
    res.statusCode = 302;
    res.setHeader('location', '/redirect-loop');
    return res.end();
  }
  if (p === '/slow') {
    // Headers at once, then nothing: a client must give up on its own deadline.
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('first words');
    return;
  }
  if (p === '/endless') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    const block = Buffer.alloc(64 * 1024, 'a');
    const pump = () => {
      while (!res.destroyed && res.write(block));
      if (!res.destroyed) res.once('drain', pump);
    };
    res.on('error', () => {});
    return pump();
  }
  if (p === '/huge') {
    const size = Number(q('bytes') ?? 3_000_000);
    res.on('error', () => {});
    if (q('stall') !== null) {
      // Every byte but the last, then nothing: an answer a reader holds until it gives up.
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(size + 1) });
      return res.write(Buffer.alloc(size, 'b'));
    }
    res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(size) });
    return res.end(Buffer.alloc(size, 'b'));
  }
  if (p === '/gzip-bomb') {
    // 100 KB on the wire, 100 MB once inflated.
    const bomb = zlib.gzipSync(Buffer.alloc(100 * 1024 * 1024, 0));
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    res.on('error', () => {});
    return res.end(bomb);
  }
  if (p === '/gzip') {
    res.writeHead(200, { 'content-type': 'text/plain', 'content-encoding': 'gzip' });
    return res.end(zlib.gzipSync('Pack a sleeping bag rated to 20°F.'));
  }
  if (p === '/page-with-image') {
    // A page whose one image comes from wherever the test says.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      `<!doctype html><title>Image page</title><h1>Image page</h1><img src="${q('src') ?? ''}">`,
    );
  }
  if (p === '/heavy') {
    // A page of `parts` images of `bytes` each (/huge, stalled before their last byte with
    // `stall`): each under what one resource of a capture may weigh, together over what a whole
    // capture may load when there are enough.
    const bytes = Number(q('bytes') ?? 9_000_000);
    const stall = q('stall') === null ? '' : '&stall';
    const images = Array.from(
      { length: Number(q('parts') ?? 4) },
      (_, i) => `<img src="/huge?bytes=${bytes}&part=${i}${stall}">`,
    ).join('');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(`<!doctype html><title>Heavy page</title><h1>Heavy page</h1>${images}`);
  }
  if (p === '/tall') {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    return res.end(
      '<!doctype html><title>Tall</title><body style="margin:0"><div style="height:40000px;background:#00f"></div>',
    );
  }
  if (p === '/remember') {
    // A page that sets a cookie of its own and shows what the browser brought along.
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'set-cookie': 'patrol=eagles; Path=/; Max-Age=86400',
    });
    return res.end(fs.readFileSync(path.join(FIXTURE_DIR, 'remember-me.html')));
  }
  if (p.startsWith('/reached/')) {
    res.writeHead(204, { 'access-control-allow-origin': '*' });
    return res.end();
  }
  if (p === '/hold') {
    // An image answered once /reached/NAME arrived for every NAME in `for` (or after HOLD_MS):
    // a page's load event waits for it, so its scripts' requests are all made by then.
    const names = (q('for') ?? '').split(',').filter(Boolean);
    const arrived = Promise.all(names.map((n) => waitFor(`/reached/${n}`)));
    const late = new Promise((resolve) => setTimeout(resolve, HOLD_MS).unref());
    void Promise.race([arrived, late]).then(() => {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(PIXEL);
    });
    return;
  }
  if (p.startsWith('/hostile/') && serveHostilePage(url, res)) return;
  if (p === '/pixel.png') {
    res.writeHead(200, { 'content-type': 'image/png' });
    return res.end(PIXEL);
  }
  const file = path.join(FIXTURE_DIR, path.basename(p));
  if (p.startsWith('/files/') && fs.existsSync(file)) {
    res.writeHead(200, {
      'content-type': q('type') ?? TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    return res.end(fs.readFileSync(file));
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not here');
}

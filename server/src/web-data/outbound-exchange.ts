/**
 * One HTTP request over a socket already connected to a judged address: the request is written
 * with the client's own framing headers, and the answer is read as a stream, decompressed, that
 * fails past `maxBytes` or when the deadline's signal fires. Apart from the client
 * (outbound-client.ts), which resolves, judges, connects and follows redirects around it.
 */
import http from 'node:http';
import type net from 'node:net';
import zlib from 'node:zlib';
import type { Duplex } from 'node:stream';
import { OutboundError, overBudget, tooLarge } from './outbound-error.ts';

/** Bytes several requests share (a page capture's, capture-budget.ts): each chunk is taken as read. */
export interface SharedByteBudget {
  readonly limit: number;
  take(n: number): boolean;
}

export interface OutboundResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  /** The URL that answered, after redirects. */
  url: string;
}

export function exchange(
  socket: Duplex,
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: Buffer | undefined,
  maxBytes: number,
  signal: AbortSignal,
  budget?: SharedByteBudget,
): Promise<OutboundResponse> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (err: OutboundError) => {
      if (settled) return;
      settled = true;
      req.destroy();
      socket.destroy();
      reject(err);
    };
    const onAbort = () => fail(new OutboundError('timeout', 'The site took too long to answer'));
    signal.addEventListener('abort', onAbort, { once: true });
    const req = http.request({
      createConnection: () => socket as net.Socket,
      method,
      path: `${url.pathname}${url.search}`,
      setHost: false,
      headers: {
        ...headers,
        host: url.host,
        'accept-encoding': 'gzip, deflate, br',
        connection: 'close',
        ...(body ? { 'content-length': String(body.length) } : {}),
      },
    });
    req.on('error', () => fail(new OutboundError('unreachable', 'The connection failed')));
    req.on('response', (res) => {
      const declared = Number(res.headers['content-length']);
      const encoding = String(res.headers['content-encoding'] ?? '').toLowerCase();
      if (!encoding && Number.isFinite(declared) && declared > maxBytes)
        return fail(tooLarge(maxBytes));
      const decoded =
        encoding === 'gzip' || encoding === 'x-gzip'
          ? res.pipe(zlib.createGunzip())
          : encoding === 'deflate'
            ? res.pipe(zlib.createInflate())
            : encoding === 'br'
              ? res.pipe(zlib.createBrotliDecompress())
              : res;
      const chunks: Buffer[] = [];
      let size = 0;
      decoded.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) return fail(tooLarge(maxBytes));
        if (budget && !budget.take(chunk.length)) return fail(overBudget(budget.limit));
        chunks.push(chunk);
      });
      decoded.on('error', () =>
        fail(new OutboundError('unreachable', 'The answer could not be read')),
      );
      res.on('aborted', () =>
        fail(new OutboundError('unreachable', 'The site closed the connection')),
      );
      decoded.on('end', () => {
        if (settled) return;
        settled = true;
        signal.removeEventListener('abort', onAbort);
        socket.destroy();
        const out: Record<string, string> = {};
        for (const [k, v] of Object.entries(res.headers)) {
          if (v === undefined) continue;
          if (encoding && (k === 'content-encoding' || k === 'content-length')) continue;
          out[k] = Array.isArray(v) ? v.join(', ') : v;
        }
        resolve({
          status: res.statusCode ?? 502,
          headers: out,
          body: Buffer.concat(chunks),
          url: url.href,
        });
      });
    });
    req.end(body);
  });
}

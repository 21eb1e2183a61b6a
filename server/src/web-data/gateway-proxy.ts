/**
 * The gateway as an HTTP proxy on loopback, for the requests Chromium does not hand to
 * `context.route` (docs/decisions/036-chromium-behind-the-gateway.md): a shared worker's
 * requests and the browser's own favicon fetch bypass Playwright's routing, so each capture's
 * context names this proxy, loopback included. A plain-HTTP request is answered by the outbound
 * client (the same address policy, size and time bounds as everything else, and the capture's
 * total); a tunnel (CONNECT, which https and WebSockets ask for) is refused, as the gateway
 * cannot judge what flows inside.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { DATA_CAPTURE_RESOURCE_MAX_BYTES } from '@scout/protocol/limits';
import type { CaptureBounds } from './capture-budget.ts';
import { OutboundError, type OutboundClient } from './outbound-client.ts';

export interface GatewayProxy {
  /** http://127.0.0.1:PORT, for a browser context's `proxy.server`. */
  url: string;
  /** URLs the policy refused, and tunnels asked for, in order. */
  refused: string[];
  close(): Promise<void>;
}

const MAX_REQUEST_BYTES = 1024 * 1024;

function readBody(req: http.IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_REQUEST_BYTES) {
        req.destroy();
        reject(new OutboundError('bad-request', 'The request body is too large'));
      } else chunks.push(c);
    });
    req.on('end', () => resolve(chunks.length ? Buffer.concat(chunks) : undefined));
    req.on('error', reject);
  });
}

function refuseTunnel(socket: Duplex) {
  socket.on('error', () => {});
  socket.end('HTTP/1.1 403 Forbidden\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
}

export async function startGatewayProxy(
  client: OutboundClient,
  { timeoutMs, budget, signal }: CaptureBounds,
): Promise<GatewayProxy> {
  const refused: string[] = [];
  const server = http.createServer((req, res) => {
    void (async () => {
      const target = req.url ?? '';
      try {
        // A proxy request names its whole target; anything else was not sent by the browser.
        if (!/^https?:\/\//i.test(target))
          throw new OutboundError('bad-url', 'Only proxy requests are answered');
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers))
          if (v !== undefined && !k.startsWith('proxy-'))
            headers[k] = Array.isArray(v) ? v.join(', ') : v;
        const body = await readBody(req);
        const out = await client.request({
          url: target,
          method: req.method ?? 'GET',
          headers,
          ...(body ? { body } : {}),
          maxBytes: DATA_CAPTURE_RESOURCE_MAX_BYTES,
          timeoutMs,
          budget,
          signal,
        });
        const answer = { ...out.headers };
        delete answer['transfer-encoding'];
        delete answer['connection'];
        answer['content-length'] = String(out.body.length);
        res.writeHead(out.status, answer);
        res.end(out.body);
      } catch (err) {
        if (err instanceof OutboundError && (err.kind === 'refused' || err.kind === 'bad-url'))
          refused.push(target);
        const kind = err instanceof OutboundError ? err.kind : undefined;
        const status =
          kind === 'refused' || kind === 'bad-url' ? 403 : kind === 'timeout' ? 504 : 502;
        if (!res.headersSent) res.writeHead(status, { 'content-length': '0' });
        res.end();
      }
    })();
  });
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    refused.push(`CONNECT ${req.url ?? ''}`);
    refuseTunnel(socket);
  });
  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex) => {
    refused.push(`UPGRADE ${req.url ?? ''}`);
    refuseTunnel(socket);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refused,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

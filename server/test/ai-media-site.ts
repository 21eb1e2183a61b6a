/**
 * An https site on 127.0.0.1 answering as `fixture.test`, for what the AI gateway reads from
 * other sites (images and audio by URL), and a connector that reaches it alone: nothing leaves
 * loopback, and any other address the connector is asked for is recorded as a stray.
 */
import fs from 'node:fs';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import type { Connector } from '../src/web-data/outbound-client.ts';
import { SIMULATED_MP3, SIMULATED_PNG } from './ai-provider-simulation.ts';
import { FIXTURE_DIR } from './web-fixtures.ts';

const TLS_DIR = path.join(FIXTURE_DIR, '..', 'tls');
const CERT = fs.readFileSync(path.join(TLS_DIR, 'fixture-test.cert.pem'));
const KEY = fs.readFileSync(path.join(TLS_DIR, 'fixture-test.key.pem'));
const MB = 1024 * 1024;

export interface Site {
  port: number;
  seen: string[];
  url(p: string): string;
  close(): Promise<void>;
}

/** An https site on 127.0.0.1 answering as `fixture.test`. */
export async function startSite(): Promise<Site> {
  const seen: string[] = [];
  let port = 0;
  const server = https.createServer({ key: KEY, cert: CERT }, (req, res) => {
    seen.push(req.url ?? '');
    const send = (type: string, body: Buffer | string) => {
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    };
    switch (req.url) {
      case '/tent.png':
        return send('image/png', SIMULATED_PNG);
      // The site's word is not taken: this one says image/png and is a page.
      case '/page.png':
        return send('image/png', '<!doctype html><p>Not an image</p>');
      case '/hello.mp3':
        return send('audio/mpeg', SIMULATED_MP3);
      case '/huge.png': {
        res.writeHead(200, { 'content-type': 'image/png' });
        const piece = Buffer.alloc(MB);
        let sent = 0;
        const more = () => {
          while (sent < 21 && !res.destroyed) {
            sent++;
            if (!res.write(piece)) return void res.once('drain', more);
          }
          res.end();
        };
        return more();
      }
      case '/slow.png':
        return; // never answers
      case '/to-metadata.png':
        res.writeHead(302, { location: 'https://metadata.test/latest/meta-data.png' });
        return res.end();
      case '/to-mapped-loopback.png':
        res.writeHead(302, { location: 'https://[::ffff:127.0.0.1]/tent.png' });
        return res.end();
      case '/to-http.png':
        res.writeHead(302, { location: `http://fixture.test:${port}/tent.png` });
        return res.end();
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  server.on('tlsClientError', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  return {
    port,
    seen,
    url: (p) => `https://fixture.test:${port}${p}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Connects to loopback only, trusting the fixture's certificate; anything else is a stray. */
export function loopbackTls(stray: string[]): Connector {
  return (target, signal) => {
    if (target.address !== '127.0.0.1') {
      stray.push(`${target.address}:${target.port}`);
      return Promise.reject(new Error('test connector: outside loopback'));
    }
    return new Promise((resolve, reject) => {
      const socket = target.tls
        ? tls.connect({
            host: target.address,
            port: target.port,
            servername: target.servername,
            ca: CERT,
            ALPNProtocols: ['http/1.1'],
          })
        : net.connect({ host: target.address, port: target.port });
      const abort = () => socket.destroy(new Error('aborted'));
      signal.addEventListener('abort', abort, { once: true });
      socket.once(target.tls ? 'secureConnect' : 'connect', () => resolve(socket));
      socket.once('error', reject);
    });
  };
}

/**
 * How the outbound client finds a host and opens a socket to it: the system resolver and the
 * plain or TLS connector it uses by default. They are passed in (outbound-client.ts), so tests
 * map host names to forbidden addresses and pass a connector that fails if it is ever called.
 */
import dns from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Host name to addresses: dns.lookup by default (the system's resolver, hosts file included). */
export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export interface ConnectTarget {
  address: string;
  family: 4 | 6;
  port: number;
  tls: boolean;
  /** The URL's host name, for TLS SNI and certificate checks; absent for an IP literal. */
  servername: string | undefined;
}

/** Opens a socket to an address already judged; resolves once it is connected (TLS done). */
export type Connector = (target: ConnectTarget, signal: AbortSignal) => Promise<Duplex>;

export const systemResolver: Resolver = async (host) => {
  const found = await dns.promises.lookup(host, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export const socketConnector: Connector = (target, signal) =>
  new Promise((resolve, reject) => {
    const socket = target.tls
      ? tls.connect({
          host: target.address,
          port: target.port,
          ...(target.servername ? { servername: target.servername } : {}),
          ALPNProtocols: ['http/1.1'],
        })
      : net.connect({ host: target.address, port: target.port });
    const ready = target.tls ? 'secureConnect' : 'connect';
    const abort = () => socket.destroy(new Error('aborted'));
    signal.addEventListener('abort', abort, { once: true });
    socket.once(ready, () => {
      signal.removeEventListener('abort', abort);
      resolve(socket);
    });
    socket.once('error', (err) => {
      signal.removeEventListener('abort', abort);
      reject(err);
    });
  });

/**
 * The network rule of every web-data test: nothing leaves loopback. The resolver maps test host
 * names to the addresses a test needs (forbidden ones included) without asking DNS; the
 * connector opens sockets only to 127.0.0.0/8 and ::1, and records (then refuses) any other
 * attempt in `stray`, which every test checks is empty: a refusal must happen before connecting.
 */
import {
  socketConnector,
  type Connector,
  type ResolvedAddress,
  type Resolver,
} from '../src/web-data/outbound-client.ts';

export const TEST_HOSTS: Record<string, string[]> = {
  'fixture.test': ['127.0.0.1'],
  'metadata.test': ['169.254.169.254'],
  'private.test': ['10.0.0.5'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'mapped-metadata.test': ['::ffff:a9fe:a9fe'],
  'ula.test': ['fd00::5'],
  'mixed.test': ['93.184.216.34', '192.168.0.10'],
  'public.test': ['93.184.216.34'],
};

export interface NetworkGuard {
  resolver: Resolver;
  connector: Connector;
  /** Host names the resolver was asked about, in order. */
  lookups: string[];
  /** Connections asked for outside loopback: must stay empty. */
  stray: string[];
  /** Connections made, as address:port. */
  connections: string[];
}

const isLoopback = (address: string) =>
  /^127\.\d+\.\d+\.\d+$/.test(address) || address === '::1' || address === '::ffff:127.0.0.1';

export function networkGuard(): NetworkGuard {
  const guard: NetworkGuard = {
    lookups: [],
    stray: [],
    connections: [],
    resolver: async (host) => {
      guard.lookups.push(host);
      const found = TEST_HOSTS[host.toLowerCase()];
      if (!found) throw new Error(`ENOTFOUND ${host}`);
      return found.map<ResolvedAddress>((address) => ({
        address,
        family: address.includes(':') ? 6 : 4,
      }));
    },
    connector: (target, signal) => {
      const where = `${target.address}:${target.port}`;
      if (!isLoopback(target.address)) {
        guard.stray.push(where);
        return Promise.reject(new Error(`test connector: ${where} is outside loopback`));
      }
      guard.connections.push(where);
      return socketConnector(target, signal);
    },
  };
  return guard;
}

/**
 * The one way the web-data gateway reaches another host (docs/decisions/035-outbound-address-policy.md).
 * Each hop: parse the URL (http and https only), resolve the host once, judge every address it
 * resolves to (address-policy.ts), connect to a judged address itself, so no second lookup can
 * answer differently, then read the answer as a stream that stops at `maxBytes`, all within one
 * deadline. Redirects are followed by the same steps, each hop judged again.
 *
 * The resolver and the connector are passed in: tests map host names to forbidden addresses
 * and pass a connector that fails the test if it is ever called. Those defaults are
 * outbound-sockets.ts; one request and the reading of its answer is outbound-exchange.ts.
 */
import http from 'node:http';
import { judgeAddress, parseIpv4, parseIpv6, type AllowEntry } from './address-policy.ts';
import { OutboundError } from './outbound-error.ts';
import { exchange, type OutboundResponse, type SharedByteBudget } from './outbound-exchange.ts';
import {
  socketConnector,
  systemResolver,
  type Connector,
  type ResolvedAddress,
  type Resolver,
} from './outbound-sockets.ts';

export { OutboundError, type OutboundFailure } from './outbound-error.ts';
export type { OutboundResponse } from './outbound-exchange.ts';
export {
  socketConnector,
  systemResolver,
  type ConnectTarget,
  type Connector,
  type ResolvedAddress,
  type Resolver,
} from './outbound-sockets.ts';

export interface OutboundRequest {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Bytes of the (decompressed) answer body read at most; one more fails with `too-large`. */
  maxBytes: number;
  /** One deadline for every hop: resolving, connecting, sending and reading. */
  timeoutMs: number;
  /** A total shared with other requests (a page capture's); past it this one fails `over-budget`. */
  budget?: SharedByteBudget;
  /** Ends the request early, as its deadline would: the page capture it served is over. */
  signal?: AbortSignal;
  maxRedirects?: number;
  /** Asked before each redirect; false answers the redirect itself instead of following it. */
  mayFollow?: (from: URL, to: URL) => boolean;
}

export interface OutboundClient {
  request(req: OutboundRequest): Promise<OutboundResponse>;
  /** Throws `refused` unless every address of the URL's host may be reached; used by Chromium routing. */
  check(url: string): Promise<{ url: URL; addresses: ResolvedAddress[] }>;
}

export const USER_AGENT = 'Mozilla/5.0 (compatible; ScoutLeadershipPlatform/1.0)';

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** Headers a request does not carry to another origin after a redirect (as browsers do). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'proxy-authorization'];
/** Hop-by-hop and framing headers the client sets itself. */
const OWN_HEADERS = new Set([
  'host',
  'connection',
  'content-length',
  'transfer-encoding',
  'accept-encoding',
  'keep-alive',
  'upgrade',
  'te',
  'trailer',
  'proxy-connection',
]);

/** The host as the URL gives it, brackets removed from an IPv6 literal. */
const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '');

export function parseTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad-url', 'The URL is not valid');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('bad-url', 'Only http and https URLs can be fetched');
  if (url.username || url.password)
    throw new OutboundError('bad-url', 'URLs with a user name or password are not fetched');
  return url;
}

export function createOutboundClient(opts: {
  allow?: readonly AllowEntry[];
  resolver?: Resolver;
  connector?: Connector;
}): OutboundClient {
  const allow = opts.allow ?? [];
  const resolver = opts.resolver ?? systemResolver;
  const connector = opts.connector ?? socketConnector;

  async function addressesOf(url: URL): Promise<ResolvedAddress[]> {
    const host = bareHost(url);
    const literal = parseIpv4(host) !== undefined || parseIpv6(host) !== undefined;
    let found: ResolvedAddress[];
    if (literal) found = [{ address: host, family: host.includes(':') ? 6 : 4 }];
    else {
      try {
        found = await resolver(host);
      } catch {
        throw new OutboundError('unreachable', `The host ${host} could not be found`);
      }
    }
    if (found.length === 0)
      throw new OutboundError('unreachable', `The host ${host} has no address`);
    // Every address must pass: a name that also points inside the network is refused as a whole.
    for (const a of found) {
      const verdict = judgeAddress(a.address, host, allow);
      if (!verdict.allowed)
        throw new OutboundError(
          'refused',
          `The host ${host} is not reachable from this server (${verdict.reason} address)`,
        );
    }
    return found;
  }

  async function connect(url: URL, addresses: ResolvedAddress[], signal: AbortSignal) {
    const isTls = url.protocol === 'https:';
    const host = bareHost(url);
    const literal = addresses.length === 1 && addresses[0]?.address === host;
    let last: unknown;
    for (const a of addresses) {
      if (signal.aborted) break;
      try {
        return await connector(
          {
            address: a.address,
            family: a.family,
            port: Number(url.port) || (isTls ? 443 : 80),
            tls: isTls,
            servername: literal ? undefined : host,
          },
          signal,
        );
      } catch (err) {
        last = err;
      }
    }
    if (signal.aborted) throw new OutboundError('timeout', 'The site took too long to answer');
    const detail = last instanceof Error && /certificate|self.signed/i.test(last.message);
    throw new OutboundError(
      'unreachable',
      detail ? `The site's certificate is not valid` : `Could not connect to ${host}`,
    );
  }

  return {
    async check(raw) {
      const url = parseTarget(raw);
      return { url, addresses: await addressesOf(url) };
    },

    async request(r) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), r.timeoutMs);
      const signal = controller.signal;
      const cancel = () => controller.abort();
      if (r.signal?.aborted) cancel();
      r.signal?.addEventListener('abort', cancel, { once: true });
      const timeout = new Promise<never>((_, reject) =>
        signal.addEventListener('abort', () =>
          reject(new OutboundError('timeout', 'The site took too long to answer')),
        ),
      );
      timeout.catch(() => {});
      try {
        let url = parseTarget(r.url);
        let method = (r.method ?? 'GET').toUpperCase();
        let body = r.body === undefined ? undefined : Buffer.from(r.body);
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(r.headers ?? {})) {
          if (OWN_HEADERS.has(k.toLowerCase())) continue;
          try {
            http.validateHeaderName(k);
            http.validateHeaderValue(k, v);
          } catch {
            // Named, never quoted: the value may hold a secret.
            throw new OutboundError('bad-request', `The header ${k} cannot be sent`);
          }
          headers[k.toLowerCase()] = v;
        }
        // Many sites refuse requests that do not say who is asking.
        headers['user-agent'] ??= USER_AGENT;
        headers.accept ??= '*/*';
        const maxRedirects = r.maxRedirects ?? 5;
        for (let hop = 0; ; hop++) {
          const addresses = await Promise.race([addressesOf(url), timeout]);
          const socket = await Promise.race([connect(url, addresses, signal), timeout]);
          const res = await exchange(
            socket,
            url,
            method,
            headers,
            body,
            r.maxBytes,
            signal,
            r.budget,
          );
          const location = res.headers.location;
          if (!REDIRECTS.has(res.status) || !location) return res;
          let next: URL;
          try {
            next = parseTarget(new URL(location, url).href);
          } catch {
            return res;
          }
          if (r.mayFollow && !r.mayFollow(url, next)) return res;
          if (hop >= maxRedirects)
            throw new OutboundError('too-many-redirects', 'The site redirected too many times');
          if (next.origin !== url.origin) for (const h of CREDENTIAL_HEADERS) delete headers[h];
          if (
            res.status === 303 ||
            ((res.status === 301 || res.status === 302) && method === 'POST')
          ) {
            if (method !== 'HEAD') method = 'GET';
            body = undefined;
            delete headers['content-type'];
          }
          url = next;
        }
      } finally {
        clearTimeout(timer);
        r.signal?.removeEventListener('abort', cancel);
      }
    },
  };
}

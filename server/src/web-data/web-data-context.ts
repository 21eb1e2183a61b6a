/**
 * What the web-data routes share: the one outbound client (address policy, resolver, connector),
 * the secrets, the deadline and the rate limit. Built once per app from the configuration and
 * whatever a test passed in `deps.webData`.
 */
import { DATA_CALLS_PER_MINUTE, DATA_TIMEOUT_MS } from '@scout/protocol/limits';
import type { RateLimitRule } from '../auth/rate-limits.ts';
import type { AppDeps } from '../deps.ts';
import { ApiError } from '../errors.ts';
import {
  createOutboundClient,
  OutboundError,
  type Connector,
  type OutboundClient,
  type Resolver,
} from './outbound-client.ts';
import type { DataSecret } from './secrets.ts';
import type { BrowserPool } from './browser-pool.ts';
import { parseAllowList } from './address-policy.ts';

export interface WebDataOverrides {
  resolver?: Resolver;
  connector?: Connector;
  /** The deadline of one outgoing request; tests shorten it to see a slow site given up on. */
  timeoutMs?: number;
  callsPerMinute?: number;
  /** The browser for scrape and screenshot; absent: one launched from CHROMIUM_PATH on first use. */
  browser?: BrowserPool;
}

export interface WebDataContext {
  client: OutboundClient;
  /** SEARCH_URL, the operator's own SearXNG: its host is let through even on a private network. */
  searchUrl: string | undefined;
  searchClient: OutboundClient;
  secrets: readonly DataSecret[];
  timeoutMs: number;
  memberLimit: RateLimitRule;
  serviceLimit: RateLimitRule;
}

export function webDataContext(deps: AppDeps): WebDataContext {
  const o = deps.webData ?? {};
  const perMinute = o.callsPerMinute ?? DATA_CALLS_PER_MINUTE;
  const network = {
    ...(o.resolver ? { resolver: o.resolver } : {}),
    ...(o.connector ? { connector: o.connector } : {}),
  };
  const searchUrl = deps.config.searchUrl;
  const searchHost = searchUrl ? new URL(searchUrl).hostname.replace(/^\[|\]$/g, '') : undefined;
  return {
    client: createOutboundClient({ allow: deps.config.dataAllowPrivateHosts, ...network }),
    searchUrl,
    searchClient: createOutboundClient({
      allow: [
        ...deps.config.dataAllowPrivateHosts,
        ...(searchHost ? parseAllowList([searchHost]) : []),
      ],
      ...network,
    }),
    secrets: deps.config.dataSecrets,
    timeoutMs: o.timeoutMs ?? DATA_TIMEOUT_MS,
    memberLimit: { limit: perMinute, windowMs: 60_000 },
    serviceLimit: { limit: perMinute * 10, windowMs: 60_000 },
  };
}

/**
 * An outbound failure as the answer a client reads: refused 400, a capture past its total 413,
 * too slow 504, the rest 502.
 */
export function outboundApiError(err: unknown): unknown {
  if (!(err instanceof OutboundError)) return err;
  switch (err.kind) {
    case 'bad-url':
    case 'refused':
      return new ApiError('DATA_URL_REFUSED', err.message);
    case 'bad-request':
      return new ApiError('VALIDATION_ERROR', err.message);
    case 'timeout':
      return new ApiError('DATA_TARGET_TIMEOUT', err.message);
    case 'too-large':
      return new ApiError('DATA_TARGET_TOO_LARGE', err.message);
    case 'over-budget':
      return new ApiError('DATA_CAPTURE_TOO_LARGE', err.message);
    default:
      return new ApiError('DATA_TARGET_UNREACHABLE', err.message);
  }
}

import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Store } from './store/store.ts';

/** Verifies a service key; returns its id, or null for an unknown or revoked key. */
export interface ServiceKeyVerifier {
  verify(token: string): Promise<string | null>;
}

/** Everything the app needs from outside. Tests pass an in-memory store and a manual clock. */
export interface AppDeps {
  config: Config;
  store: Store;
  /** HS256 key for access tokens; generated on first start and kept in DATA_DIR. */
  jwtSecret: Uint8Array;
  clock: Clock;
  logger?: Logger | false;
  serviceKeys?: ServiceKeyVerifier;
}

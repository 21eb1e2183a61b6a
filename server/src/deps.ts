import type { Logger } from 'pino';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import type { Store } from './store/store.ts';
import type { FileStore } from './storage/file-store.ts';
import type { RealtimeBus } from './realtime/bus.ts';
import type { RealtimeHub } from './realtime/hub.ts';
import type { Mailer } from './mail/mailer.ts';
import type { WebDataOverrides } from './web-data/web-data-context.ts';
import type { BrowserPool } from './web-data/browser-pool.ts';
import type { ChangeFeed } from './rest/change-feed.ts';
import type { TableRegistry } from './rest/tables.ts';
import type { Caller } from './http/caller.ts';
import type { TroopDirectory } from './store/tenancy.ts';

/** Verifies a service key; returns its id, or null for an unknown or revoked key. */
/** A verified service key: its id, and the troop it acts in (null: a platform key, every troop). */
export interface ServiceKeyGrant {
  id: string;
  troopId: string | null;
}

export interface ServiceKeyVerifier {
  verify(token: string): Promise<ServiceKeyGrant | null>;
}

/** AppDeps with every service present and the shared pieces built, by wiring.ts: what buildApp and the routes receive. */
export type ReadyDeps = AppDeps &
  Required<Pick<AppDeps, 'realtime' | 'mail' | 'files'>> & {
    /** Announces committed writes on the tables' realtime channels (rest/change-feed.ts). */
    changeFeed: ChangeFeed;
    /** The tables the Data API serves, their definitions cached (rest/tables.ts). */
    tables: TableRegistry;
    /** The server's troops, by the project id that names each (troops/troop-directory.ts). */
    troops: TroopDirectory;
    /**
     * Who a bearer credential names (auth/credentials.ts), with the role and status of the account
     * in `troopId` (the first troop when absent); a bad one throws a 401, a non-member a 404.
     */
    authenticate: (token: string | undefined, troopId?: string) => Promise<Caller>;
    /** The headless Chromium of scrape and screenshot, launched on first use (web-data/browser-pool.ts). */
    browser: BrowserPool;
  };

/** Everything the app needs from outside. Tests pass an in-memory store and a manual clock. */
export interface AppDeps {
  config: Config;
  store: Store;
  /** HS256 key for access tokens; generated on first start and kept in DATA_DIR. */
  jwtSecret: Uint8Array;
  clock: Clock;
  logger?: Logger | false;
  serviceKeys?: ServiceKeyVerifier;
  /** Stored files' bytes; absent: a disk folder under DATA_DIR, or the S3 bucket when S3_* is set. */
  files?: FileStore;
  /** Realtime fan-out, history and presence; absent: in-process, history in memory only. openDeps passes Redis's with REDIS_URL, else one keeping history in the store. */
  bus?: RealtimeBus;
  /** Server-side publishing on realtime channels (`deps.realtime.publish(channel, {type, data})`); absent: wiring.ts makes the hub. */
  realtime?: RealtimeHub;
  /** Outgoing mail; absent: the outbox under DATA_DIR. main.ts passes the SMTP mailer when SMTP_URL is set. */
  mail?: Mailer;
  /** Web data's resolver, connector, deadline and browser; absent: the system's. Tests pass loopback-only ones. */
  webData?: WebDataOverrides;
  /** Time limit per statement of operator SQL (`POST /api/db/{projectId}/sql`, `/batch`); absent: 10 s. Tests shorten it. */
  sqlStatementTimeoutMs?: number;
}

/**
 * The shape of the server's configuration: every setting with the variable it comes from. Apart
 * from the reading of the environment (config.ts) so what can be configured reads as one list.
 */
import type { SignupMode } from '@scout/protocol/auth';
import type { RolesConfig } from '@scout/protocol/permissions';
import type { AiConfig } from './ai/ai-config.ts';
import type { AuthProviderConfig } from './auth/providers/provider-config.ts';
import type { AllowEntry } from './web-data/address-policy.ts';
import type { DataSecret } from './web-data/secrets.ts';
import type { JobsConfig } from './jobs/jobs-config.ts';

/**
 * Configuration from the environment. Every variable has a default that needs nothing installed;
 * a bad value stops the start with one line naming the variable.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  projectId: string;
  publicUrl: string;
  /** Origins allowed to frame the app and to exchange tokens with it by postMessage. */
  allowedParentOrigins: string[];
  /** Extra origins allowed by CORS besides PUBLIC_URL's own. */
  corsOrigins: string[];
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  timezone: string;
  requireEmailVerification: boolean;
  /** Realtime channels an anonymous socket may use ('*' for all). Default: none. */
  realtimeAnonymousChannels: string[];
  logLevel: string;
  /** Multiplies the per-address auth rate limits (one troop behind one NAT). Default 1. */
  addressRateLimitScale: number;
  /** Directory with the built SPA; absent in API-only tests. */
  webDir: string | undefined;
  /** Behind a reverse proxy: the client address comes from X-Forwarded-For (TRUST_PROXY). */
  trustProxy: boolean;
  /** JWT_SECRET: a base64 signing key; absent, one is generated into DATA_DIR. */
  jwtSecret: string | undefined;
  /**
   * INIT_CWD: the folder `npm run admin` was started from (npm sets it), where the admin
   * commands resolve relative file names; absent, the process's own working folder.
   */
  invocationDir: string | undefined;
  /** Who may do what: the default roles, or the JSON file named by ROLES_FILE (docs/roles.md). */
  roles: RolesConfig;
  /** Who may create an account (SIGNUP_MODE): open, approval or invite (docs/operations.md). */
  signupMode: SignupMode;
  /** Whom a member waiting for approval should contact (TROOP_CONTACT), shown on their screen. */
  troopContact: string | undefined;
  /** Sign-in providers (AUTH_PROVIDERS and AUTH_<NAME>_*), checked at start, discovered on first use. */
  authProviders: AuthProviderConfig[];
  /** Origins besides PUBLIC_URL's that the hosted sign-in page may send tokens back to. */
  allowedRedirectOrigins: string[];
  /** APP_REDIRECT_URIS: the troop's apps' own redirects a mobile sign-in's code may go to (auth/providers/app-redirects.ts). */
  appRedirectUris: string[];
  /** The AI gateway: providers per capability, model map, budgets (ai/ai-config.ts). */
  ai: AiConfig;
  /** DATA_ALLOW_PRIVATE_HOSTS: private hosts, addresses and ranges the web-data gateway may reach. */
  dataAllowPrivateHosts: AllowEntry[];
  /** DATA_SECRET_<NAME> and DATA_SECRET_<NAME>_HOSTS: values `fetch` fills in, bound to hosts. */
  dataSecrets: DataSecret[];
  /** SEARCH_URL: a SearXNG instance whose JSON API answers web search; absent, search is 503. */
  searchUrl: string | undefined;
  /** CHROMIUM_PATH: the browser for scrape and screenshot; default /usr/bin/chromium when present. */
  chromiumPath: string | undefined;
  /** BROWSER_MAX_PAGES: pages open at once for scrape and screenshot, per process. Default 4. */
  browserMaxPages: number;
  /** ANALYTICS_RETENTION_DAYS: analytics events older than this are deleted daily. */
  analyticsRetentionDays: number;
  /** JOBS_*: the durable job worker (jobs/jobs-config.ts). */
  jobs: JobsConfig;
  /**
   * NOTICE_BATCH_MS: new events created within one window of this length go out as one mail
   * per member when it closes (docs/decisions/064-notice-batches.md). 0: each event alone.
   */
  noticeBatchMs: number;
  s3:
    | {
        bucket: string;
        region: string;
        endpoint: string | undefined;
        accessKeyId: string | undefined;
        secretAccessKey: string | undefined;
      }
    | undefined;
}

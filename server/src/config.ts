/**
 * Configuration from the environment. Every variable has a default that needs nothing installed;
 * a bad value stops the start with one line naming the variable. This is the one place the
 * environment is read (with the parsers of the modules it names); the settings are listed in
 * config-shape.ts and the value readers are config-values.ts.
 */
import fs from 'node:fs';
import { SIGNUP_MODES, type SignupMode } from '@scout/protocol/auth';
import { ANALYTICS_RETENTION_DAYS_DEFAULT } from '@scout/protocol/limits';
import { parseAiConfig } from './ai/ai-config.ts';
import { parseAppRedirectUris } from './auth/providers/app-redirects.ts';
import { parseAuthProviders } from './auth/providers/provider-config.ts';
import type { Config } from './config-shape.ts';
import {
  ConfigError,
  bool,
  list,
  loadRoles,
  origin,
  parsedBy,
  validTimezone,
  type Env,
} from './config-values.ts';
import { parseJobsConfig } from './jobs/jobs-config.ts';
import { wholeNumber } from './env-values.ts';
import { parseAllowList } from './web-data/address-policy.ts';
import { parseDataSecrets } from './web-data/secrets.ts';

export type { Config } from './config-shape.ts';

/** The default window of new-event notices: 5 minutes (docs/decisions/064-notice-batches.md). */
export const NOTICE_BATCH_MS_DEFAULT = 5 * 60_000;
export { ConfigError } from './config-values.ts';

export function loadConfig(env: Env = process.env, defaults: { webDir?: string } = {}): Config {
  const portRaw = env.PORT ?? '3000';
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a number from 0 to 65535, got "${portRaw}"`);
  }
  const host = env.HOST || '0.0.0.0';
  const projectId = env.PROJECT_ID || 'scout-troop';
  if (!/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/.test(projectId)) {
    throw new ConfigError(
      `PROJECT_ID must be letters, digits, - or _ (at most 64), got "${projectId}"`,
    );
  }
  const publicUrl = (
    env.PUBLIC_URL
      ? origin('PUBLIC_URL', env.PUBLIC_URL) && env.PUBLIC_URL
      : `http://localhost:${port}`
  ).replace(/\/+$/, '');
  const allowedParentOrigins = list(env.ALLOWED_PARENT_ORIGINS).map((o) =>
    origin('ALLOWED_PARENT_ORIGINS', o),
  );
  const corsOrigins = list(env.CORS_ORIGINS).map((o) => origin('CORS_ORIGINS', o));
  const databaseUrl = env.DATABASE_URL || undefined;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  }
  const redisUrl = env.REDIS_URL || undefined;
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl))
    throw new ConfigError('REDIS_URL must start with redis:// or rediss://');
  const smtpUrl = env.SMTP_URL || undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl))
    throw new ConfigError('SMTP_URL must start with smtp:// or smtps://');
  const timezone = env.TIMEZONE || 'America/New_York';
  if (!validTimezone(timezone))
    throw new ConfigError(`TIMEZONE must be an IANA time zone name, got "${timezone}"`);
  const scaleRaw = env.ADDRESS_RATE_LIMIT_SCALE || '1';
  const addressRateLimitScale = Number(scaleRaw);
  if (
    !Number.isInteger(addressRateLimitScale) ||
    addressRateLimitScale < 1 ||
    addressRateLimitScale > 1000
  ) {
    throw new ConfigError(
      `ADDRESS_RATE_LIMIT_SCALE must be a whole number from 1 to 1000, got "${scaleRaw}"`,
    );
  }
  const signupMode = (env.SIGNUP_MODE || 'open') as SignupMode;
  if (!SIGNUP_MODES.includes(signupMode))
    throw new ConfigError(
      `SIGNUP_MODE must be one of ${SIGNUP_MODES.join(', ')}, got "${env.SIGNUP_MODE}"`,
    );
  const troopContact = env.TROOP_CONTACT?.trim() || undefined;
  if (troopContact && troopContact.length > 300)
    throw new ConfigError('TROOP_CONTACT must be at most 300 characters');
  const retentionRaw = env.ANALYTICS_RETENTION_DAYS || String(ANALYTICS_RETENTION_DAYS_DEFAULT);
  const analyticsRetentionDays = Number(retentionRaw);
  if (
    !Number.isInteger(analyticsRetentionDays) ||
    analyticsRetentionDays < 1 ||
    analyticsRetentionDays > 3650
  ) {
    throw new ConfigError(
      `ANALYTICS_RETENTION_DAYS must be a whole number of days from 1 to 3650, got "${retentionRaw}"`,
    );
  }
  const authProviders = parsedBy(() =>
    parseAuthProviders(
      env,
      bool('AUTH_ALLOW_INSECURE_ISSUER', env.AUTH_ALLOW_INSECURE_ISSUER, false),
    ),
  );
  const ai = parsedBy(() => parseAiConfig(env));
  const dataAllowPrivateHosts = parsedBy(
    () => parseAllowList(list(env.DATA_ALLOW_PRIVATE_HOSTS)),
    'DATA_ALLOW_PRIVATE_HOSTS: ',
  );
  const dataSecrets = parsedBy(() => parseDataSecrets(env));
  const jobs = parsedBy(() => parseJobsConfig(env));
  const noticeBatchMs = parsedBy(() =>
    wholeNumber(env, 'NOTICE_BATCH_MS', NOTICE_BATCH_MS_DEFAULT, 0, 24 * 3600_000),
  );
  const searchUrl = env.SEARCH_URL
    ? origin('SEARCH_URL', env.SEARCH_URL) && env.SEARCH_URL
    : undefined;
  const pagesRaw = env.BROWSER_MAX_PAGES || '4';
  const browserMaxPages = Number(pagesRaw);
  if (!Number.isInteger(browserMaxPages) || browserMaxPages < 1 || browserMaxPages > 64)
    throw new ConfigError(
      `BROWSER_MAX_PAGES must be a whole number from 1 to 64, got "${pagesRaw}"`,
    );
  const defaultChromium = '/usr/bin/chromium';
  const chromiumPath =
    env.CHROMIUM_PATH || (fs.existsSync(defaultChromium) ? defaultChromium : undefined);
  const s3 = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION || 'us-east-1',
        endpoint: env.S3_ENDPOINT || undefined,
        accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
      }
    : undefined;
  return {
    port,
    host,
    dataDir: env.DATA_DIR || './data',
    projectId,
    publicUrl,
    allowedParentOrigins,
    corsOrigins,
    databaseUrl,
    redisUrl,
    smtpUrl,
    mailFrom:
      env.MAIL_FROM || `Scout Leadership Platform <no-reply@${new URL(publicUrl).hostname}>`,
    timezone,
    requireEmailVerification: bool(
      'REQUIRE_EMAIL_VERIFICATION',
      env.REQUIRE_EMAIL_VERIFICATION,
      false,
    ),
    realtimeAnonymousChannels: list(env.REALTIME_ANONYMOUS_CHANNELS),
    logLevel: env.LOG_LEVEL || 'info',
    addressRateLimitScale,
    webDir: env.WEB_DIR || defaults.webDir,
    roles: loadRoles(env.ROLES_FILE || undefined),
    trustProxy: bool('TRUST_PROXY', env.TRUST_PROXY, false),
    jwtSecret: env.JWT_SECRET || undefined,
    invocationDir: env.INIT_CWD || undefined,
    signupMode,
    troopContact,
    authProviders,
    allowedRedirectOrigins: list(env.ALLOWED_REDIRECT_ORIGINS).map((o) =>
      origin('ALLOWED_REDIRECT_ORIGINS', o),
    ),
    appRedirectUris: parsedBy(() => parseAppRedirectUris(list(env.APP_REDIRECT_URIS))),
    ai,
    dataAllowPrivateHosts,
    dataSecrets,
    searchUrl,
    chromiumPath,
    browserMaxPages,
    analyticsRetentionDays,
    jobs,
    noticeBatchMs,
    s3,
  };
}

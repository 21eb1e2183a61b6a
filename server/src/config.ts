import fs from 'node:fs';
import {
  DEFAULT_ROLES_CONFIG,
  parseRolesConfig,
  type RolesConfig,
} from '@scout/protocol/permissions';
import { parseAuthProviders, type AuthProviderConfig } from './auth/providers/provider-config.ts';

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
  /** Who may do what: the default roles, or the JSON file named by ROLES_FILE (docs/roles.md). */
  roles: RolesConfig;
  /** Sign-in providers (AUTH_PROVIDERS and AUTH_<NAME>_*), checked at start, discovered on first use. */
  authProviders: AuthProviderConfig[];
  /** Origins besides PUBLIC_URL's that the hosted sign-in page may send tokens back to. */
  allowedRedirectOrigins: string[];
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

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>;

const list = (v: string | undefined) =>
  (v ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

function origin(name: string, value: string): string {
  try {
    const u = new URL(value);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new Error();
    return u.origin;
  } catch {
    throw new ConfigError(`${name} must be an http(s) URL or origin, got "${value}"`);
  }
}

function bool(name: string, v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  if (/^(0|false|no|off)$/i.test(v)) return false;
  throw new ConfigError(`${name} must be true or false, got "${v}"`);
}

function loadRoles(file: string | undefined): RolesConfig {
  if (!file) return DEFAULT_ROLES_CONFIG;
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (err) {
    throw new ConfigError(
      `ROLES_FILE ${file} could not be read as JSON: ${(err as Error).message.split('\n')[0]}`,
    );
  }
  try {
    return parseRolesConfig(raw);
  } catch (err) {
    throw new ConfigError(`ROLES_FILE ${file}: ${(err as Error).message}`);
  }
}

function validTimezone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
}

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
  let authProviders: AuthProviderConfig[];
  try {
    authProviders = parseAuthProviders(
      env,
      bool('AUTH_ALLOW_INSECURE_ISSUER', env.AUTH_ALLOW_INSECURE_ISSUER, false),
    );
  } catch (err) {
    throw new ConfigError((err as Error).message);
  }
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
    authProviders,
    allowedRedirectOrigins: list(env.ALLOWED_REDIRECT_ORIGINS).map((o) =>
      origin('ALLOWED_REDIRECT_ORIGINS', o),
    ),
    s3,
  };
}

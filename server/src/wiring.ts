/**
 * The one place that turns configuration into the server's dependencies. `openDeps` opens every
 * service the configuration names (main.ts); `completeDeps` fills what a caller left out with the
 * embedded defaults (tests pass an in-memory store and a manual clock, and nothing else). Route
 * files receive the result and build no hub, mailer or store of their own.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { serviceKeyVerifier } from './admin/service-keys.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDeps, ReadyDeps } from './deps.ts';
import { createOutboxMailer } from './mail/outbox.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { loadOrCreateSecret } from './secret.ts';
import { createDiskFileStore } from './storage/disk.ts';
import { openFileStore } from './storage/open-file-store.ts';
import { migrate } from './store/migrate.ts';
import { openStore } from './store/open-store.ts';

const isReady = (deps: AppDeps): deps is ReadyDeps =>
  deps.realtime !== undefined && deps.mail !== undefined && deps.files !== undefined;

/** Every dependency, complete: what a caller passed, and the embedded default for the rest. */
export function completeDeps(deps: AppDeps): ReadyDeps {
  if (isReady(deps)) return deps;
  if (deps.config.s3 && !deps.files)
    throw new Error('S3_BUCKET is set: pass the file store opened by openFileStore');
  return {
    ...deps,
    realtime:
      deps.realtime ?? createRealtimeHub({ clock: deps.clock, bus: deps.bus, logger: deps.logger }),
    mail: deps.mail ?? createOutboxMailer(deps),
    files: deps.files ?? createDiskFileStore(path.join(deps.config.dataDir, 'storage')),
  };
}

/**
 * Opens the services the configuration names: the store (migrated), the signing key, the file
 * store, the Redis bus and the SMTP mailer. The optional services' client libraries are loaded
 * only when configured, which keeps a laptop install's memory low.
 */
export async function openDeps(config: Config, logger: Logger): Promise<ReadyDeps> {
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(store);
  const bus = config.redisUrl
    ? (await import('./realtime/redis-bus.ts')).createRedisBus({
        url: config.redisUrl,
        keyPrefix: `scout:rt:${config.projectId}:`,
        logger,
      })
    : undefined;
  const mail = config.smtpUrl
    ? (await import('./mail/smtp.ts')).createSmtpMailer({
        url: config.smtpUrl,
        from: config.mailFrom,
      })
    : undefined;
  return completeDeps({
    config,
    store,
    jwtSecret: loadOrCreateSecret(config.dataDir, config.jwtSecret),
    clock: systemClock,
    logger,
    serviceKeys: serviceKeyVerifier(store),
    files: await openFileStore(config),
    ...(bus ? { bus } : {}),
    ...(mail ? { mail } : {}),
  });
}

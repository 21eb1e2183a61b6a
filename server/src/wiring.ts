/**
 * The one place that turns configuration into the server's dependencies. `openDeps` opens every
 * service the configuration names (main.ts); `completeDeps` fills what a caller left out with the
 * embedded defaults (tests pass an in-memory store and a manual clock, and nothing else) and
 * builds the pieces routes share: the change feed, the table registry, the browser pool.
 * `buildApp` and the route files receive the result and build none of these of their own.
 */
import path from 'node:path';
import type { Logger } from 'pino';
import { serviceKeyVerifier } from './admin/service-keys.ts';
import { resolveCredential } from './auth/credentials.ts';
import { systemClock } from './clock.ts';
import type { Config } from './config.ts';
import type { AppDeps, ReadyDeps } from './deps.ts';
import { createOutboxMailer } from './mail/outbox.ts';
import { feedAdmission } from './realtime/feed-listeners.ts';
import { allAdmissions, socialAdmission } from './social/realtime-admission.ts';
import { createChangeFeed } from './rest/change-feed.ts';
import { TableRegistry } from './rest/tables.ts';
import { TABLES } from './tables.ts';
import { createBrowserPool } from './web-data/browser-pool.ts';
import { createRealtimeHub } from './realtime/hub.ts';
import { createMemoryBus } from './realtime/memory-bus.ts';
import { storeJournal } from './realtime/stored-history.ts';
import { loadOrCreateSecret } from './secret.ts';
import { createDiskFileStore } from './storage/disk.ts';
import { openFileStore } from './storage/open-file-store.ts';
import { migrate } from './store/migrate.ts';
import { openStore } from './store/open-store.ts';
import { troopDirectory } from './troops/troop-directory.ts';

/** Every dependency, complete: what a caller passed, and the embedded default for the rest. */
export function completeDeps(deps: AppDeps): ReadyDeps {
  if (deps.config.s3 && !deps.files)
    throw new Error('S3_BUCKET is set: pass the file store opened by openFileStore');
  const realtime =
    deps.realtime ??
    createRealtimeHub({
      clock: deps.clock,
      bus: deps.bus,
      logger: deps.logger,
      admission: allAdmissions(
        feedAdmission(deps.store, deps.config.roles),
        socialAdmission(deps.store, deps.config.roles),
      ),
    });
  const tables = new TableRegistry(deps.store, deps.clock, TABLES);
  const ready: ReadyDeps = {
    ...deps,
    realtime,
    mail: deps.mail ?? createOutboxMailer(deps),
    files: deps.files ?? createDiskFileStore(path.join(deps.config.dataDir, 'storage')),
    changeFeed: createChangeFeed(realtime, deps.logger, {
      store: deps.store,
      roles: deps.config.roles,
      tables,
    }),
    tables,
    troops: troopDirectory(deps.store, deps.config),
    // Read at each call: a test may swap the service-key verifier of the deps it holds.
    authenticate: (token, troopId) => resolveCredential(ready, token, troopId),
    browser:
      deps.webData?.browser ??
      createBrowserPool({
        executablePath: deps.config.chromiumPath,
        maxPages: deps.config.browserMaxPages,
      }),
  };
  return ready;
}

/**
 * Opens the services the configuration names: the store (migrated), the signing key, the file
 * store, the realtime bus (Redis, or in-process with its history in the store) and the SMTP mailer. The optional services' client libraries are loaded
 * only when configured, which keeps a laptop install's memory low.
 */
export async function openDeps(config: Config, logger: Logger): Promise<ReadyDeps> {
  const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrate(store);
  // Without Redis the history lives in this process and in the store, so a restart keeps it.
  const bus = config.redisUrl
    ? (await import('./realtime/redis-bus.ts')).createRedisBus({
        url: config.redisUrl,
        keyPrefix: `scout:rt:${config.projectId}:`,
        logger,
      })
    : createMemoryBus({ clock: systemClock, journal: storeJournal(store), logger });
  const mail = await openSmtpMailer(config);
  return completeDeps({
    config,
    store,
    jwtSecret: loadOrCreateSecret(config.dataDir, config.jwtSecret),
    clock: systemClock,
    logger,
    serviceKeys: serviceKeyVerifier(store),
    files: await openFileStore(config),
    bus,
    ...(mail ? { mail } : {}),
  });
}

/** The SMTP mailer when SMTP_URL is set; absent, completeDeps writes to the outbox. */
async function openSmtpMailer(config: Config) {
  return config.smtpUrl
    ? (await import('./mail/smtp.ts')).createSmtpMailer({
        url: config.smtpUrl,
        from: config.mailFrom,
      })
    : undefined;
}

/**
 * What the job thread needs (job-thread.ts): a store connection of its own, already migrated by
 * the main thread (a pool of two on PostgreSQL: the worker runs one job at a time), the signing
 * key the mails' links are made with, and the mailer. No realtime bus: no job publishes.
 */
export async function openJobDeps(config: Config, logger: Logger): Promise<ReadyDeps> {
  const store = await openStore({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 2,
  });
  const mail = await openSmtpMailer(config);
  return completeDeps({
    config,
    store,
    jwtSecret: loadOrCreateSecret(config.dataDir, config.jwtSecret),
    clock: systemClock,
    logger,
    files: await openFileStore(config),
    ...(mail ? { mail } : {}),
  });
}

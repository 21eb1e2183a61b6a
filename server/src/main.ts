/** The only module with side effects at import: reads config, opens services, listens. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { systemClock } from './clock.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { loadOrCreateSecret } from './secret.ts';
import { migrate } from './store/migrate.ts';
import { openStore } from './store/open-store.ts';
import { serviceKeyVerifier } from './admin/service-keys.ts';
import { openFileStore } from './storage/open-file-store.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

let config: Config;
try {
  config = loadConfig(process.env, { webDir: path.resolve(here, '../../web/dist') });
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`Configuration error: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const logger = pino({ level: config.logLevel });
fs.mkdirSync(config.dataDir, { recursive: true });
const store = await openStore({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(store);
const jwtSecret = loadOrCreateSecret(config.dataDir, process.env.JWT_SECRET);
// With REDIS_URL, realtime messages, history and presence are shared by every process on that Redis.
// Optional services' client libraries load only when configured, which keeps idle memory low.
const bus = config.redisUrl
  ? (await import('./realtime/redis-bus.ts')).createRedisBus({
      url: config.redisUrl,
      keyPrefix: `scout:rt:${config.projectId}:`,
      logger,
    })
  : undefined;
// Without SMTP_URL, buildApp keeps mail in the outbox under DATA_DIR.
const mail = config.smtpUrl
  ? (await import('./mail/smtp.ts')).createSmtpMailer({
      url: config.smtpUrl,
      from: config.mailFrom,
    })
  : undefined;
const files = await openFileStore(config);
const app = await buildApp({
  config,
  store,
  jwtSecret,
  clock: systemClock,
  logger,
  serviceKeys: serviceKeyVerifier(store),
  bus,
  mail,
  files,
});

const shutdown = async (signal: string) => {
  logger.info({ signal }, 'shutting down');
  await app.close();
  await bus?.close();
  await store.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
logger.info(
  { url: config.publicUrl, dataDir: path.resolve(config.dataDir), store: store.dialect },
  'Scout Leadership Platform is running',
);

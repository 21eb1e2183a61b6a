/** The only module with side effects at import: reads config, opens services, listens. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { offerFirstAdminSetup } from './auth/first-admin.ts';
import { removeSetupLinkFile, writeSetupLinkFile } from './auth/setup-link-file.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openLogger } from './logger.ts';
import { stopOnSignals } from './shutdown.ts';
import { openDeps } from './wiring.ts';

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

// The providers' keys never reach a log line, in whatever form a provider echoed them.
const logger = openLogger(
  config.logLevel,
  1,
  Object.values(config.ai.providers).map((p) => p?.apiKey),
);
fs.mkdirSync(config.dataDir, { recursive: true });
const deps = await openDeps(config, logger);
const { store, bus } = deps;
const app = await buildApp(deps);

stopOnSignals(app, app.log, [bus, store]);

await app.listen({ port: config.port, host: config.host });
logger.info(
  { url: config.publicUrl, dataDir: path.resolve(config.dataDir), store: store.dialect },
  'Scout Leadership Platform is running',
);

// A troop with no admin yet: the person at the console makes the first one in the browser.
// The link is a secret: it waits in a file only the server's user can read, and the log names
// the file (auth/setup-link-file.ts).
const setupUrl = await offerFirstAdminSetup(deps);
if (setupUrl)
  logger.warn(
    { setupLinkFile: writeSetupLinkFile(config.dataDir, setupUrl) },
    'No admin yet: open the one-time link in setupLinkFile within an hour to create the first admin (or use npm run admin -- create-user)',
  );
else removeSetupLinkFile(config.dataDir);

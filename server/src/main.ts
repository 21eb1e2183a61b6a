/** The only module with side effects at import: reads config, opens services, listens. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMainThread } from 'node:worker_threads';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { runJobThread, startJobThread } from './job-thread.ts';
import { openLogger } from './logger.ts';
import { stopOnSignals } from './shutdown.ts';
import { openDeps } from './wiring.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// This module is also the job thread's entry (job-thread.ts): off the main thread it runs the
// job worker alone, and loads no more than the jobs need (the app and its routes are imported
// by serve).
if (isMainThread) await serve();
else await runJobThread(process.env);

async function serve() {
  const { buildApp } = await import('./app.ts');
  const { offerFirstAdminSetup } = await import('./auth/first-admin.ts');
  const { removeSetupLinkFile, writeSetupLinkFile } = await import('./auth/setup-link-file.ts');
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
  // With JOBS_THREAD the job worker runs on a thread of its own (job-thread.ts), and the app's
  // worker does not poll.
  const jobThread =
    config.jobs.thread && config.jobs.pollMs > 0
      ? await startJobThread(new URL(import.meta.url), logger)
      : undefined;
  const app = await buildApp(
    jobThread ? { ...deps, config: { ...config, jobs: { ...config.jobs, pollMs: 0 } } } : deps,
  );

  stopOnSignals(app, app.log, [jobThread, bus, store]);

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
}

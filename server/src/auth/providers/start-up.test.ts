/**
 * The real server process with providers configured: a broken setting stops the start with one
 * line naming it; a provider out of reach does not keep the server from starting, because its
 * discovery waits for the first sign-in with it.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, serverOptions, startServer } from '../../../test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

describe('starting the server with sign-in providers', () => {
  it('stops at once with one line naming a missing setting', () => {
    const { dataDir } = serverOptions();
    try {
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'server/src/main.ts')],
        {
          cwd: root,
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            PORT: '0',
            AUTH_PROVIDERS: 'google,council-login',
            AUTH_GOOGLE_CLIENT_ID: 'id',
            AUTH_GOOGLE_CLIENT_SECRET: 'secret',
            AUTH_COUNCIL_LOGIN_CLIENT_ID: 'id',
            AUTH_COUNCIL_LOGIN_ISSUER: 'https://login.council.example',
          },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(run.status).toBe(1);
      expect(run.stderr.trim()).toBe(
        'Configuration error: AUTH_COUNCIL_LOGIN_CLIENT_SECRET is required for the provider "council-login"',
      );
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('starts and answers while a configured provider cannot be reached', async () => {
    const options = serverOptions({
      env: {
        AUTH_PROVIDERS: 'council-login',
        AUTH_COUNCIL_LOGIN_CLIENT_ID: 'id',
        AUTH_COUNCIL_LOGIN_CLIENT_SECRET: 'secret',
        // Nothing listens on port 9 of loopback.
        AUTH_COUNCIL_LOGIN_ISSUER: 'http://127.0.0.1:9',
        AUTH_ALLOW_INSECURE_ISSUER: '1',
      },
    });
    const server = await startServer({ ...options, port: await freePort() });
    try {
      const providers = await fetch(`${server.baseUrl}/api/auth/providers`);
      expect(await providers.json()).toEqual({ providers: ['email', 'council-login'] });
    } finally {
      await server.stop();
      fs.rmSync(options.dataDir, { recursive: true, force: true });
    }
  });
});

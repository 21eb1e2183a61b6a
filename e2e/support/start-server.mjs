// Starts the real server for the browser journeys on a fresh data folder, so every run begins
// with no accounts. The SPA and the server must already be built (npm run test:e2e builds them).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { councilLogin } from './council-login.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-e2e-'));
const env = {
  ...process.env,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADDRESS_RATE_LIMIT_SCALE: '20',
};
// The troop's own login (support/identity-provider.ts), as an operator would configure it.
if (process.env.E2E_OIDC_ISSUER) {
  Object.assign(env, {
    AUTH_PROVIDERS: councilLogin.name,
    AUTH_COUNCIL_LOGIN_CLIENT_ID: councilLogin.clientId,
    AUTH_COUNCIL_LOGIN_CLIENT_SECRET: councilLogin.clientSecret,
    AUTH_COUNCIL_LOGIN_ISSUER: process.env.E2E_OIDC_ISSUER,
    AUTH_ALLOW_INSECURE_ISSUER: '1',
  });
}
// The AI provider simulation (support/ai-provider.ts), as an operator points AI_BASE_URL at one.
if (process.env.E2E_AI_BASE_URL) {
  Object.assign(env, { AI_BASE_URL: process.env.E2E_AI_BASE_URL, AI_API_KEY: 'sk-e2e-simulated' });
}

// The troop's first admin, made the way an operator makes one (support/accounts.ts: admin).
const admin = spawnSync(
  process.execPath,
  [
    'server/dist/admin.js',
    'create-user',
    '--email',
    'admin@troop214.example',
    '--password',
    '-',
    '--role',
    'admin',
    '--name',
    'Pat Admin',
  ],
  { cwd: root, env, input: 'council-admin-2026\n', encoding: 'utf8' },
);
if (admin.status !== 0) {
  console.error(admin.stderr || admin.stdout);
  process.exit(1);
}
// The compiled server, as `npm start` runs it (npm run test:e2e builds it first).
const child = spawn(process.execPath, ['server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});
const stop = () => {
  child.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};
process.on('SIGTERM', () => {
  stop();
  process.exit(0);
});
process.on('SIGINT', () => {
  stop();
  process.exit(0);
});
child.on('exit', (code) => process.exit(code ?? 0));

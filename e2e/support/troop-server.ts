/**
 * A server of its own for a journey that needs settings the shared one does not have (a
 * joining policy, no admin yet), on a fresh data folder, serving the built web app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';
import {
  freePort,
  serverOptions,
  startServer,
  type RunningServer,
} from '../../server/test/server-process.ts';
import { setupLinkPath } from '../../server/src/auth/setup-link-file.ts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

export interface TroopServer {
  server: RunningServer;
  baseUrl: string;
  /** The project id its API paths name. */
  projectId: string;
  /** The setup link the server left in its data folder, while it has no admin. */
  setupLink(): Promise<string>;
  stop(): Promise<void>;
}

export async function startTroopServer(
  env: Record<string, string> = {},
  { projectId }: { projectId?: string } = {},
): Promise<TroopServer> {
  const opts = serverOptions(projectId ? { projectId } : {});
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = await startServer({
    ...opts,
    port,
    env: { WEB_DIR: webDir, PUBLIC_URL: baseUrl, ...env },
  });
  const linkFile = setupLinkPath(opts.dataDir);
  const printed = () => (fs.existsSync(linkFile) ? fs.readFileSync(linkFile, 'utf8').trim() : '');
  return {
    server,
    baseUrl,
    projectId: opts.projectId,
    async setupLink() {
      await expect.poll(printed).toBeTruthy();
      return printed() ?? '';
    },
    async stop() {
      await server.stop();
      fs.rmSync(opts.dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes the troop's first admin through its setup link, as the person at the console would;
 * answers the admin's session (access token and user).
 */
export async function firstAdmin(
  troop: TroopServer,
  email: string,
  password: string,
): Promise<{ access_token: string; user: { id: string; email: string } }> {
  const token = new URL(await troop.setupLink()).searchParams.get('setup');
  const res = await fetch(`${troop.baseUrl}/api/auth/setup/admin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, email, password, displayName: 'Pat Leader' }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as { access_token: string; user: { id: string; email: string } };
}

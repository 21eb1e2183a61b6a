/**
 * The real server process and ROLES_FILE: a file that cannot be used stops the start (exit 1)
 * with one line naming the problem; a good one is the configuration the server serves.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { freePort, serverOptions, startServer } from '../../test/server-process.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const CUSTOM = {
  defaultRole: 'member',
  roles: {
    admin: { permissions: ['*'] },
    leader: { permissions: ['events.*', 'members.read'], inherit: ['member'] },
    member: { permissions: [] },
  },
};

describe('starting the server with a roles file', () => {
  it.each([
    ['a missing file', null, /^Configuration error: ROLES_FILE \S+ could not be read: ENOENT/],
    [
      'a file that is not JSON',
      '{ "defaultRole": "user", roles: {} }',
      /^Configuration error: ROLES_FILE \S+ is not valid JSON: /,
    ],
    [
      'an inheritance cycle',
      JSON.stringify({
        defaultRole: 'user',
        roles: {
          user: { permissions: [], inherit: ['leader'] },
          leader: { permissions: [], inherit: ['user'] },
        },
      }),
      /^Configuration error: ROLES_FILE \S+: roles configuration: inheritance cycle user -> leader -> user$/,
    ],
  ])('stops with exit code 1 and one line for %s', (_, text, line) => {
    const { dataDir } = serverOptions();
    try {
      const rolesFile = path.join(dataDir, 'roles.json');
      if (text !== null) fs.writeFileSync(rolesFile, text);
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'server/src/main.ts')],
        {
          cwd: root,
          env: { ...process.env, DATA_DIR: dataDir, PORT: '0', ROLES_FILE: rolesFile },
          encoding: 'utf8',
          timeout: 30_000,
        },
      );
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(line);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('serves the configuration of a good file at /api/auth/roles', async () => {
    const options = serverOptions();
    const rolesFile = path.join(options.dataDir, 'roles.json');
    fs.writeFileSync(rolesFile, JSON.stringify(CUSTOM));
    const server = await startServer({
      ...options,
      port: await freePort(),
      env: { ROLES_FILE: rolesFile },
    });
    try {
      const res = await fetch(`${server.baseUrl}/api/auth/roles?projectId=${options.projectId}`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual(CUSTOM);
    } finally {
      await server.stop();
      fs.rmSync(options.dataDir, { recursive: true, force: true });
    }
  });
});

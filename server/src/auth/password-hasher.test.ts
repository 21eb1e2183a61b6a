import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ARGON2_OPTIONS, hashPassword, verifyPassword } from './passwords.ts';
import { hashOnPool, verifyOnPool } from './password-hasher.ts';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

describe('password hashing threads', () => {
  it('hash and verify round-trip, many at once, each with its own answer', async () => {
    const passwords = Array.from({ length: 8 }, (_, i) => `campfire-${i}-2026`);
    const hashes = await Promise.all(passwords.map((p) => hashPassword(p)));
    expect(new Set(hashes).size).toBe(8);
    const checks = await Promise.all(
      hashes.flatMap((h, i) => [
        verifyPassword(h, passwords[i] as string),
        verifyPassword(h, `${passwords[i]}x`),
      ]),
    );
    expect(checks).toEqual(hashes.flatMap(() => [true, false]));
  });

  it('reports a failure of one task without losing the thread', async () => {
    await expect(verifyOnPool('not a PHC string', 'x')).rejects.toThrow();
    expect(await verifyPassword('not a PHC string', 'x')).toBe(false);
    const h = await hashOnPool('still-works-2026', ARGON2_OPTIONS);
    expect(await verifyOnPool(h, 'still-works-2026')).toBe(true);
  });

  it('keeps a process alive while a hash runs and lets it exit when idle', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-hash-exit-'));
    const script = path.join(dir, 'hash-once.mts');
    fs.writeFileSync(
      script,
      `import { hashPassword } from ${JSON.stringify(path.join(serverDir, 'src/auth/passwords.ts'))};
const h = await hashPassword('exit-cleanly-2026');
console.log(h.startsWith('$argon2id$') ? 'hashed' : 'wrong');`,
    );
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: serverDir,
        encoding: 'utf8',
        timeout: 20_000,
      });
      expect(run.stdout.trim(), run.stderr).toBe('hashed');
      expect(run.status).toBe(0);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadOrCreateSecret } from './secret.ts';

describe('the signing key', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scout-secret-'));
    dirs.push(d);
    return d;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('is generated on first start, kept private in DATA_DIR and the same after a restart', () => {
    const dir = tempDir();
    const first = loadOrCreateSecret(dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, 'jwt-secret')).mode & 0o077).toBe(0);
    expect(Buffer.from(loadOrCreateSecret(dir)).equals(Buffer.from(first))).toBe(true);
  });

  it('differs between installations: nothing is baked into the code', () => {
    expect(
      Buffer.from(loadOrCreateSecret(tempDir())).equals(Buffer.from(loadOrCreateSecret(tempDir()))),
    ).toBe(false);
  });

  it('can come from JWT_SECRET so processes on several machines share it, and refuses a short one', () => {
    const key = Buffer.alloc(48, 7).toString('base64');
    expect(Buffer.from(loadOrCreateSecret(tempDir(), key)).equals(Buffer.alloc(48, 7))).toBe(true);
    expect(() => loadOrCreateSecret(tempDir(), Buffer.alloc(8).toString('base64'))).toThrow(
      /JWT_SECRET/,
    );
  });
});

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The JWT signing key: made on first start, kept in DATA_DIR (mode 0600), read on every start
 * after, so restarts keep sessions valid. Several processes on shared storage read one file;
 * JWT_SECRET (base64, at least 32 bytes) lets processes on different machines share a key.
 */
export function loadOrCreateSecret(dataDir: string, fromEnv?: string): Uint8Array {
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length < 32) throw new Error('JWT_SECRET must be at least 32 bytes, base64-encoded');
    return key;
  }
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length >= 32) return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const key = crypto.randomBytes(64);
  // 'wx' fails if another process created it first; then we read theirs.
  try {
    fs.writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    return key;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return loadOrCreateSecret(dataDir);
    throw err;
  }
}
